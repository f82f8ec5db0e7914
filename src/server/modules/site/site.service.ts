import { eq } from 'drizzle-orm';
import { DEFAULT_SCHOOL, SchoolProfileSchema, type SchoolProfile } from '../../../shared/schemas/school.ts';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

export const SCHOOL_KEY = 'school';

/** The school profile from settings, completed with the defaults for anything not set yet. */
export async function getSchoolProfile(db: Db): Promise<SchoolProfile> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SCHOOL_KEY));
  if (!row) return DEFAULT_SCHOOL;
  const parsed = SchoolProfileSchema.safeParse({ ...DEFAULT_SCHOOL, ...(row.value as object) });
  return parsed.success ? parsed.data : DEFAULT_SCHOOL;
}

export async function saveSchoolProfile(db: Db, profile: SchoolProfile): Promise<SchoolProfile> {
  const value = SchoolProfileSchema.parse(profile);
  await db
    .insert(settings)
    .values({ key: SCHOOL_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  return value;
}

/** When staff last changed the school profile (sitemap lastmod of the static pages). */
export async function schoolUpdatedAt(db: Db): Promise<string | null> {
  const [row] = await db.select({ updatedAt: settings.updatedAt }).from(settings).where(eq(settings.key, SCHOOL_KEY));
  return row?.updatedAt?.toISOString() ?? null;
}
