import { and, asc, desc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  consentAllows,
  type Child,
  type ChildInput,
  type ConsentChange,
  type ConsentRecord,
  type CurrentConsents,
  type Family,
  type FamilyContact,
  type FamilyInput,
  type FamilyListItem,
  type FamilyListOptions,
  type FamilyListPage,
  type PhotoUse,
} from '../../../shared/schemas/family.ts';
import type { ProgrammeOption } from '../../../shared/schemas/enquiry-options.ts';
import type { Db } from '../../db/client.ts';
import { childConsents, children, families, familyContacts, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { currentProgrammes } from '../admissions/programmes.ts';
import { isUniqueViolation } from '../media/params.ts';
import { inTransaction } from '../users/user-guards.ts';
import { getSchoolProfile } from '../site/site.service.ts';

/** The person who recorded a consent, as the history shows them: staff by name, a parent by the contact's name. */
const BY = sql.raw('"child_consents"."recorded_by"');
const recorderName = sql<string | null>`case ${sql.raw('"child_consents"."recorded_by_kind"')}
  when 'staff' then (select nullif(trim(u.first_name || ' ' || u.last_name), '') from ${users} u where u.id = ${BY})
  else (select c.name from ${familyContacts} c where c.id = ${BY}) end`;

const consentColumns = {
  id: childConsents.id,
  childId: childConsents.childId,
  purpose: childConsents.purpose,
  granted: childConsents.granted,
  recordedAt: childConsents.recordedAt,
  recordedByKind: childConsents.recordedByKind,
  recordedBy: childConsents.recordedBy,
  recordedByName: recorderName,
  source: childConsents.source,
};
type ConsentRow = Omit<ConsentRecord, 'recordedAt'> & { recordedAt: Date };

const toConsent = (row: ConsentRow): ConsentRecord => ({
  id: row.id,
  childId: row.childId,
  purpose: row.purpose,
  granted: row.granted,
  recordedAt: row.recordedAt.toISOString(),
  recordedByKind: row.recordedByKind,
  recordedBy: row.recordedBy,
  recordedByName: row.recordedByName,
  source: row.source,
});

const allowedBy = (c: CurrentConsents) => ({ website: consentAllows(c, 'website'), families: consentAllows(c, 'families') });

const noConsents = (): CurrentConsents => ({ website: null, families: null, none: null });

/** The current consent of each purpose of `childIds`: the latest row of each (one query). */
export async function currentConsents(db: Db, childIds: number[]): Promise<Map<number, CurrentConsents>> {
  const out = new Map(childIds.map((id) => [id, noConsents()]));
  if (childIds.length === 0) return out;
  const rows = (await db
    .selectDistinctOn([childConsents.childId, childConsents.purpose], consentColumns)
    .from(childConsents)
    .where(inArray(childConsents.childId, childIds))
    .orderBy(
      childConsents.childId,
      childConsents.purpose,
      desc(childConsents.recordedAt),
      desc(childConsents.id),
    )) as ConsentRow[];
  for (const row of rows) out.get(row.childId)![row.purpose] = toConsent(row);
  return out;
}

/**
 * Of `childIds`, the children whose current consents do not allow `use` (consentAllows: no
 * consent recorded, withdrawn, or "No images anywhere"), with their names, for a refusal that
 * names them (the galleries' audiences, issue 32). Two queries whatever the number of children.
 */
export async function childrenWithoutConsent(
  db: Db,
  childIds: number[],
  use: PhotoUse,
): Promise<{ id: number; firstName: string; lastName: string }[]> {
  const ids = [...new Set(childIds)];
  if (ids.length === 0) return [];
  const consents = await currentConsents(db, ids);
  const refused = ids.filter((id) => !consentAllows(consents.get(id) ?? noConsents(), use));
  if (refused.length === 0) return [];
  return db
    .select({ id: children.id, firstName: children.firstName, lastName: children.lastName })
    .from(children)
    .where(inArray(children.id, refused))
    .orderBy(asc(children.firstName), asc(children.lastName), asc(children.id));
}

const programmeName = (programmes: ProgrammeOption[], key: string) => programmes.find((p) => p.key === key)?.name ?? key;

const contactColumns = {
  id: familyContacts.id,
  name: familyContacts.name,
  email: familyContacts.email,
  phone: familyContacts.phone,
  relation: familyContacts.relation,
  isPrimary: familyContacts.isPrimary,
};

/** One family with its contacts (primary first) and children (each with current consents). */
export async function getFamily(db: Db, id: number): Promise<Family | null> {
  const [family] = await db.select().from(families).where(eq(families.id, id));
  if (!family) return null;
  const [contacts, kids, programmes] = await Promise.all([
    db
      .select(contactColumns)
      .from(familyContacts)
      .where(eq(familyContacts.familyId, id))
      .orderBy(desc(familyContacts.isPrimary), asc(familyContacts.id)),
    db.select().from(children).where(eq(children.familyId, id)).orderBy(asc(children.birthDate), asc(children.id)),
    currentProgrammes(db),
  ]);
  const consents = await currentConsents(
    db,
    kids.map((k) => k.id),
  );
  return {
    id: family.id,
    name: family.name,
    notes: family.notes,
    enquiryId: family.enquiryId,
    createdAt: family.createdAt.toISOString(),
    updatedAt: family.updatedAt.toISOString(),
    contacts: contacts satisfies FamilyContact[],
    children: kids.map((k): Child => {
      const current = consents.get(k.id) ?? noConsents();
      return {
        id: k.id,
        familyId: k.familyId,
        firstName: k.firstName,
        lastName: k.lastName,
        birthDate: k.birthDate,
        branch: k.branch,
        programme: k.programme,
        programmeName: programmeName(programmes, k.programme),
        startDate: k.startDate,
        leavingDate: k.leavingDate,
        consents: current,
        allowed: allowedBy(current),
      };
    }),
  };
}

/** `%text%` for LIKE, its wildcards taken literally. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The outer row's family id, qualified: drizzle leaves columns of a one-table query unqualified,
 * which inside a subquery would name the subquery's own table.
 */
const FAMILY_ID = sql.raw('"families"."id"');
const FAMILY_NAME = sql.raw('"families"."name"');

/**
 * The families' order by name, as people read it: "Family 2" before "Family 10", case and accents
 * aside. The name is cut into runs of other characters and of digits; each run of digits becomes
 * its length (two digits) and the number without leading zeros, so numbers compare by value. The
 * key is compared by ICU's root collation, which both PostgreSQL and PGlite have (ICU's numeric
 * collation, `kn`, needs a collation made by a migration, and PGlite's ICU ignores it: decision
 * 26). One SQL expression, no function or index of its own: a few milliseconds at 300 families.
 */
const NATURAL_NAME = sql`(select string_agg(m[1] || case when m[2] = '' then ''
    else lpad(length(ltrim(m[2], '0'))::text, 2, '0') || ltrim(m[2], '0') end, '' order by n)
  from regexp_matches(lower(${FAMILY_NAME}), '(\\D*)(\\d*)', 'g') with ordinality as r(m, n)) collate "und-x-icu"`;

/** A family that `q` names: by its name, a contact's name, e-mail or phone, or a child's name. */
function familyMatches(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const p = likePattern(q);
  return or(
    sql`lower(${FAMILY_NAME}) like ${p}`,
    sql`exists (select 1 from ${familyContacts} c where c.family_id = ${FAMILY_ID}
      and (lower(c.name) like ${p} or lower(c.email) like ${p} or c.phone like ${p}))`,
    sql`exists (select 1 from ${children} k where k.family_id = ${FAMILY_ID}
      and lower(k.first_name || ' ' || k.last_name) like ${p})`,
  );
}

function familyFilter(options: FamilyListOptions): SQL | undefined {
  const group =
    options.programme || options.branch
      ? sql`exists (select 1 from ${children} k where k.family_id = ${FAMILY_ID}
          ${options.programme ? sql`and k.programme = ${options.programme}` : sql``}
          ${options.branch ? sql`and k.branch = ${options.branch}` : sql``})`
      : undefined;
  return and(familyMatches(options.q), group);
}

/**
 * GET /api/families: one page of families, each with its contacts and children, read in one
 * statement (the lists as JSON of correlated subqueries: no query per family); the total and the
 * counters in a second.
 */
export async function listFamilies(db: Db, options: FamilyListOptions): Promise<FamilyListPage> {
  const where = familyFilter(options);
  const order = options.sort === 'newest' ? [desc(families.createdAt), desc(families.id)] : [NATURAL_NAME, asc(families.id)];
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: families.id,
        name: families.name,
        enquiryId: families.enquiryId,
        updatedAt: families.updatedAt,
        contacts: sql<FamilyListItem['contacts']>`coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name,
            'email', c.email, 'phone', c.phone, 'isPrimary', c.is_primary) order by c.is_primary desc, c.id)
          from ${familyContacts} c where c.family_id = ${FAMILY_ID}), '[]'::json)`,
        children: sql<
          FamilyListItem['children']
        >`coalesce((select json_agg(json_build_object('id', k.id, 'firstName', k.first_name,
            'lastName', k.last_name, 'branch', k.branch, 'programme', k.programme) order by k.birth_date, k.id)
          from ${children} k where k.family_id = ${FAMILY_ID}), '[]'::json)`,
      })
      .from(families)
      .where(where)
      .orderBy(...order)
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({
        total: sql<number>`(select count(*) from ${families} ${where ? sql`where ${where}` : sql``})`.mapWith(Number),
        families: sql<number>`(select count(*) from ${families})`.mapWith(Number),
        children: sql<number>`(select count(*) from ${children})`.mapWith(Number),
      })
      .from(sql`(select 1) as one`),
  ]);
  return {
    data: rows.map((r) => ({ ...r, updatedAt: new Date(r.updatedAt).toISOString() })),
    total: totals?.total ?? 0,
    limit: options.limit,
    offset: options.offset,
    counts: { families: totals?.families ?? 0, children: totals?.children ?? 0 },
  };
}

/**
 * The children's programmes and branches against the school's (the Programs section's programmes,
 * the school profile's branches): a 400 naming the field otherwise. A one-branch school's children
 * are at that branch; a school that lists no branches keeps none.
 */
export async function checkChildren(db: Db, kids: ChildInput[]): Promise<ChildInput[]> {
  const [programmes, school] = await Promise.all([currentProgrammes(db), getSchoolProfile(db)]);
  const branches = school.branches.map((b) => b.name);
  return kids.map((child, i) => {
    if (!programmes.some((p) => p.key === child.programme)) {
      throw badRequest('Choose one of the school’s programmes.', {
        fields: { [`children.${i}.programme`]: `Choose one of: ${programmes.map((p) => p.name).join(', ')}.` },
      });
    }
    let branch = child.branch;
    if (!branch && branches.length === 1) branch = branches[0]!;
    if (branch && !branches.includes(branch)) {
      throw badRequest('Choose one of the school’s branches.', {
        fields: {
          [`children.${i}.branch`]: branches.length
            ? `Choose one of: ${branches.join(', ')}.`
            : 'The school profile lists no branches: leave the branch empty.',
        },
      });
    }
    if (!branch && branches.length > 1) {
      throw badRequest('Choose the child’s branch.', {
        fields: { [`children.${i}.branch`]: `Choose one of: ${branches.join(', ')}.` },
      });
    }
    return { ...child, branch };
  });
}

/** An e-mail another family's contact has (it is that parent's sign-in): a 409 naming the field. */
async function checkEmailsFree(db: Db, input: FamilyInput, familyId: number | null) {
  const emails = input.contacts.flatMap((c) => (c.email ? [c.email] : []));
  if (emails.length === 0) return;
  const [taken] = await db
    .select({ email: sql<string>`lower(${familyContacts.email})`, familyId: familyContacts.familyId, family: families.name })
    .from(familyContacts)
    .innerJoin(families, eq(families.id, familyContacts.familyId))
    .where(
      and(
        inArray(sql`lower(${familyContacts.email})`, emails),
        familyId === null ? undefined : sql`${familyContacts.familyId} <> ${familyId}`,
      ),
    )
    .limit(1);
  if (!taken) return;
  throw emailTaken(
    input.contacts.findIndex((c) => c.email === taken.email),
    taken,
  );
}

/**
 * 409 naming the field, and the family that has the address (a sibling enrolled later belongs in
 * it: staff add the child there).
 */
const emailTaken = (i: number, other?: { familyId: number; family: string }) =>
  conflict(
    other
      ? `This e-mail address is already a contact of the family “${other.family}”.`
      : 'This e-mail address is already a contact of another family.',
    {
      ...(other ? { familyId: other.familyId } : {}),
      fields: {
        [`contacts.${Math.max(i, 0)}.email`]:
          'Another family has a contact with this e-mail address: each parent signs in with their own.',
      },
    },
  );

/** The primary contact: the one marked, else the first. */
const withPrimary = (contacts: FamilyInput['contacts']) => {
  const marked = contacts.findIndex((c) => c.isPrimary);
  return contacts.map((c, i) => ({ ...c, isPrimary: i === (marked === -1 ? 0 : marked) }));
};

const contactValues = (c: FamilyInput['contacts'][number]) => ({
  name: c.name,
  email: c.email,
  phone: c.phone,
  relation: c.relation,
  isPrimary: c.isPrimary,
});
export const childValues = (c: ChildInput) => ({
  firstName: c.firstName,
  lastName: c.lastName,
  birthDate: c.birthDate,
  branch: c.branch,
  programme: c.programme,
  startDate: c.startDate,
  leavingDate: c.leavingDate,
});

/** A unique index refused the write: an e-mail taken meanwhile, or the enquiry's family made meanwhile. */
async function guarded<T>(input: FamilyInput, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const detail = String((error as { detail?: string; cause?: { detail?: string } }).cause?.detail ?? (error as Error).message);
    if (/enquiry/.test(detail)) throw conflict('A family was already made from this admission.');
    throw emailTaken(input.contacts.findIndex((c) => c.email !== null));
  }
}

/** Adds a family with its contacts and children, in one transaction; answers its id. */
export async function createFamily(
  db: Db,
  raw: FamilyInput,
  userId: number | null,
  enquiryId: number | null = null,
): Promise<number> {
  const kids = await checkChildren(db, raw.children);
  await checkEmailsFree(db, raw, null);
  const contacts = withPrimary(raw.contacts);
  return guarded(raw, () =>
    inTransaction(db, async (tx) => {
      const [family] = await tx
        .insert(families)
        .values({ name: raw.name, notes: raw.notes, enquiryId, createdBy: userId, updatedBy: userId })
        .returning({ id: families.id });
      const familyId = family!.id;
      await tx.insert(familyContacts).values(contacts.map((c) => ({ ...contactValues(c), familyId })));
      await tx.insert(children).values(kids.map((c) => ({ ...childValues(c), familyId })));
      return familyId;
    }),
  );
}

/**
 * Replaces a family's details, contacts and children with `raw`'s (see FamilyInputSchema): entries
 * with an id are changed, without one added, those left out removed. An id that is not this
 * family's is a 400 naming the field.
 */
export async function updateFamily(db: Db, id: number, raw: FamilyInput, userId: number | null): Promise<void> {
  const [existing] = await db.select({ id: families.id }).from(families).where(eq(families.id, id));
  if (!existing) throw notFound('The family');
  const kids = await checkChildren(db, raw.children);
  await checkEmailsFree(db, raw, id);
  const contacts = withPrimary(raw.contacts);
  const [ownContacts, ownChildren] = await Promise.all([
    db.select({ id: familyContacts.id }).from(familyContacts).where(eq(familyContacts.familyId, id)),
    db.select({ id: children.id }).from(children).where(eq(children.familyId, id)),
  ]);
  const foreign = (list: 'contacts' | 'children', items: { id?: number }[], own: { id: number }[]) => {
    const ids = new Set(own.map((o) => o.id));
    const i = items.findIndex((item) => item.id !== undefined && !ids.has(item.id));
    if (i !== -1) {
      throw badRequest(`This ${list === 'contacts' ? 'contact' : 'child'} is not one of this family’s.`, {
        fields: { [`${list}.${i}.id`]: 'Not one of this family’s: leave the id out to add a new one.' },
      });
    }
  };
  foreign('contacts', contacts, ownContacts);
  foreign('children', kids, ownChildren);
  await guarded(raw, () =>
    inTransaction(db, async (tx) => {
      await tx
        .update(families)
        .set({ name: raw.name, notes: raw.notes, updatedBy: userId, updatedAt: new Date() })
        .where(eq(families.id, id));
      const keptContacts = contacts.flatMap((c) => (c.id ? [c.id] : []));
      await tx
        .delete(familyContacts)
        .where(
          and(eq(familyContacts.familyId, id), keptContacts.length ? notInArray(familyContacts.id, keptContacts) : undefined),
        );
      for (const c of contacts) {
        if (c.id) await tx.update(familyContacts).set(contactValues(c)).where(eq(familyContacts.id, c.id));
        else await tx.insert(familyContacts).values({ ...contactValues(c), familyId: id });
      }
      const keptChildren = kids.flatMap((c) => (c.id ? [c.id] : []));
      await tx
        .delete(children)
        .where(and(eq(children.familyId, id), keptChildren.length ? notInArray(children.id, keptChildren) : undefined));
      for (const c of kids) {
        if (c.id) await tx.update(children).set(childValues(c)).where(eq(children.id, c.id));
        else await tx.insert(children).values({ ...childValues(c), familyId: id });
      }
    }),
  );
}

/** Deletes a family, its contacts, children and their consent history (the database's cascade). */
export async function deleteFamily(db: Db, id: number): Promise<{ id: number; name: string } | null> {
  const [row] = await db.delete(families).where(eq(families.id, id)).returning({ id: families.id, name: families.name });
  return row ?? null;
}

// --- Consents ---

/** A child's family id and name, or a 404. */
export async function childOf(db: Db, childId: number) {
  const [child] = await db
    .select({ id: children.id, familyId: children.familyId, firstName: children.firstName, lastName: children.lastName })
    .from(children)
    .where(eq(children.id, childId));
  if (!child) throw notFound('The child');
  return child;
}

/** A child's consent history, newest first. */
export async function consentHistory(db: Db, childId: number): Promise<ConsentRecord[]> {
  await childOf(db, childId);
  const rows = (await db
    .select(consentColumns)
    .from(childConsents)
    .where(eq(childConsents.childId, childId))
    .orderBy(desc(childConsents.recordedAt), desc(childConsents.id))) as ConsentRow[];
  return rows.map(toConsent);
}

/** Records a consent (a new row of the history); answers the record. */
export async function recordConsent(
  db: Db,
  childId: number,
  change: ConsentChange,
  by: { kind: 'staff' | 'parent'; id: number | null },
): Promise<ConsentRecord> {
  await childOf(db, childId);
  const [row] = await db
    .insert(childConsents)
    .values({
      childId,
      purpose: change.purpose,
      granted: change.granted,
      recordedAt: new Date(),
      recordedByKind: by.kind,
      recordedBy: by.id,
      source: change.source,
    })
    .returning({ id: childConsents.id });
  const [record] = (await db.select(consentColumns).from(childConsents).where(eq(childConsents.id, row!.id))) as ConsentRow[];
  return toConsent(record!);
}
