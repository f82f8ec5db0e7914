import type { FastifyInstance } from 'fastify';
import { RoleInputSchema, type Role } from '../../../shared/schemas/role.ts';
import { MODULES } from '../../../shared/permissions.ts';
import { audit, changedFields, whoOf } from '../audit/audit.service.ts';
import { idParam } from '../media/params.ts';
import { actorOf } from '../users/user-guards.ts';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './roles.service.ts';

type IdParams = { Params: { id: string } };

/** The fields and the modules (`permissions.blog`) an update changed. */
function roleChanges(before: Role, after: Role): string[] {
  const { permissions: a, ...restBefore } = before;
  const { permissions: b, ...restAfter } = after;
  const modules = MODULES.filter((m) => JSON.stringify(a[m]) !== JSON.stringify(b[m])).map((m) => `permissions.${m}`);
  return [...changedFields(restBefore, restAfter), ...modules];
}

/** SPEC §7 "Roles" (DESIGN §6: the users module). */
export default async function rolesRoutes(app: FastifyInstance) {
  const entity = 'role' as const;

  app.get('/api/roles/get', { preHandler: app.requirePermission('users', 'read') }, async () => listRoles(app.db));

  app.get<IdParams>('/api/roles/get/:id', { preHandler: app.requirePermission('users', 'read') }, async (request) => ({
    data: await getRole(app.db, idParam(request.params.id, 'The role')),
  }));

  app.post('/api/roles/create', { preHandler: app.requirePermission('users', 'write') }, async (request, reply) => {
    const role = await createRole(app.db, RoleInputSchema.parse(request.body ?? {}), await actorOf(request));
    await audit(app.db, whoOf(request), { action: 'create', entity, entityId: role.id, title: role.displayName });
    return reply.code(201).send({ message: 'Added Roles successfully', data: role });
  });

  app.put<IdParams>('/api/roles/update/:id', { preHandler: app.requirePermission('users', 'write') }, async (request) => {
    const id = idParam(request.params.id, 'The role');
    const input = RoleInputSchema.parse(request.body ?? {});
    const before = await getRole(app.db, id);
    const role = await updateRole(app.db, id, input, await actorOf(request));
    await audit(app.db, whoOf(request), {
      action: 'update',
      entity,
      entityId: id,
      title: role.displayName,
      changes: roleChanges(before, role),
    });
    return { message: 'Roles updated successfully', data: role };
  });

  app.delete<IdParams>('/api/roles/delete/:id', { preHandler: app.requirePermission('users', 'delete') }, async (request) => {
    const id = idParam(request.params.id, 'The role');
    const before = await getRole(app.db, id);
    await deleteRole(app.db, id, await actorOf(request));
    await audit(app.db, whoOf(request), { action: 'delete', entity, entityId: id, title: before.displayName });
    return { message: 'Roles deleted successfully' };
  });
}
