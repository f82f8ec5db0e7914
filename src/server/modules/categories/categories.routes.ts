import type { FastifyInstance } from 'fastify';
import { CategoryInputSchema, CategoryListQuerySchema } from '../../../shared/schemas/category.ts';
import { idParam } from '../media/params.ts';
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories.service.ts';

type IdParams = { Params: { id: string } };

export default async function categoriesRoutes(app: FastifyInstance) {
  app.get('/api/categories', async (request) => listCategories(app.db, CategoryListQuerySchema.parse(request.query)));

  app.post('/api/categories', { preHandler: app.requirePermission('settings', 'write') }, async (request, reply) => {
    const category = await createCategory(app.db, CategoryInputSchema.parse(request.body ?? {}));
    return reply.code(201).send({ data: category });
  });

  app.put<IdParams>('/api/categories/:id', { preHandler: app.requirePermission('settings', 'write') }, async (request) => {
    const id = idParam(request.params.id, 'The category');
    return { data: await updateCategory(app.db, id, CategoryInputSchema.parse(request.body ?? {})) };
  });

  app.delete<IdParams>('/api/categories/:id', { preHandler: app.requirePermission('settings', 'delete') }, async (request) => {
    await deleteCategory(app.db, idParam(request.params.id, 'The category'));
    return { success: true };
  });
}
