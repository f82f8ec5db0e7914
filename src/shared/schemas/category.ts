import { z } from 'zod';
import { listQuerySchema, type ListPage } from './list-query.ts';

export const CategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** How many events use it (a category in use cannot be deleted). */
  event_count: z.number().int(),
});
export type Category = z.infer<typeof CategorySchema>;

export const CategoryInputSchema = z.object({
  name: z
    .string({ error: 'Category name is required.' })
    .trim()
    .min(1, 'Category name is required.')
    .max(60, 'Category names may be at most 60 characters.'),
});
export type CategoryInput = z.infer<typeof CategoryInputSchema>;

/** DELETE /api/categories/{id}?moveTo={id}: where the events using it go first (issue 31). */
export const CategoryDeleteQuerySchema = z.object({
  moveTo: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'Choose the category to move the events to.' })
      .int('Choose the category to move the events to.')
      .positive('Choose the category to move the events to.')
      .max(2_147_483_647, 'Choose the category to move the events to.')
      .optional(),
  ),
});

export const CATEGORY_SORTS = ['name', 'name-desc'] as const;

/** GET /api/categories: `?limit&offset&sort&q`. A school has a handful: the default page holds them all. */
export const CategoryListQuerySchema = listQuerySchema({ defaultLimit: 100, sorts: CATEGORY_SORTS, filters: {} });
export type CategoryListOptions = z.output<typeof CategoryListQuerySchema>;
/** What a screen asks for (the rest takes the schema's defaults). */
export type CategoryListQuery = Partial<CategoryListOptions>;
export type CategoryListPage = ListPage<Category, { total: number }>;
