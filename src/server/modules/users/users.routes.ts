import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AdminPasswordSchema,
  UserCreateSchema,
  UserListQuerySchema,
  UserPermissionsSchema,
  UserRoleSchema,
  UserUpdateSchema,
  type PermissionEntry,
  type PublicUser,
  type UserUpdate,
} from '../../../shared/schemas/user.ts';
import { audit, whoOf } from '../audit/audit.service.ts';
import { idParam } from '../media/params.ts';
import { actorOf, assertMayManageUser, assertNotSelf, targetUser } from './user-guards.ts';
import { findUser, listUsers } from './user-rows.ts';
import { setUserPermissions, setUserRole, userPermissionsView } from './user-permissions.service.ts';
import { createStaffUser, deleteStaffUser, setStaffPassword, updateStaffUser } from './users.service.ts';
import { removeTwoFactor } from '../two-factor/two-factor.service.ts';
import { revokeUserSessions } from '../auth/sessions.service.ts';
import { conflict, forbidden } from '../../errors.ts';
import { builtInRolesNotice, dismissBuiltInRolesNotice } from './roles-notice.ts';

type IdParams = { Params: { id: string } };

const userId = (request: FastifyRequest<IdParams>) => idParam(request.params.id, 'The user');

/** The names of the fields an update changed (the audit log keeps names, never values). */
function userChanges(before: PublicUser | null, input: UserUpdate): string[] {
  const fields = (['username', 'email', 'firstName', 'lastName', 'status', 'roleId'] as const).filter(
    (f) => input[f] !== undefined && before && input[f] !== before[f],
  );
  return input.password ? [...fields, 'password'] : fields;
}

/** The modules whose switches differ. */
const changedModules = (before: PermissionEntry[], after: PermissionEntry[]) =>
  after.filter((p, i) => JSON.stringify(p) !== JSON.stringify(before[i])).map((p) => p.module);

/** SPEC §7 "Session and users": staff accounts, their roles and own permissions (DESIGN §6: the users module). */
export default async function usersRoutes(app: FastifyInstance) {
  const read = { preHandler: app.requirePermission('users', 'read') };
  const write = { preHandler: app.requirePermission('users', 'write') };
  const remove = { preHandler: app.requirePermission('users', 'delete') };
  const entity = 'user' as const;

  app.get('/api/auth/users', read, async (request) => listUsers(app.db, UserListQuerySchema.parse(request.query)));

  // There is no public sign-up: /register creates a staff account exactly as /users/create does.
  for (const url of ['/api/users/create', '/api/register']) {
    app.post(url, write, async (request, reply) => {
      const user = await createStaffUser(app.db, UserCreateSchema.parse(request.body ?? {}), await actorOf(request));
      await audit(app.db, whoOf(request), { action: 'create', entity, entityId: user.id, title: user.username });
      return reply.code(201).send({ message: 'Added user successfully', data: user });
    });
  }

  app.put<IdParams>('/api/users/update/:id', write, async (request) => {
    const id = userId(request);
    const input = UserUpdateSchema.parse(request.body ?? {});
    const before = await findUser(app.db, id);
    const user = await updateStaffUser(app.db, id, input, await actorOf(request));
    await audit(app.db, whoOf(request), {
      action: 'update',
      entity,
      entityId: id,
      title: user.username,
      changes: userChanges(before, input),
    });
    return { message: 'User updated successfully', data: user };
  });

  const changePassword = async (request: FastifyRequest<IdParams>) => {
    const id = userId(request);
    const { newPassword } = AdminPasswordSchema.parse(request.body ?? {});
    await setStaffPassword(app.db, id, newPassword, await actorOf(request));
    await audit(app.db, whoOf(request), {
      action: 'password-change',
      entity,
      entityId: id,
      title: (await findUser(app.db, id))?.username,
    });
    return { message: 'User password updated successfully' };
  };
  app.put<IdParams>('/api/users/password/:id', write, changePassword);
  app.post<IdParams>('/api/admin/user/:id/change-password', write, changePassword);

  app.put<IdParams>('/api/users/role/:id', write, async (request) => {
    const id = userId(request);
    const { roleId } = UserRoleSchema.parse(request.body ?? {});
    const { user, ...permissions } = await setUserRole(app.db, id, roleId, await actorOf(request));
    await audit(app.db, whoOf(request), {
      action: 'role-change',
      entity,
      entityId: id,
      title: user.username,
      details: { role: user.roleName ?? 'unassigned' },
    });
    return { message: 'User role updated successfully', data: user, ...permissions };
  });

  app.get<IdParams>('/api/users/permission/:id', read, async (request) => ({
    message: 'User permission fetched successfully',
    ...(await userPermissionsView(app.db, userId(request))),
  }));

  app.put<IdParams>('/api/users/permission/:id', write, async (request) => {
    const id = userId(request);
    const input = UserPermissionsSchema.parse(request.body ?? {});
    const before = await userPermissionsView(app.db, id);
    const view = await setUserPermissions(app.db, id, input, await actorOf(request));
    const changes = changedModules(before.permissions, view.permissions);
    const title = (await findUser(app.db, id))?.username;
    await audit(app.db, whoOf(request), { action: 'permissions-change', entity, entityId: id, title, changes });
    return { message: 'User permission updated successfully', ...view };
  });

  app.delete<IdParams>('/api/users/:id', remove, async (request) => {
    const id = userId(request);
    const before = await findUser(app.db, id);
    await deleteStaffUser(app.db, id, await actorOf(request));
    await audit(app.db, whoOf(request), { action: 'delete', entity, entityId: id, title: before?.username });
    return { message: 'User deleted successfully' };
  });

  // A lost phone: the user signs in with their password alone, and is led to set up again where required.
  app.post<IdParams>('/api/users/:id/two-factor/reset', write, async (request) => {
    const id = userId(request);
    await assertMayManageUser(app.db, await actorOf(request), await targetUser(app.db, id));
    if (!(await removeTwoFactor(app.db, id))) throw conflict('This user does not use two-factor sign-in.');
    // Issue 29: whoever holds the lost phone and the password is signed out as well.
    const ended = await revokeUserSessions(app.db, id);
    await audit(app.db, whoOf(request), {
      action: '2fa-reset',
      entity,
      entityId: id,
      title: (await findUser(app.db, id))?.username,
      details: { sessionsEnded: ended },
    });
    return { message: 'Two-factor sign-in was reset and their sessions were ended.', ended };
  });

  app.post<IdParams>('/api/users/:id/sessions/end', write, async (request) => {
    const id = userId(request);
    const actor = await actorOf(request);
    assertNotSelf(actor, id, 'To end your own other sessions, use Account security.');
    await assertMayManageUser(app.db, actor, await targetUser(app.db, id));
    const ended = await revokeUserSessions(app.db, id);
    await audit(app.db, whoOf(request), {
      action: 'session-end',
      entity,
      entityId: id,
      title: (await findUser(app.db, id))?.username,
      details: { ended, which: 'all' },
    });
    return { message: ended === 1 ? '1 session was ended.' : `${ended} sessions were ended.`, ended };
  });

  // Issue 29: told once to administrators, on the Users screen, after the built-in roles were narrowed.
  app.get('/api/users/built-in-roles-notice', read, async (request) => ({
    data: request.user!.roleName === 'admin' ? await builtInRolesNotice(app.db) : null,
  }));

  app.delete('/api/users/built-in-roles-notice', write, async (request) => {
    if (request.user!.roleName !== 'admin') throw forbidden('Only an administrator can dismiss this note.');
    await dismissBuiltInRolesNotice(app.db);
    return { message: 'Note dismissed.' };
  });
}
