import { z } from 'zod';
import { isPlausibleYear } from '../dates.ts';
import { ADMISSION_STAGES } from './admission-stages.ts';
import { ENQUIRY_TYPES, type ProgrammeOption } from './enquiry-options.ts';
import { listQuerySchema, optionalFilter, type ListPage } from './list-query.ts';
import { ProgrammeKeySchema } from './site-content.ts';

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, { message: `${label} is too long (at most ${max} characters).`, abort: true });
const email = z
  .string({ error: 'E-mail is required.' })
  .trim()
  .max(200)
  .pipe(z.email('Enter a valid e-mail address, like name@example.com.'));
const isoDay = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label} is required.`, abort: true })
    .refine((value) => !Number.isNaN(Date.parse(value)), { message: `${label} is not a valid date.`, abort: true })
    .refine((value) => isPlausibleYear(Number(value.slice(0, 4))), `${label} must be between the years 1900 and 2999.`);

/**
 * Spam defences sent with both forms: a honeypot left empty and the server's signed note of when the
 * form was shown (GET /api/enquiries/form-token). Optional here so that a missing token gets the
 * route's "reload the page" message rather than a field error; an old client's `elapsedMs` is dropped.
 */
export const AntiSpamSchema = z.object({
  website: z.string().max(200).optional().default(''),
  formToken: z.string().max(200).optional(),
});

/**
 * §3 Admission form draft; §5: every field required. The department is a programme's key; the
 * server checks it against the school's programmes (issue 30: hidden ones take no new application).
 */
export const AdmissionFormSchema = z
  .object({
    name: required("Child's full name", 120),
    fatherName: required("Father's name", 120),
    email,
    phone: required('Phone', 40).regex(/^[+\d][\d\s()-]{5,}$/, 'Enter a phone number with digits only, like +91 98765 43210.'),
    birthDate: isoDay('Date of birth').refine((v) => Date.parse(v) < Date.now(), 'Date of birth must be in the past.'),
    address: required('Address', 500),
    department: z
      .string({ error: 'Choose a department.' })
      .refine((v) => ProgrammeKeySchema.safeParse(v).success, 'Choose a department.'),
    admissionDate: isoDay('Admission date'),
    /** Which of the school's branches; optional (older pages, and schools with one branch). */
    branch: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(80).optional()),
  })
  .extend(AntiSpamSchema.shape);
export type AdmissionForm = z.infer<typeof AdmissionFormSchema>;

/** Why a parent cannot choose `key` on the admission form ('' when they can), with what they can choose. */
export function departmentRefusal(key: string, programmes: readonly Pick<ProgrammeOption, 'key' | 'name' | 'hidden'>[]) {
  const chosen = programmes.find((p) => p.key === key);
  if (chosen && !chosen.hidden) return '';
  const open = programmes.filter((p) => !p.hidden).map((p) => p.name);
  return chosen
    ? `${chosen.name} takes no new applications now. Choose one of: ${open.join(', ')}.`
    : `Choose one of our programmes: ${open.join(', ')}.`;
}

/**
 * The admission form as the server checks it (issue 30): the department must be one of the
 * school's programmes that the form offers (not hidden), checked with the other fields.
 */
export const admissionFormFor = (programmes: readonly Pick<ProgrammeOption, 'key' | 'name' | 'hidden'>[]) =>
  AdmissionFormSchema.extend({
    department: z.string({ error: 'Choose a department.' }).superRefine((key, ctx) => {
      const refusal = departmentRefusal(key, programmes);
      if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
    }),
  });

/** §3 Contact form; §5: name, email and message required. */
export const ContactFormSchema = z
  .object({
    name: required('Name', 120),
    email,
    message: required('Message', 5000),
  })
  .extend(AntiSpamSchema.shape);
export type ContactForm = z.infer<typeof ContactFormSchema>;

export const EnquirySchema = z.object({
  id: z.number(),
  type: z.enum(ENQUIRY_TYPES),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string().nullable(),
  details: z.record(z.string(), z.string()),
  status: z.enum(['new', 'handled']),
  handledAt: z.string().nullable(),
  mailState: z.enum(['not_configured', 'pending', 'sent', 'failed']),
  mailAttempts: z.number(),
  mailError: z.string().nullable(),
  createdAt: z.string(),
  /** What the parent was told after submitting (issue #14). */
  reference: z.string(),
  /** Admissions only: the pipeline stage, since when, and the booked visit. */
  stage: z.enum(ADMISSION_STAGES).nullable(),
  stageChangedAt: z.string(),
  visitAt: z.string().nullable(),
});
export type Enquiry = z.infer<typeof EnquirySchema>;

export const ENQUIRY_STATUSES = ['new', 'handled'] as const;
export const ENQUIRY_SORTS = ['newest', 'oldest'] as const;

/** GET /api/enquiries: `?limit&offset&sort&q&type&status` (q: name, e-mail, phone and message). */
export const EnquiryListQuerySchema = listQuerySchema({
  defaultLimit: 25,
  sorts: ENQUIRY_SORTS,
  filters: { type: optionalFilter(ENQUIRY_TYPES, 'type'), status: optionalFilter(ENQUIRY_STATUSES, 'status') },
});
export type EnquiryListOptions = z.output<typeof EnquiryListQuerySchema>;
/** What a screen asks for (the rest takes the schema's defaults). */
export type EnquiryListQuery = Partial<EnquiryListOptions>;

/** The inbox's counters: every enquiry, each type, and the ones not handled yet. */
export interface EnquiryCounts {
  all: number;
  admission: number;
  contact: number;
  new: number;
}
export type EnquiryListPage = ListPage<Enquiry, EnquiryCounts>;

export const EnquiryUpdateSchema = z.object({ status: z.enum(['new', 'handled']) });

/** `/api/enquiries/:id`: a database id (int4). */
export const EnquiryIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
