import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { ALL_OFF, MODULES, missingPermissions, permissionMap, type PermissionMap } from '../../../shared/permissions.ts';
import { roleIdentifier, type Role, type RoleInput } from '../../../shared/schemas/role.ts';
import type { Db } from '../../db/client.ts';
import { rolePermissions, roles } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { rowsToMap } from '../auth/permissions.service.ts';
import { uniqueOr } from '../media/params.ts';
import { assertGrantable, inTransaction, type Actor } from '../users/user-guards.ts';

const roleColumns = {
  id: roles.id,
  name: roles.name,
  displayName: roles.displayName,
  description: roles.description,
  isSystem: roles.isSystem,
  createdBy: roles.createdBy,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
  // Spelled out: inside a select list Drizzle leaves columns unqualified, and `id` would be the users'.
  userCount: sql<number>`(select count(*) from "users" as "u" where "u"."role_id" = "roles"."id")::int`,
};

/** Roles with their permissions (two queries, whatever the number of roles). */
async function readRoles(db: Db, where?: ReturnType<typeof eq>): Promise<Role[]> {
  const rows = await db.select(roleColumns).from(roles).where(where).orderBy(desc(roles.isSystem), asc(roles.id));
  if (rows.length === 0) return [];
  const permissions = await db
    .select()
    .from(rolePermissions)
    .where(
      inArray(
        rolePermissions.roleId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((row) => ({
    ...row,
    permissions: rowsToMap(permissions.filter((p) => p.roleId === row.id)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** §2 Role Management: system roles first, then custom ones as they were made; counters Total, Custom, System. */
export async function listRoles(db: Db) {
  const data = await readRoles(db);
  const system = data.filter((r) => r.isSystem).length;
  return { data, total: data.length, counts: { total: data.length, custom: data.length - system, system } };
}

export async function getRole(db: Db, id: number): Promise<Role> {
  const [role] = await readRoles(db, eq(roles.id, id));
  if (!role) throw notFound('The role');
  return role;
}

const nameTaken = (name: string) =>
  conflict(`A role named ${name} already exists`, { fields: { name: `A role named ${name} already exists` } });

async function assertNameFree(tx: Db, name: string, exceptId?: number) {
  const [other] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.name, name), exceptId ? ne(roles.id, exceptId) : undefined));
  if (other) throw nameTaken(name);
}

const displayNameTaken = (displayName: string) => {
  const message = `A role called “${displayName}” already exists: choose another name.`;
  return conflict(message, { fields: { displayName: message } });
};

/**
 * The identifier of a new role: the one given, else one derived from the display name (issue 31),
 * made unique with a number (class_teacher_2) when another role has it. A display name another
 * role already has is refused: two roles both called "Teacher" could not be told apart.
 */
async function newRoleName(tx: Db, input: RoleInput): Promise<string> {
  if (input.name) {
    await assertNameFree(tx, input.name);
    return input.name;
  }
  const existing = await tx.select({ name: roles.name, displayName: roles.displayName }).from(roles);
  const wanted = input.displayName.toLocaleLowerCase();
  if (existing.some((r) => r.displayName.toLocaleLowerCase() === wanted)) throw displayNameTaken(input.displayName);
  const taken = new Set(existing.map((r) => r.name));
  const base = roleIdentifier(input.displayName);
  for (let n = 2, name = base; ; name = `${base.slice(0, 50 - String(n).length - 1)}_${n++}`) {
    if (!taken.has(name)) return name;
  }
}

/** Modules the form left out are off. */
const fullMap = (input: RoleInput['permissions']): PermissionMap => permissionMap((m) => ({ ...ALL_OFF, ...input[m] }));

async function storePermissions(tx: Db, roleId: number, map: PermissionMap) {
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  await tx.insert(rolePermissions).values(
    MODULES.map((module) => ({
      roleId,
      module,
      canRead: map[module].read,
      canWrite: map[module].write,
      canDelete: map[module].delete,
    })),
  );
}

/**
 * Issue 29: only an administrator changes a system role; nobody else changes the role they hold,
 * nor one that holds a permission they lack (the form's set is checked by assertGrantable).
 */
function assertMayChangeRole(actor: Actor, role: { id: number; isSystem: boolean; permissions: PermissionMap }) {
  if (actor.roleName === 'admin') return;
  if (role.isSystem) throw forbidden('Only an administrator can change the built-in roles.');
  if (role.id === actor.roleId) throw forbidden('You cannot change the role you hold: ask an administrator.');
  const missing = missingPermissions(actor.permissions, role.permissions);
  if (missing.length > 0) {
    throw forbidden(`This role holds permissions you do not (${missing.join(', ')}): ask an administrator.`);
  }
}

/** POST /roles/create: a custom role and its permissions, in one transaction. */
export async function createRole(db: Db, input: RoleInput, actor: Actor): Promise<Role> {
  assertGrantable(actor, fullMap(input.permissions));
  const id = await uniqueOr(
    () =>
      inTransaction(db, async (tx) => {
        const name = await newRoleName(tx, input);
        const [row] = await tx
          .insert(roles)
          .values({
            name,
            displayName: input.displayName,
            description: input.description,
            isSystem: false,
            createdBy: actor.id,
          })
          .returning({ id: roles.id });
        await storePermissions(tx, row!.id, fullMap(input.permissions));
        return row!.id;
      }),
    () => (input.name ? nameTaken(input.name) : displayNameTaken(input.displayName)),
  );
  return getRole(db, id);
}

/**
 * PUT /roles/update/{id}. A system role keeps its name and its locked permissions (§5): only its
 * display name and description change.
 */
export async function updateRole(db: Db, id: number, input: RoleInput, actor: Actor): Promise<Role> {
  await uniqueOr(
    () =>
      inTransaction(db, async (tx) => {
        const [role] = await readRoles(tx, eq(roles.id, id));
        if (!role) throw notFound('The role');
        assertMayChangeRole(actor, role);
        if (!role.isSystem) assertGrantable(actor, fullMap(input.permissions));
        // Left out, the identifier stays: users and the audit log know the role by it.
        const name = input.name ?? role.name;
        if (role.isSystem && name !== role.name) {
          throw badRequest('System roles cannot be renamed', { fields: { name: 'System roles cannot be renamed' } });
        }
        await assertNameFree(tx, name, id);
        await tx
          .update(roles)
          .set({ name, displayName: input.displayName, description: input.description })
          .where(eq(roles.id, id));
        if (!role.isSystem) await storePermissions(tx, id, fullMap(input.permissions));
      }),
    () => nameTaken(input.name ?? 'this'),
  );
  return getRole(db, id);
}

/** DELETE /roles/delete/{id}: never a system role, never a role that users still have. */
export async function deleteRole(db: Db, id: number, actor: Actor): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [role] = await tx.select(roleColumns).from(roles).where(eq(roles.id, id)).for('update');
    if (!role) throw notFound('The role');
    if (role.isSystem) throw conflict('System roles cannot be deleted', { title: 'Cannot Delete' });
    assertMayChangeRole(actor, (await readRoles(tx, eq(roles.id, id)))[0]!);
    if (role.userCount > 0) {
      const who = role.userCount === 1 ? '1 user has' : `${role.userCount} users have`;
      throw conflict(`${who} this role: give them another role first`, { title: 'Cannot Delete', userCount: role.userCount });
    }
    await tx.delete(roles).where(eq(roles.id, id));
  });
}
