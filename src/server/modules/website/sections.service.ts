import { isDeepStrictEqual } from 'node:util';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SECTION_SCHEMAS, type ProgramsContent, type SiteContent } from '../../../shared/schemas/site-content.ts';
import { SECTION_KEYS, SECTION_TITLES, SITE_DEFAULTS, type SectionKey } from '../../../shared/schemas/site-content-defaults.ts';
import type { SectionChange, SectionDocument, SectionSummary, Version } from '../../../shared/schemas/site-sections.ts';
import type { Db } from '../../db/client.ts';
import { siteSections, users } from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../errors.ts';
import { keepProgrammesInUse } from '../admissions/programmes.ts';
import { SAMPLE_SECTIONS } from '../sample/sample-site-content.ts';
import { getVersion, keepVersion, sectionSubject } from './versions.ts';

/*
 * The school's words on each public page (issue 30). A section's row holds what parents read
 * (`published`, null: the default text) and what staff saved and not yet published (`draft`).
 * Publishing moves the draft over and keeps the replaced content as a version (versions.ts).
 */

/** `home`, `about`, ...; anything else is a 400 naming the section. */
export function sectionKeyOf(value: unknown): SectionKey {
  if (typeof value === 'string' && (SECTION_KEYS as readonly string[]).includes(value)) return value as SectionKey;
  throw badRequest(`There is no section "${String(value).slice(0, 40)}". Choose one of ${SECTION_KEYS.join(', ')}.`, {
    fields: { section: `Choose one of ${SECTION_KEYS.join(', ')}.` },
  });
}

/** "the Home page" */
export const pageName = (key: SectionKey) => `the ${SECTION_TITLES[key]} page`;

const publisher = alias(users, 'publisher');
const drafter = alias(users, 'drafter');

const rowsOf = (db: Db) =>
  db
    .select({ row: siteSections, publishedBy: publisher.username, draftBy: drafter.username })
    .from(siteSections)
    .leftJoin(publisher, eq(publisher.id, siteSections.publishedBy))
    .leftJoin(drafter, eq(drafter.id, siteSections.draftBy));
type Named = Awaited<ReturnType<typeof rowsOf>>[number];

/** Stored content read through its schema; a document that no longer fits (an older version's) is null. */
function parsed<K extends SectionKey>(key: K, value: unknown): SiteContent[K] | null {
  if (value == null) return null;
  const result = SECTION_SCHEMAS[key].safeParse(value);
  return result.success ? (result.data as SiteContent[K]) : null;
}

const iso = (at: Date | null | undefined) => at?.toISOString() ?? null;

/** The sample content's words, published by no one and unchanged since (issue 30: marked as sample). */
function isSampleText(key: SectionKey, row: Named['row'] | undefined, published: unknown): boolean {
  const sample = (SAMPLE_SECTIONS as Partial<Record<SectionKey, unknown>>)[key];
  return sample !== undefined && row?.publishedBy == null && isDeepStrictEqual(published, sample);
}

function summaryOf(key: SectionKey, named: Named | undefined): SectionSummary {
  const row = named?.row;
  const published = parsed(key, row?.published);
  const isDefault = published === null;
  return {
    key,
    title: SECTION_TITLES[key],
    state: isDefault ? 'default' : 'published',
    isDefault,
    isSample: !isDefault && isSampleText(key, row, published),
    hasDraft: parsed(key, row?.draft) !== null,
    publishedAt: isDefault ? null : iso(row?.publishedAt),
    publishedBy: isDefault ? null : (named?.publishedBy ?? null),
    draftAt: iso(row?.draftAt),
    draftBy: named?.draftBy ?? null,
  };
}

function documentOf<K extends SectionKey>(key: K, named: Named | undefined): SectionDocument<K> {
  const summary = summaryOf(key, named);
  const draft = parsed(key, named?.row.draft);
  return {
    ...summary,
    key,
    published: parsed(key, named?.row.published) ?? SITE_DEFAULTS[key],
    draft,
    draftAt: draft ? summary.draftAt : null,
    draftBy: draft ? summary.draftBy : null,
    defaults: SITE_DEFAULTS[key],
  };
}

/** Every section in the menu's order, with its state. */
export async function listSections(db: Db): Promise<SectionSummary[]> {
  const rows = await rowsOf(db);
  const byKey = new Map(rows.map((r) => [r.row.key, r]));
  return SECTION_KEYS.map((key) => summaryOf(key, byKey.get(key)));
}

export async function getSection<K extends SectionKey>(db: Db, key: K): Promise<SectionDocument<K>> {
  const [named] = await rowsOf(db).where(eq(siteSections.key, key));
  return documentOf(key, named);
}

/** What parents read now: the published content, else the default text. */
const publishedOf = async <K extends SectionKey>(db: Db, key: K) => (await getSection(db, key)).published;

/**
 * The Programs section's programmes that enquiries or seats name stay (hidden) when `next` drops
 * them (admissions/programmes.ts); every other section is as given.
 */
async function keepingProgrammes<K extends SectionKey>(
  db: Db,
  key: K,
  next: SiteContent[K],
): Promise<{ content: SiteContent[K]; notices: string[] }> {
  if (key !== 'programs') return { content: next, notices: [] };
  const kept = await keepProgrammesInUse(db, (await publishedOf(db, 'programs')) as ProgramsContent, next as ProgramsContent);
  return { content: kept.content as SiteContent[K], notices: kept.notices };
}

async function storeDraft<K extends SectionKey>(db: Db, key: K, content: SiteContent[K], userId: number) {
  const now = new Date();
  await db
    .insert(siteSections)
    .values({ key, draft: content, draftAt: now, draftBy: userId, updatedAt: now })
    .onConflictDoUpdate({ target: siteSections.key, set: { draft: content, draftAt: now, draftBy: userId, updatedAt: now } });
}

/** Saves `content` (already checked by SECTION_SCHEMAS[key]) as the section's draft: parents see nothing of it. */
export async function saveDraft<K extends SectionKey>(
  db: Db,
  key: K,
  content: SiteContent[K],
  userId: number,
): Promise<SectionChange<K>> {
  const { content: kept, notices } = await keepingProgrammes(db, key, content);
  await storeDraft(db, key, kept, userId);
  return { ...(await getSection(db, key)), notices };
}

/** Throws the draft away; the published words stay. */
export async function discardDraft<K extends SectionKey>(db: Db, key: K): Promise<SectionChange<K>> {
  await db
    .update(siteSections)
    .set({ draft: null, draftAt: null, draftBy: null, updatedAt: new Date() })
    .where(eq(siteSections.key, key));
  return { ...(await getSection(db, key)), notices: [] };
}

/** "Reset to the default text": the default becomes the draft, for staff to preview and publish. */
export async function resetToDefault<K extends SectionKey>(db: Db, key: K, userId: number): Promise<SectionChange<K>> {
  return saveDraft(db, key, SITE_DEFAULTS[key], userId);
}

/**
 * Makes `content` what parents read, keeping the published content it replaces as a version (the
 * default text is not kept: "Reset to the default text" brings it back). In one transaction with
 * the section's row locked, so two publishes at once each keep what the other replaced.
 */
async function publishContent<K extends SectionKey>(
  db: Db,
  key: K,
  userId: number,
  next: (row: typeof siteSections.$inferSelect | undefined) => SiteContent[K],
  options: { clearDraft: boolean },
): Promise<void> {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    // The row exists from here on, so it can be locked (a first publish of a never-saved section).
    await tx.insert(siteSections).values({ key }).onConflictDoNothing();
    const [row] = await tx.select().from(siteSections).where(eq(siteSections.key, key)).for('update');
    const content = next(row);
    if (row?.published != null)
      await keepVersion(tx, sectionSubject(key), {
        content: row.published,
        publishedAt: row.publishedAt,
        publishedBy: row.publishedBy,
      });
    const now = new Date();
    await tx
      .update(siteSections)
      .set({
        published: content,
        publishedAt: now,
        publishedBy: userId,
        ...(options.clearDraft ? { draft: null, draftAt: null, draftBy: null } : {}),
        updatedAt: now,
      })
      .where(eq(siteSections.key, key));
  });
}

const noDraft = (key: SectionKey) =>
  conflict(`There is no draft to publish: ${pageName(key)} shows its published words. Save your changes as a draft first.`);

/** Publishes the draft (409 when there is none). */
export async function publishDraft<K extends SectionKey>(db: Db, key: K, userId: number): Promise<SectionChange<K>> {
  const { draft, draftAt } = await getSection(db, key);
  if (!draft) throw noDraft(key);
  // Enquiries may have named a programme since the draft was saved: checked again.
  const { content, notices } = await keepingProgrammes(db, key, draft);
  await publishContent(
    db,
    key,
    userId,
    (row) => {
      // Another member of staff published, discarded or saved it meanwhile.
      if (row?.draft == null) throw noDraft(key);
      if (iso(row.draftAt) !== draftAt)
        throw conflict(`The draft of ${pageName(key)} was changed meanwhile. Look at it again, then publish.`);
      return content;
    },
    { clearDraft: true },
  );
  return { ...(await getSection(db, key)), notices };
}

/**
 * Publishes a kept version again; the content it replaces joins the history. A draft waiting stays
 * (it is someone's unfinished work). A version the section's form no longer fits is refused.
 */
export async function restoreVersion<K extends SectionKey>(
  db: Db,
  key: K,
  versionId: number,
  userId: number,
): Promise<SectionChange<K> & { version: Version }> {
  const version = await getVersion(db, sectionSubject(key), versionId);
  const content = parsed(key, version.content);
  if (!content)
    throw conflict(
      `This version of ${pageName(key)} no longer fits the page's form (it was kept by an earlier version of Sprout), so it cannot be restored.`,
    );
  const kept = await keepingProgrammes(db, key, content);
  await publishContent(db, key, userId, () => kept.content, { clearDraft: false });
  return { ...(await getSection(db, key)), notices: kept.notices, version };
}
