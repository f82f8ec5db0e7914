import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { Category, CategoryInput, CategoryListOptions, CategoryListPage } from '../../../shared/schemas/category.ts';
import type { Db } from '../../db/client.ts';
import { countRows, keepNothing, matchesSearch, type KeepUntilWrite } from '../../db/lists.ts';
import { categories, categorySearch, eventSeries, events } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { uniqueOr } from '../media/params.ts';
import { inTransaction } from '../users/user-guards.ts';

const CATEGORY_ORDERS: Record<CategoryListOptions['sort'], SQL[]> = {
  name: [sql`lower(${categories.name})`],
  'name-desc': [sql`lower(${categories.name}) desc`],
};

/** A page of categories, each with how many events use it (one count of every event, kept until a write). */
async function selectCategories(
  db: Db,
  where: SQL | undefined,
  options: Pick<CategoryListOptions, 'sort' | 'limit' | 'offset'>,
  keep: KeepUntilWrite = keepNothing,
): Promise<Category[]> {
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(where)
    .orderBy(...CATEGORY_ORDERS[options.sort])
    .limit(options.limit)
    .offset(options.offset);
  if (!rows.length) return [];
  const used = await keep('category-uses', () =>
    db.select({ id: events.categoryId, n: count() }).from(events).groupBy(events.categoryId),
  );
  const counts = new Map(used.map((u) => [u.id, u.n]));
  return rows.map((r) => ({ ...r, event_count: counts.get(r.id) ?? 0 }));
}

/** GET /api/categories: one page by name, searched in the database, with the total. */
export async function listCategories(
  db: Db,
  options: CategoryListOptions,
  keep: KeepUntilWrite = keepNothing,
): Promise<CategoryListPage> {
  const where = matchesSearch(categorySearch(categories), options.q);
  const [data, [counts = { total: 0 }]] = await Promise.all([
    selectCategories(db, where, options, keep),
    db.select({ total: countRows() }).from(categories),
  ]);
  const total = where ? ((await db.select({ n: countRows() }).from(categories).where(where))[0]?.n ?? 0) : counts.total;
  return { data, total, limit: options.limit, offset: options.offset, counts };
}

async function assertNameFree(db: Db, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`lower(${categories.name}) = lower(${name})`);
  if (row && row.id !== exceptId) throw conflict(`A category named "${name}" already exists.`);
}

/** One category with its event count, or undefined. */
export async function getCategory(db: Db, id: number): Promise<Category | undefined> {
  const [found] = await selectCategories(db, eq(categories.id, id), { sort: 'name', limit: 1, offset: 0 });
  return found;
}

async function withCount(db: Db, id: number): Promise<Category> {
  const found = await getCategory(db, id);
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

/**
 * Deletes a category. One in use is refused, unless `moveTo` names another category: then its
 * events move there and the category goes, in one transaction (issue 31), so no event is ever
 * left without one. Returns how many events moved, and where.
 */
export async function deleteCategory(db: Db, id: number, moveTo?: number): Promise<{ moved: number; movedTo?: string }> {
  if (moveTo === id) {
    const message = 'Choose another category to move the events to.';
    throw badRequest(message, { fields: { moveTo: message } });
  }
  return inTransaction(db, async (tx) => {
    const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).for('update');
    if (!row) throw notFound('The category');
    let movedTo: string | undefined;
    let moved = 0;
    if (moveTo !== undefined) {
      const [target] = await tx.select({ name: categories.name }).from(categories).where(eq(categories.id, moveTo));
      if (!target) {
        const message = 'The category to move the events to no longer exists: choose another.';
        throw badRequest(message, { fields: { moveTo: message } });
      }
      movedTo = target.name;
      moved = (await tx.update(events).set({ categoryId: moveTo }).where(eq(events.categoryId, id)).returning({ id: events.id }))
        .length;
      // A repeating event's series too (issue 34): its next sync would put its dates back in this category.
      await tx.update(eventSeries).set({ categoryId: moveTo }).where(eq(eventSeries.categoryId, id));
    }
    const [used] = await tx.select({ n: count() }).from(events).where(eq(events.categoryId, id));
    const n = used?.n ?? 0;
    if (n > 0) {
      throw conflict(
        `This category is used by ${n} event${n === 1 ? '' : 's'}. Move ${n === 1 ? 'it' : 'them'} to another category first.`,
        { eventCount: n },
      );
    }
    // A repeating event whose dates are all cancelled or past still names it (issue 34).
    const [series] = await tx.select({ n: count() }).from(eventSeries).where(eq(eventSeries.categoryId, id));
    if ((series?.n ?? 0) > 0) {
      throw conflict('A repeating event with no dates left still uses this category. Move it to another category first.', {
        eventCount: 0,
      });
    }
    await tx.delete(categories).where(eq(categories.id, id));
    return { moved, movedTo };
  });
}
