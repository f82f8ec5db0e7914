import { z } from 'zod';
import { fromDatetimeLocal, isPlausibleYear, toDatetimeLocal } from '../dates.ts';
import { audienceFields, checkAudienceGroup, CONTENT_AUDIENCES } from './audience.ts';

/**
 * Notices (issue 33): a short message for an audience, shown as a banner from its start until it
 * ends by itself, and e-mailed to its audience when staff ask. A closure is urgent and operational
 * (its mail goes to every family of the audience); information is calmer (its mail goes to the
 * newsletter's subscribers).
 */
export const NOTICE_URGENCIES = ['information', 'closure'] as const;
export type NoticeUrgency = (typeof NOTICE_URGENCIES)[number];
export const NOTICE_URGENCY_LABELS: Record<NoticeUrgency, string> = {
  information: 'Information',
  closure: 'Closure or urgent',
};

export const NOTICE_TITLE_MAX = 120;
export const NOTICE_BODY_MAX = 600;

/** Where a notice is in its life: not published, published but not started, showing, over. */
export const NOTICE_STATES = ['draft', 'scheduled', 'live', 'ended'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];

export const END_IN_PAST = 'The end time is in the past.';

/** A notice as the staff API answers it. `mailing`: its e-mail, once started (GET /api/mailings/:id). */
export interface Notice {
  id: number;
  title: string;
  body: string;
  urgency: NoticeUrgency;
  audience: (typeof CONTENT_AUDIENCES)[number];
  audienceBranch: string | null;
  audienceProgramme: string | null;
  published: boolean;
  state: NoticeState;
  /** ISO 8601. */
  startsAt: string;
  endsAt: string;
  mailing: { id: number; state: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** A banner as public and family pages draw it (no staff fields). */
export interface NoticeBanner {
  id: number;
  title: string;
  body: string;
  urgency: NoticeUrgency;
  /** The branch a closure of one branch is about (shown on the public site too), else null. */
  branch: string | null;
  /** ISO 8601. */
  startsAt: string;
  endsAt: string;
}

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, { message: `${label} may be at most ${max} characters.`, abort: true });

const instant = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(40, { message: `${label} is not a valid date and time.`, abort: true })
    .refine((v) => !Number.isNaN(Date.parse(v)), { message: `${label} is not a valid date and time.`, abort: true })
    .refine((v) => isPlausibleYear(new Date(v).getUTCFullYear()), `${label} must be between the years 1900 and 2999.`)
    .transform((v) => new Date(v).toISOString());

/** The urgency and who it is for: a notice's, or the audience a count of recipients is asked for. */
const audienceShape = {
  urgency: z.enum(NOTICE_URGENCIES, { error: 'Urgency must be information or closure.' }).default('information'),
  ...audienceFields(CONTENT_AUDIENCES),
};

/**
 * POST /api/notices and PUT /api/notices/{id}. `startsAt` left out (or null) is now; the end must
 * be in the future and after the start. `published` shows it (from its start); left out, a new
 * notice is a draft and an edited one keeps its state.
 */
export const NoticeInputSchema = z
  .object({
    title: text('Title', NOTICE_TITLE_MAX),
    body: text('Text', NOTICE_BODY_MAX),
    ...audienceShape,
    published: z.boolean({ error: 'published must be true or false.' }).optional(),
    startsAt: z
      .union([instant('Start time'), z.literal(''), z.null()])
      .optional()
      .transform((v) => v || null),
    endsAt: instant('End time'),
  })
  .superRefine(checkAudienceGroup)
  .superRefine((n, ctx) => {
    if (Date.parse(n.endsAt) <= Date.now()) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: END_IN_PAST });
    else if (n.startsAt && n.endsAt <= n.startsAt)
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end time must be after the start time.' });
  });
export type NoticeInput = z.input<typeof NoticeInputSchema>;
export type NoticeValues = z.output<typeof NoticeInputSchema>;

/** GET /api/notices/recipients: how many an e-mail of this urgency to this audience would reach. */
export const NoticeAudienceQuerySchema = z.object(audienceShape).superRefine(checkAudienceGroup);
export type NoticeAudienceQuery = z.input<typeof NoticeAudienceQuerySchema>;

/** The back office's notice form: what it holds, times as typed on the school's clock. */
const NoticeFormFieldsSchema = z.object({
  title: z.string(),
  body: z.string(),
  urgency: z.enum(NOTICE_URGENCIES),
  audience: z.enum(CONTENT_AUDIENCES),
  audienceBranch: z.string().nullable(),
  audienceProgramme: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type NoticeFormValues = z.input<typeof NoticeFormFieldsSchema>;

/** The end of today on the school's clock, as a datetime-local value (a closure's default end). */
export const endOfToday = (timeZone: string, now = new Date()) => `${toDatetimeLocal(now, timeZone).slice(0, 10)}T23:59`;

const onSchoolClock = (local: string, timeZone: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local) ? fromDatetimeLocal(local.slice(0, 16), timeZone) : local;

/** The form checked as the API checks it, its times read on the school's clock; its output is the payload. */
export const noticeFormSchema = (timeZone: string) =>
  NoticeFormFieldsSchema.transform((form, ctx): NoticeValues => {
    const parsed = NoticeInputSchema.safeParse({
      ...form,
      startsAt: form.startsAt ? onSchoolClock(form.startsAt, timeZone) : null,
      endsAt: onSchoolClock(form.endsAt, timeZone),
    } satisfies NoticeInput);
    if (parsed.success) return parsed.data;
    for (const { path, message } of parsed.error.issues) ctx.addIssue({ code: 'custom', path, message });
    return z.NEVER;
  });
