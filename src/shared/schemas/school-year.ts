import { z } from 'zod';
import { SCHOOL_DATE_KINDS, type SchoolDateKind } from '../school-year.ts';

/**
 * Issue 34: one date of the school year (a term, a half-term or a closure day), as POST
 * /api/school-year and PUT /api/school-year/{id} take it. Days are 'YYYY-MM-DD' on the school's
 * clock. The branch is checked against the school profile, and a half-term against the terms, on
 * the server (they need the database).
 */
export const SCHOOL_DATE_KIND_LABELS: Record<SchoolDateKind, string> = {
  term: 'Term',
  half_term: 'Half-term',
  closure: 'Closure day',
};

export const SCHOOL_DATE_NAME_MAX = 120;
/** A school year's dates fall in this century (a typo such as 0226 or 20266 is refused). */
export const SCHOOL_YEAR_FIRST = 2000;
export const SCHOOL_YEAR_LAST = 2099;
/** No term, half-term or closure lasts longer than a year. */
const LONGEST_DAYS = 366;

const day = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { message: `${label} is required.`, abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label}: use a date such as 2026-09-01.`, abort: true })
    .refine((v) => new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      message: `${label} is not a real date.`,
      abort: true,
    })
    .refine((v) => {
      const year = Number(v.slice(0, 4));
      return year >= SCHOOL_YEAR_FIRST && year <= SCHOOL_YEAR_LAST;
    }, `${label} must be between the years ${SCHOOL_YEAR_FIRST} and ${SCHOOL_YEAR_LAST}.`);

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

export const SchoolDateInputSchema = z
  .object({
    kind: z.enum(SCHOOL_DATE_KINDS, { error: 'Choose a term, a half-term or a closure day.' }),
    name: z
      .string({ error: 'Name is required.' })
      .trim()
      .min(1, 'Name is required.')
      .max(SCHOOL_DATE_NAME_MAX, `Name may be at most ${SCHOOL_DATE_NAME_MAX} characters.`),
    starts_on: day('Start date'),
    ends_on: day('End date'),
    branch: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() || null : v === undefined ? null : v),
      z.string('Branch must be text.').max(200, 'Choose one of the school’s branches.').nullable(),
    ),
  })
  .superRefine((d, ctx) => {
    if (d.ends_on < d.starts_on)
      ctx.addIssue({ code: 'custom', path: ['ends_on'], message: 'The end date must be on or after the start date.' });
    else if (daysBetween(d.starts_on, d.ends_on) > LONGEST_DAYS)
      ctx.addIssue({ code: 'custom', path: ['ends_on'], message: 'A term, half-term or closure lasts at most a year.' });
  });
export type SchoolDateInput = z.input<typeof SchoolDateInputSchema>;
export type SchoolDateValues = z.output<typeof SchoolDateInputSchema>;

/** A closure's cancelled occurrences (GET /api/school-year/{id}/cancelled). */
export interface CancelledOccurrence {
  eventTitle: string;
  /** 'YYYY-MM-DDTHH:mm' on the school's clock. */
  start: string;
  seriesId: number;
}
