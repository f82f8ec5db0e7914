import { z } from 'zod';
import { ADMISSION_STAGES, type AdmissionStage } from './admission-stages.ts';
import { MAX_SEARCH_LENGTH } from './list-query.ts';
import { ProgrammeKeySchema } from './site-content.ts';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const note = (label: string, max: number) =>
  z
    .string(`${label} must be text.`)
    .trim()
    .max(max, { message: `${label} is too long (at most ${max} characters).`, abort: true });

/** POST /api/enquiries/:id/stage */
export const StageMoveSchema = z.object({
  to: z.enum(ADMISSION_STAGES, `Choose a stage: ${ADMISSION_STAGES.join(', ')}.`),
  note: z.preprocess(blankToUndefined, note('The note', 2000).optional()),
  /** The visit's date and time (an ISO instant); needed to move to Visit booked. */
  visitAt: z.preprocess(
    blankToUndefined,
    z.iso.datetime({ offset: true, message: 'Give the visit a date and time.' }).optional(),
  ),
  /** Set after staff saw the capacity warning and chose to offer anyway. */
  confirmOverCapacity: z.boolean().optional().default(false),
});
export type StageMove = z.input<typeof StageMoveSchema>;

/** POST /api/enquiries/:id/notes */
export const EnquiryNoteSchema = z.object({ text: note('The note', 2000).min(1, 'Write the note first.') });

/** POST /api/enquiries/:id/reply */
export const EnquiryReplySchema = z.object({
  subject: z.preprocess(blankToUndefined, note('The subject', 200).optional()),
  message: note('The reply', 10_000).min(1, 'Write the reply first.'),
});

/** GET /api/admissions/board and /api/admissions/export.csv: `?department&branch&month&q` (department: a programme's key). */
export const AdmissionFilterSchema = z.object({
  department: z.preprocess(
    blankToUndefined,
    z
      .string('Choose a department.')
      .refine((v) => ProgrammeKeySchema.safeParse(v).success, 'Choose a department.')
      .optional(),
  ),
  branch: z.preprocess(blankToUndefined, z.string().trim().max(80).optional()),
  /** The month of the wanted start, `YYYY-MM`. */
  month: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must look like 2027-04.')
      .optional(),
  ),
  q: z.preprocess(
    blankToUndefined,
    z.string().trim().max(MAX_SEARCH_LENGTH, `Search text may be at most ${MAX_SEARCH_LENGTH} characters.`).optional(),
  ),
});
export type AdmissionFilter = z.output<typeof AdmissionFilterSchema>;

export interface AdmissionCard {
  id: number;
  reference: string;
  name: string;
  fatherName: string;
  email: string;
  phone: string | null;
  /** The family's address as the form gave it (issue 31: the board's detail shows it). */
  address: string;
  /** The programme's key, and its current name (the key itself when no programme has it). */
  department: string;
  departmentName: string;
  branch: string;
  birthDate: string;
  admissionDate: string;
  /** Age at the wanted start date, e.g. "3 y 4 m". */
  ageAtStart: string;
  /** Issue 31: the age at the start is outside the programme's ages ("5 y 2 m at the start, outside Nursery (Ages 3-4)"), else ''. */
  ageWarning: string;
  stage: AdmissionStage;
  daysInStage: number;
  visitAt: string | null;
  createdAt: string;
}

export interface AdmissionColumn {
  stage: AdmissionStage;
  count: number;
  cards: AdmissionCard[];
}

/** Offered + enrolled against the seats of one programme at one branch, for the chosen month. */
export interface CapacityLine {
  branch: string;
  department: string;
  departmentName: string;
  seats: number;
  taken: number;
}

export interface AdmissionBoard {
  columns: AdmissionColumn[];
  /** Only with a month chosen. */
  capacity: CapacityLine[] | null;
}

export const TIMELINE_KINDS = ['submitted', 'stage', 'note', 'reply', 'visit'] as const;
export interface TimelineEntry {
  id: number;
  kind: (typeof TIMELINE_KINDS)[number];
  fromStage: AdmissionStage | null;
  toStage: AdmissionStage | null;
  text: string | null;
  /** Reply: whether it went out by e-mail. */
  mailed: boolean | null;
  visitAt: string | null;
  by: string | null;
  at: string;
}
