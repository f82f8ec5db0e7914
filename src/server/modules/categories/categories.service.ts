import { asc, count, eq, sql } from 'drizzle-orm';
import type { Category, CategoryInput } from '../../../shared/schemas/category.ts';
import type { Db } from '../../db/client.ts';
import { categories, events } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { uniqueOr } from '../media/params.ts';

export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, event_count: count(events.id) })
    .from(categories)
    .leftJoin(events, eq(events.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(sql`lower(${categories.name})`));
  return rows;
}

async function assertNameFree(db: Db, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`lower(${categories.name}) = lower(${name})`);
  if (row && row.id !== exceptId) throw conflict(`A category named "${name}" already exists.`);
}

async function withCount(db: Db, id: number): Promise<Category> {
  const found = (await listCategories(db)).find((c) => c.id === id);
  if (!found) throw notFound('The category');
  return found;
}

export async function createCategory(db: Db, input: CategoryInput): Promise<Category> {
  await assertNameFree(db, input.name);
  const [row] = await uniqueOr(
    () => db.insert(categories).values({ name: input.name }).returning({ id: categories.id }),
    () => conflict(`A category named "${input.name}" already exists.`),
  );
  return withCount(db, row!.id);
}

/** A rename shows on every event at once (events reference the category). */
export async function updateCategory(db: Db, id: number, input: CategoryInput): Promise<Category> {
  await assertNameFree(db, input.name, id);
  const [row] = await uniqueOr(
    () => db.update(categories).set({ name: input.name }).where(eq(categories.id, id)).returning({ id: categories.id }),
    () => conflict(`A category named "${input.name}" already exists.`),
  );
  if (!row) throw notFound('The category');
  return withCount(db, id);
}

export async function deleteCategory(db: Db, id: number): Promise<void> {
  const [used] = await db.select({ n: count() }).from(events).where(eq(events.categoryId, id));
  const n = used?.n ?? 0;
  if (n > 0) {
    throw conflict(
      `This category is used by ${n} event${n === 1 ? '' : 's'}. Move ${n === 1 ? 'it' : 'them'} to another category first.`,
      { eventCount: n },
    );
  }
  const [row] = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
  if (!row) throw notFound('The category');
}
