import type { FastifyInstance } from 'fastify';
import { RoleInputSchema } from '../../../shared/schemas/role.ts';
import { idParam } from '../media/params.ts';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './roles.service.ts';

type IdParams = { Params: { id: string } };

/** SPEC §7 "Roles" (DESIGN §6: the users module). */
export default async function rolesRoutes(app: FastifyInstance) {
  app.get('/api/roles/get', { preHandler: app.requirePermission('users', 'read') }, async () => listRoles(app.db));

  app.get<IdParams>('/api/roles/get/:id', { preHandler: app.requirePermission('users', 'read') }, async (request) => ({
    data: await getRole(app.db, idParam(request.params.id, 'The role')),
  }));

  app.post('/api/roles/create', { preHandler: app.requirePermission('users', 'write') }, async (request, reply) => {
    const role = await createRole(app.db, RoleInputSchema.parse(request.body ?? {}), {
      id: request.user!.id,
      roleName: request.user!.roleName,
    });
    return reply.code(201).send({ message: 'Added Roles successfully', data: role });
  });

  app.put<IdParams>('/api/roles/update/:id', { preHandler: app.requirePermission('users', 'write') }, async (request) => {
    const id = idParam(request.params.id, 'The role');
    return {
      message: 'Roles updated successfully',
      data: await updateRole(app.db, id, RoleInputSchema.parse(request.body ?? {})),
    };
  });

  app.delete<IdParams>('/api/roles/delete/:id', { preHandler: app.requirePermission('users', 'delete') }, async (request) => {
    await deleteRole(app.db, idParam(request.params.id, 'The role'));
    return { message: 'Roles deleted successfully' };
  });
}
