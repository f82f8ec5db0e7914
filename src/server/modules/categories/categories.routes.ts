import type { FastifyInstance } from 'fastify';
import { CategoryDeleteQuerySchema, CategoryInputSchema, CategoryListQuerySchema } from '../../../shared/schemas/category.ts';
import { audit, changedFields, whoOf } from '../audit/audit.service.ts';
import { idParam } from '../media/params.ts';
import { keptUntilWrite } from '../../db/lists.ts';
import { createCategory, deleteCategory, getCategory, listCategories, updateCategory } from './categories.service.ts';

type IdParams = { Params: { id: string } };

export default async function categoriesRoutes(app: FastifyInstance) {
  const entity = 'category' as const;

  // How many events use each category is counted again only after a content write (the page cache's generation).
  const keep = keptUntilWrite(() => (app.hasDecorator('pageCache') ? app.pageCache.generation : undefined));
  app.get('/api/categories', async (request) => listCategories(app.db, CategoryListQuerySchema.parse(request.query), keep));

  app.post('/api/categories', { preHandler: app.requirePermission('settings', 'write') }, async (request, reply) => {
    const category = await createCategory(app.db, CategoryInputSchema.parse(request.body ?? {}));
    await audit(app.db, whoOf(request), { action: 'create', entity, entityId: category.id, title: category.name });
    return reply.code(201).send({ data: category });
  });

  app.put<IdParams>('/api/categories/:id', { preHandler: app.requirePermission('settings', 'write') }, async (request) => {
    const id = idParam(request.params.id, 'The category');
    const input = CategoryInputSchema.parse(request.body ?? {});
    const before = await getCategory(app.db, id);
    const category = await updateCategory(app.db, id, input);
    const changes = before ? changedFields(before, category) : [];
    await audit(app.db, whoOf(request), { action: 'update', entity, entityId: id, title: category.name, changes });
    return { data: category };
  });

  app.delete<IdParams>('/api/categories/:id', { preHandler: app.requirePermission('settings', 'delete') }, async (request) => {
    const id = idParam(request.params.id, 'The category');
    // ?moveTo={id}: the events using it move to that category first, in the same transaction.
    const { moveTo } = CategoryDeleteQuerySchema.parse(request.query ?? {});
    const before = await getCategory(app.db, id);
    const { moved, movedTo } = await deleteCategory(app.db, id, moveTo);
    const details = movedTo === undefined ? undefined : { movedEvents: moved, movedTo };
    await audit(app.db, whoOf(request), { action: 'delete', entity, entityId: id, title: before?.name, details });
    return moveTo === undefined ? { success: true } : { success: true, moved };
  });
}
