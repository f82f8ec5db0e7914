import { z } from 'zod';

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
