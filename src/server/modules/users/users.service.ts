import { eq } from 'drizzle-orm';
import type { PublicUser, UserCreate, UserUpdate } from '../../../shared/schemas/user.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeUserSessions } from '../auth/sessions.service.ts';
import { assertNewPassword } from '../security/password-policy.ts';
import { isUniqueViolation } from '../media/params.ts';
import {
  assertMayManageUser,
  assertNotLastAdmin,
  assertNotSelf,
  assertNotSelfUnlessAdmin,
  assertUnique,
  chosenRole,
  EMAIL_TAKEN,
  inTransaction,
  lockAdministrators,
  targetUser,
  USERNAME_TAKEN,
  type Actor,
} from './user-guards.ts';
import { applyRole, assertRoleGrantable } from './user-permissions.service.ts';
import { findUser } from './user-rows.ts';

const OWN_PASSWORD = 'Use "Change password" to change your own password (it asks for the current one).';

function violatedConstraint(error: unknown): string | undefined {
  for (let e = error as { constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.constraint) return e.constraint;
  }
  return undefined;
}

/** A unique index refused the write (two saves at once): the same 409 the checks give. */
async function uniqueOr409<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const message = violatedConstraint(error)?.includes('email') ? EMAIL_TAKEN : USERNAME_TAKEN;
    throw conflict(message, { fields: { [message === EMAIL_TAKEN ? 'email' : 'username']: message } });
  }
}

/** A person's own names, which their password must not be built on. */
const personalWords = (p: { username: string; email: string; firstName: string; lastName: string }) => [
  p.username,
  p.email,
  p.firstName,
  p.lastName,
];

/** POST /users/create and POST /register. */
export async function createStaffUser(db: Db, input: UserCreate, actor: Actor): Promise<PublicUser> {
  const role = await chosenRole(db, input.roleId);
  await assertRoleGrantable(db, actor, role);
  await assertNewPassword(db, input.password, 'password', personalWords(input));
  const passwordHash = await hashPassword(input.password);
  const id = await uniqueOr409(() =>
    inTransaction(db, async (tx) => {
      await assertUnique(tx, input);
      const [row] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          status: input.status,
          roleId: role?.id ?? null,
          passwordHash,
          createdBy: actor.id,
        })
        .returning({ id: users.id });
      return row!.id;
    }),
  );
  return (await findUser(db, id))!;
}

/** PUT /users/update/{id}: details, status, and (when sent and different) the role and password. */
export async function updateStaffUser(db: Db, id: number, input: UserUpdate, actor: Actor): Promise<PublicUser> {
  if (input.password) assertNotSelf(actor, id, OWN_PASSWORD);
  if (input.password) await assertNewPassword(db, input.password, 'password', personalWords(input));
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  await uniqueOr409(() =>
    inTransaction(db, async (tx) => {
      await lockAdministrators(tx);
      const target = await targetUser(tx, id);
      const roleChanges = input.roleId !== undefined && input.roleId !== target.roleId;
      const role = roleChanges ? await chosenRole(tx, input.roleId!) : undefined;
      await assertMayManageUser(tx, actor, target, role?.name);
      const deactivates = input.status === 'inactive' && target.status === 'active';
      if (deactivates) {
        assertNotSelf(actor, id, 'You cannot deactivate your own account.');
        await assertNotLastAdmin(tx, target, 'deactivate');
      }
      if (roleChanges) {
        assertNotSelfUnlessAdmin(actor, id, 'You cannot change your own role: ask an administrator.');
        if (role) await assertRoleGrantable(tx, actor, role);
        if (role?.name !== 'admin') await assertNotLastAdmin(tx, target, 'demote');
      }
      await assertUnique(tx, input, id);
      await tx
        .update(users)
        .set({
          username: input.username,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          ...(input.status ? { status: input.status } : {}),
          ...(passwordHash ? { passwordHash, passwordChangedAt: new Date() } : {}),
        })
        .where(eq(users.id, id));
      if (roleChanges) await applyRole(tx, id, role ?? null);
      // DESIGN §5: a deactivated user, or one whose password an administrator set, is signed out everywhere.
      if (deactivates || passwordHash) await revokeUserSessions(tx, id);
    }),
  );
  return (await findUser(db, id))!;
}

/** PUT /users/password/{id} and POST /admin/user/{id}/change-password: ends the user's sessions. */
export async function setStaffPassword(db: Db, id: number, newPassword: string, actor: Actor): Promise<void> {
  assertNotSelf(actor, id, OWN_PASSWORD);
  const person = await findUser(db, id);
  if (!person) throw notFound('The user');
  await assertNewPassword(db, newPassword, 'newPassword', personalWords(person));
  const passwordHash = await hashPassword(newPassword);
  await inTransaction(db, async (tx) => {
    await assertMayManageUser(tx, actor, await targetUser(tx, id));
    await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, id));
    await revokeUserSessions(tx, id);
  });
}

/** DELETE /users/{id}: their sessions and own permission entries go with them. */
export async function deleteStaffUser(db: Db, id: number, actor: Actor): Promise<void> {
  assertNotSelf(actor, id, 'You cannot delete your own account.');
  await inTransaction(db, async (tx) => {
    await lockAdministrators(tx);
    const target = await targetUser(tx, id);
    await assertMayManageUser(tx, actor, target);
    await assertNotLastAdmin(tx, target, 'delete');
    await tx.delete(users).where(eq(users.id, id));
  });
}
