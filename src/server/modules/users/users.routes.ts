import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AdminPasswordSchema,
  UserCreateSchema,
  UserListQuerySchema,
  UserPermissionsSchema,
  UserRoleSchema,
  UserUpdateSchema,
} from '../../../shared/schemas/user.ts';
import { idParam } from '../media/params.ts';
import type { Actor } from './user-guards.ts';
import { listUsers } from './user-rows.ts';
import { setUserPermissions, setUserRole, userPermissionsView } from './user-permissions.service.ts';
import { createStaffUser, deleteStaffUser, setStaffPassword, updateStaffUser } from './users.service.ts';

type IdParams = { Params: { id: string } };

const actorOf = (request: FastifyRequest): Actor => ({ id: request.user!.id, roleName: request.user!.roleName });
const userId = (request: FastifyRequest<IdParams>) => idParam(request.params.id, 'The user');

/** SPEC §7 "Session and users": staff accounts, their roles and own permissions (DESIGN §6: the users module). */
export default async function usersRoutes(app: FastifyInstance) {
  const read = { preHandler: app.requirePermission('users', 'read') };
  const write = { preHandler: app.requirePermission('users', 'write') };
  const remove = { preHandler: app.requirePermission('users', 'delete') };

  app.get('/api/auth/users', read, async (request) => listUsers(app.db, UserListQuerySchema.parse(request.query)));

  // There is no public sign-up: /register creates a staff account exactly as /users/create does.
  for (const url of ['/api/users/create', '/api/register']) {
    app.post(url, write, async (request, reply) => {
      const user = await createStaffUser(app.db, UserCreateSchema.parse(request.body ?? {}), actorOf(request));
      return reply.code(201).send({ message: 'Added user successfully', data: user });
    });
  }

  app.put<IdParams>('/api/users/update/:id', write, async (request) => {
    const id = userId(request);
    const user = await updateStaffUser(app.db, id, UserUpdateSchema.parse(request.body ?? {}), actorOf(request));
    return { message: 'User updated successfully', data: user };
  });

  const changePassword = async (request: FastifyRequest<IdParams>) => {
    const id = userId(request);
    const { newPassword } = AdminPasswordSchema.parse(request.body ?? {});
    await setStaffPassword(app.db, id, newPassword, actorOf(request));
    return { message: 'User password updated successfully' };
  };
  app.put<IdParams>('/api/users/password/:id', write, changePassword);
  app.post<IdParams>('/api/admin/user/:id/change-password', write, changePassword);

  app.put<IdParams>('/api/users/role/:id', write, async (request) => {
    const id = userId(request);
    const { roleId } = UserRoleSchema.parse(request.body ?? {});
    const { user, ...permissions } = await setUserRole(app.db, id, roleId, actorOf(request));
    return { message: 'User role updated successfully', data: user, ...permissions };
  });

  app.get<IdParams>('/api/users/permission/:id', read, async (request) => ({
    message: 'User permission fetched successfully',
    ...(await userPermissionsView(app.db, userId(request))),
  }));

  app.put<IdParams>('/api/users/permission/:id', write, async (request) => {
    const id = userId(request);
    const input = UserPermissionsSchema.parse(request.body ?? {});
    return {
      message: 'User permission updated successfully',
      ...(await setUserPermissions(app.db, id, input, actorOf(request))),
    };
  });

  app.delete<IdParams>('/api/users/:id', remove, async (request) => {
    await deleteStaffUser(app.db, userId(request), actorOf(request));
    return { message: 'User deleted successfully' };
  });
}
