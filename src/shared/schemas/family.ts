import { z } from 'zod';
import { isPlausibleYear } from '../dates.ts';
import { listQuerySchema, type ListPage } from './list-query.ts';

/**
 * Families and children (issue 32): the staff API's payloads and answers. A family has one or more
 * parent contacts and one or more children; each child has a photo consent per purpose, kept as a
 * history (every change a row, the latest one current).
 */

/** What a photo of a child may be used for: the public website, the family area, or nothing at all. */
export const CONSENT_PURPOSES = ['website', 'families', 'none'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
/** Who recorded a consent: a parent in the family area, or staff (a form given on paper). */
export const CONSENT_RECORDERS = ['parent', 'staff'] as const;
export type ConsentRecorder = (typeof CONSENT_RECORDERS)[number];

export const CONSENT_PURPOSE_LABELS: Record<ConsentPurpose, string> = {
  website: 'Photos on the public website',
  families: 'Photos in the family area',
  none: 'No images anywhere',
};

export const MAX_CONTACTS = 6;
export const MAX_CHILDREN = 10;

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, { message: `${label} is too long (at most ${max} characters).`, abort: true });
/** Optional text: '' and null are "none". */
const optional = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : v === undefined ? null : v),
    z.string(`${label} must be text.`).max(max, `${label} is too long (at most ${max} characters).`).nullable(),
  );
const isoDay = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label}: use a date such as 2026-09-01.`, abort: true })
    .refine((v) => new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      message: `${label} is not a valid date.`,
      abort: true,
    })
    .refine((v) => isPlausibleYear(Number(v.slice(0, 4))), `${label} must be between the years 1900 and 2999.`);
const optionalDay = (label: string) => z.preprocess((v) => (v === '' || v === undefined ? null : v), isoDay(label).nullable());
const rowId = z
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);

export const FamilyContactInputSchema = z
  .object({
    /** An existing contact of this family (update); absent for a new one. */
    id: rowId.optional(),
    name: required('Name', 120),
    email: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() || null : v === undefined ? null : v),
      z
        .string('E-mail must be text.')
        .max(200, 'E-mail is too long (at most 200 characters).')
        .pipe(z.email('Enter a valid e-mail address, like name@example.com.'))
        .nullable(),
    ),
    phone: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() || null : v === undefined ? null : v),
      z
        .string('Phone must be text.')
        .max(40, 'Phone is too long (at most 40 characters).')
        .regex(/^[+\d][\d\s()-]{5,}$/, 'Enter a phone number with digits only, like +91 98765 43210.')
        .nullable(),
    ),
    relation: optional('Relation', 60),
    isPrimary: z.boolean('isPrimary must be true or false.').default(false),
  })
  .refine((c) => c.email !== null || c.phone !== null, {
    message: 'Give an e-mail address or a phone number.',
    path: ['email'],
  });
export type FamilyContactInput = z.output<typeof FamilyContactInputSchema>;

export const ChildInputSchema = z
  .object({
    /** An existing child of this family (update); absent for a new one. */
    id: rowId.optional(),
    firstName: required('First name', 80),
    lastName: z.preprocess(
      (v) => (v === undefined || v === null ? '' : v),
      z.string().trim().max(80, 'Last name is too long (at most 80 characters).'),
    ),
    birthDate: isoDay('Date of birth'),
    /** One of the school profile's branch names (a one-branch school may leave it out). */
    branch: optional('Branch', 80),
    /** A programme key of the Programs section (the server checks it is one of the school's). */
    programme: required('Programme', 40),
    startDate: optionalDay('Start date'),
    leavingDate: optionalDay('Leaving date'),
  })
  .refine((c) => !c.startDate || !c.leavingDate || c.leavingDate >= c.startDate, {
    message: 'The leaving date cannot be before the start date.',
    path: ['leavingDate'],
  });
export type ChildInput = z.output<typeof ChildInputSchema>;

/**
 * POST /api/families and PUT /api/families/:id. On update the lists are the family's whole set:
 * an entry with an `id` changes that contact or child, one without adds one, and one left out is
 * removed (a child's consent history with it). At most one contact is primary; none marked makes
 * the first one primary.
 */
export const FamilyInputSchema = z
  .object({
    name: required('Family name', 120),
    notes: optional('Notes', 2000),
    contacts: z
      .array(FamilyContactInputSchema, 'contacts must be a list.')
      .min(1, 'Add at least one parent contact.')
      .max(MAX_CONTACTS, `At most ${MAX_CONTACTS} contacts.`),
    children: z
      .array(ChildInputSchema, 'children must be a list.')
      .min(1, 'Add at least one child.')
      .max(MAX_CHILDREN, `At most ${MAX_CHILDREN} children.`),
  })
  .superRefine((family, ctx) => {
    if (family.contacts.filter((c) => c.isPrimary).length > 1) {
      ctx.addIssue({ code: 'custom', message: 'Only one contact can be the primary contact.', path: ['contacts'] });
    }
    const seen = new Map<string, number>();
    family.contacts.forEach((c, i) => {
      if (!c.email) return;
      if (seen.has(c.email)) {
        ctx.addIssue({ code: 'custom', message: 'Two contacts cannot share an e-mail address.', path: ['contacts', i, 'email'] });
      }
      seen.set(c.email, i);
    });
    for (const [list, items] of [
      ['contacts', family.contacts],
      ['children', family.children],
    ] as const) {
      const ids = items.flatMap((item) => (item.id ? [item.id] : []));
      if (new Set(ids).size !== ids.length)
        ctx.addIssue({ code: 'custom', message: `The same ${list} entry is given twice.`, path: [list] });
    }
  });
export type FamilyInput = z.output<typeof FamilyInputSchema>;

/**
 * POST /api/families/from-enquiry/:id: optional corrections of what the admission carries over,
 * when its branch or programme is no longer one of the school's (or it named no branch).
 */
export const FamilyFromEnquirySchema = z
  .object({
    branch: optional('Branch', 80),
    programme: optional('Programme', 40),
  })
  .partial();
export type FamilyFromEnquiry = z.output<typeof FamilyFromEnquirySchema>;

/** POST /api/families/children/:id/consents: staff recording a consent given to them (on paper, by e-mail...). */
export const ConsentChangeSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES, `purpose must be one of: ${CONSENT_PURPOSES.join(', ')}.`),
  granted: z.boolean('granted must be true or false.'),
  source: optional('Source', 200),
});
export type ConsentChange = z.output<typeof ConsentChangeSchema>;

export const FAMILY_SORTS = ['name', 'newest'] as const;
const optionalText = (name: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.string(`${name} must be text.`).max(80, `${name} is too long.`).optional());

/**
 * GET /api/families: `?limit&offset&sort&q&programme&branch`. `q` finds a family by its name, a
 * contact's name, e-mail or phone, or a child's name.
 */
export const FamilyListQuerySchema = listQuerySchema({
  defaultLimit: 25,
  sorts: FAMILY_SORTS,
  filters: { programme: optionalText('programme'), branch: optionalText('branch') },
});
export type FamilyListOptions = z.output<typeof FamilyListQuerySchema>;
export type FamilyListQuery = Partial<FamilyListOptions>;

// --- Answers ---

export interface FamilyContact {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  relation: string | null;
  isPrimary: boolean;
}

/** One row of a child's consent history. `recordedByName`: the member of staff or parent, while they exist. */
export interface ConsentRecord {
  id: number;
  childId: number;
  purpose: ConsentPurpose;
  granted: boolean;
  recordedAt: string;
  recordedByKind: ConsentRecorder;
  recordedBy: number | null;
  recordedByName: string | null;
  source: string | null;
}

/** The latest record of each purpose; null when none was ever recorded (no consent). */
export type CurrentConsents = Record<ConsentPurpose, ConsentRecord | null>;

/** The audiences a photo of a child can reach (besides staff). */
export type PhotoUse = Exclude<ConsentPurpose, 'none'>;

/**
 * Whether a child's current consents allow photos for `use`: only a consent granted and not
 * withdrawn since, and never while "No images anywhere" is on (it overrides every other). No record
 * is no consent.
 */
export const consentAllows = (consents: Pick<CurrentConsents, PhotoUse | 'none'>, use: PhotoUse): boolean =>
  consents.none?.granted !== true && consents[use]?.granted === true;

export interface Child {
  id: number;
  familyId: number;
  firstName: string;
  lastName: string;
  birthDate: string;
  branch: string | null;
  programme: string;
  /** The programme's name as the Programs section has it now (its key when it is gone). */
  programmeName: string;
  startDate: string | null;
  leavingDate: string | null;
  consents: CurrentConsents;
  /** What the consents allow now (consentAllows): "No images anywhere" turns both off. */
  allowed: Record<PhotoUse, boolean>;
}

export interface Family {
  id: number;
  name: string;
  notes: string | null;
  /** The admission enquiry it was made from, if any. */
  enquiryId: number | null;
  createdAt: string;
  updatedAt: string;
  contacts: FamilyContact[];
  children: Child[];
}

/** One family in the list: enough to find it and tell it apart. */
export interface FamilyListItem {
  id: number;
  name: string;
  enquiryId: number | null;
  updatedAt: string;
  contacts: Pick<FamilyContact, 'id' | 'name' | 'email' | 'phone' | 'isPrimary'>[];
  children: Pick<Child, 'id' | 'firstName' | 'lastName' | 'branch' | 'programme'>[];
}

export interface FamilyCounts {
  families: number;
  children: number;
}
export type FamilyListPage = ListPage<FamilyListItem, FamilyCounts>;

// --- Data protection (issue 32): export and erasure ---

/**
 * POST /api/families/:id/erase. `confirm`: go ahead although the family's admission is still open
 * (not Enrolled or Declined); without it such an erasure answers 409 asking for it.
 */
export const FamilyEraseSchema = z.object({
  confirm: z.boolean('confirm must be true or false.').default(false),
});
export type FamilyErase = z.output<typeof FamilyEraseSchema>;

/** What an erasure removed or anonymised: counts only, as the audit log keeps them. */
export interface FamilyErasure {
  contacts: number;
  children: number;
  consents: number;
  photoTags: number;
  /** The family's admission and the enquiries sent from its contacts' addresses, kept as numbers. */
  enquiries: number;
  /** The newsletter subscriptions of its contacts' addresses (issue 33). */
  newsletterSubscriptions: number;
}

/** What an erased enquiry is called from then on: it stays in the admissions numbers, nameless. */
export const ERASED_NAME = '(erased)';

/** What the export holds besides the family itself: counts, as the audit log keeps them. */
export interface FamilyExportCounts {
  contacts: number;
  children: number;
  consents: number;
  enquiries: number;
  photoTags: number;
  photos: number;
  newsletterSubscriptions: number;
}
