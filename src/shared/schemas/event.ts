import { z } from 'zod';
import { fromDatetimeLocal, isPlausibleYear } from '../dates.ts';
import { audienceFields, checkAudienceGroup, CONTENT_AUDIENCES } from './audience.ts';
import { ImageUrlSchema, UploadedImageSchema } from './media.ts';
import { listQuerySchema, optionalFilter, type ListPage } from './list-query.ts';
import { EventScopeSchema, EventSeriesSchema, RepeatSchema } from './event-series.ts';
import { WEEKDAYS, type Repeat } from '../repeat-rule.ts';
import { PublishAtSchema } from './publish-at.ts';

export const EVENT_STATUSES = ['upcoming', 'ongoing', 'completed'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** §4: an unknown status displays as upcoming (old data only; the API refuses unknown ones). */
export const displayStatus = (status: string): EventStatus =>
  (EVENT_STATUSES as readonly string[]).includes(status) ? (status as EventStatus) : 'upcoming';

/** Size and responsive variants of an uploaded image (null for external URLs). See media.ts. */
export const ImageMetaSchema = UploadedImageSchema.nullable();

/** GET /api/events, /api/events/{id}: one event (§3, §7 field names; category is the name). */
export const EventSchema = z.object({
  id: z.number().int(),
  slug: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  cover_image: z.string().nullable(),
  cover_meta: ImageMetaSchema,
  category: z.string(),
  location: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  status: z.enum(EVENT_STATUSES),
  gallery_id: z.number().int().nullable(),
  /** Who sees it (issue 32): only 'everyone' is on the public site; the others in the family area. */
  audience: z.enum(CONTENT_AUDIENCES),
  audienceBranch: z.string().nullable(),
  audienceProgramme: z.string().nullable(),
  /** Issue 34: where it happens (a branch of the school profile; null: the whole school). */
  branch: z.string().nullable(),
  /** Issue 34: false until `publishAt`, when the server publishes it. */
  published: z.boolean(),
  publishAt: z.string().nullable(),
  /** Issue 34: an occurrence of a repeating event: its series, the start the rule gave it, whether it was edited on its own. */
  seriesId: z.number().int().nullable(),
  occurrenceStart: z.string().nullable(),
  detached: z.boolean(),
  /** One event's read (not the lists): its series, when it repeats. */
  series: EventSeriesSchema.nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Event = z.infer<typeof EventSchema>;

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, { message: `${label} may be at most ${max} characters.`, abort: true });

const isoDate = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(40, { message: `${label} is not a valid date.`, abort: true })
    .refine((v) => !Number.isNaN(Date.parse(v)), { message: `${label} is not a valid date.`, abort: true })
    .refine((v) => isPlausibleYear(new Date(v).getUTCFullYear()), `${label} must be between the years 1900 and 2999.`)
    .transform((v) => new Date(v).toISOString());

/** POST /api/events and PUT /api/events/{id} (§7 payload). The CMS form validates with it too. */
export const EventInputSchema = z
  .object({
    title: required('Title', 200),
    description: required('Description', 5000),
    category: required('Category', 60),
    location: required('Location', 200),
    start_date: isoDate('Start date'),
    end_date: z
      .union([isoDate('End date'), z.literal(''), z.null()])
      .optional()
      .transform((v) => v || null),
    cover_image: z
      .union([ImageUrlSchema, z.null()])
      .optional()
      .transform((v) => v || null),
    status: z.enum(EVENT_STATUSES, { error: 'Status must be upcoming, ongoing or completed.' }).default('upcoming'),
    gallery_id: z
      .union([
        z.coerce
          .number()
          .int()
          .positive('Choose a gallery from the list.')
          .max(2 ** 31 - 1, 'Choose a gallery from the list.'),
        z.literal(''),
        z.null(),
      ])
      .optional()
      .transform((v) => (v === '' || v == null ? null : v)),
    /** Left out, an event keeps its audience (a new one: everyone). */
    ...audienceFields(CONTENT_AUDIENCES),
    /** Issue 34: where it happens; left out, an event keeps its branch (a new one: the whole school). */
    branch: z
      .union([z.string().trim().max(80, { message: 'Choose one of the school’s branches.', abort: true }), z.null()])
      .optional()
      .transform((v) => (v === '' ? null : v)),
    publishAt: PublishAtSchema,
    /** Issue 34: a repeating event, as the form's Repeats section says it, or as an RRULE value (the API). */
    repeat: RepeatSchema.nullable().optional(),
    rrule: z.string().trim().max(500, 'The repeat rule may be at most 500 characters.').optional(),
    /** With `rrule`: keep to term time. */
    termTime: z.boolean().optional(),
    /** An occurrence of a repeating event: change this one, this and the following ones, or all. */
    scope: EventScopeSchema.optional(),
  })
  .superRefine(checkAudienceGroup)
  .refine((e) => !e.end_date || e.end_date >= e.start_date, {
    path: ['end_date'],
    message: 'The end date must be after the start date.',
  })
  .refine((e) => !(e.repeat && e.rrule), { path: ['rrule'], message: 'Send a repeat or an rrule, not both.' });
export type EventInput = z.input<typeof EventInputSchema>;
export type EventValues = z.output<typeof EventInputSchema>;

/** The Repeats section's choices: does not repeat, daily, weekly on chosen days, monthly on the date or on the weekday. */
export const REPEAT_CHOICES = ['', 'daily', 'weekly', 'monthly-date', 'monthly-weekday', 'custom'] as const;
export type RepeatChoice = (typeof REPEAT_CHOICES)[number];

/** §2 Event form: what the back office's form holds, every field as typed (dates on the school's clock). */
const EventFormFieldsSchema = z.object({
  title: z.string(),
  description: z.string(),
  coverMode: z.enum(['url', 'file']),
  cover_image: z.string(),
  category: z.string(),
  location: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  /** '' : from the dates (issue 31: stored as upcoming, which the dates move along). */
  status: z.enum(['', ...EVENT_STATUSES]),
  gallery_id: z.string(),
  audience: z.enum(CONTENT_AUDIENCES),
  audienceBranch: z.string().nullable(),
  audienceProgramme: z.string().nullable(),
  /** Issue 34: where it happens ('' the whole school), and when it goes live ('' now; the school's clock). */
  branch: z.string(),
  publishAt: z.string(),
  /** The Repeats section ('custom': a rule sent through the API, which the form keeps as it is). */
  repeatFreq: z.enum(REPEAT_CHOICES),
  repeatDays: z.array(z.enum(WEEKDAYS)),
  repeatEnds: z.enum(['until', 'count']),
  repeatUntil: z.string(),
  repeatCount: z.string(),
  repeatInterval: z.number(),
  termTime: z.boolean(),
});
export type EventFormValues = z.input<typeof EventFormFieldsSchema>;
/** A new event's form: its cover uploaded, its status from its dates (issue 31). */
export const NEW_EVENT_FORM: EventFormValues = {
  title: '',
  description: '',
  coverMode: 'file',
  cover_image: '',
  category: '',
  location: '',
  start_date: '',
  end_date: '',
  status: '',
  gallery_id: '',
  audience: 'everyone',
  audienceBranch: null,
  audienceProgramme: null,
  branch: '',
  publishAt: '',
  repeatFreq: '',
  repeatDays: [],
  repeatEnds: 'until',
  repeatUntil: '',
  repeatCount: '',
  repeatInterval: 1,
  termTime: false,
};

/** The Repeats section as the API's `repeat`: null when it does not repeat, undefined for a rule the form keeps. */
function repeatOfForm(form: EventFormValues): Repeat | null | undefined {
  if (form.repeatFreq === '') return null;
  if (form.repeatFreq === 'custom') return undefined;
  const [freq, by] = form.repeatFreq.split('-') as ['daily' | 'weekly' | 'monthly', 'date' | 'weekday' | undefined];
  return {
    freq,
    interval: form.repeatInterval,
    weekdays: freq === 'weekly' ? form.repeatDays : undefined,
    monthlyBy: by,
    until: form.repeatEnds === 'until' ? form.repeatUntil : null,
    count: form.repeatEnds === 'count' ? (form.repeatCount as unknown as number) : null,
    termTime: form.termTime,
  };
}

/** Where the API's message about a field is shown in the form (`repeat.until` beside "Ends on", a rule's beside "Repeats"). */
export function eventFormField(path: readonly PropertyKey[], form: Pick<EventFormValues, 'repeatEnds'>): string {
  const [first, second] = path.map(String);
  if (first === 'rrule' || first === 'termTime') return 'repeatFreq';
  if (first !== 'repeat') return first ?? '';
  if (second === 'count' || (second === 'until' && form.repeatEnds === 'count')) return 'repeatCount';
  if (second === 'until') return 'repeatUntil';
  if (second === 'weekdays') return 'repeatDays';
  return 'repeatFreq';
}

/** A datetime-local field's value read on the school's clock; anything else is left for the date check. */
const onSchoolClock = (local: string, timeZone: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local) ? fromDatetimeLocal(local.slice(0, 16), timeZone) : local;

/**
 * The form checked as the API checks it (EventInputSchema, the same messages), and the cover the
 * chosen way asks for, said beside the other fields' messages whatever they are; what it makes of
 * the fields is the API's payload. (One step, not an intersection: zod cannot merge an
 * intersection's two outputs when only one side failed.)
 */
export const eventFormSchema = (timeZone: string) =>
  EventFormFieldsSchema.transform((form, ctx): z.output<typeof EventInputSchema> => {
    const parsed = EventInputSchema.safeParse({
      ...form,
      start_date: onSchoolClock(form.start_date, timeZone),
      end_date: form.end_date ? onSchoolClock(form.end_date, timeZone) : null,
      cover_image: form.cover_image || null,
      status: form.status || undefined,
      branch: form.branch || null,
      publishAt: form.publishAt ? onSchoolClock(form.publishAt, timeZone) : null,
      repeat: repeatOfForm(form),
      termTime: form.repeatFreq === 'custom' ? form.termTime : undefined,
    } satisfies EventInput);
    const issues = parsed.success
      ? []
      : parsed.error.issues.map(({ path, message }) => ({ path: [eventFormField(path, form)], message }));
    if (!form.cover_image.trim() && !issues.some((issue) => issue.path[0] === 'cover_image'))
      issues.push({
        path: ['cover_image'],
        message: form.coverMode === 'url' ? 'Cover image URL is required.' : 'Choose a cover image file.',
      });
    for (const { path, message } of issues) ctx.addIssue({ code: 'custom', path, message });
    return issues.length || !parsed.success ? z.NEVER : parsed.data;
  });

/**
 * Orders of GET /api/events: `schedule` (default; the one events order: not yet over soonest first,
 * then past ones most recently ended first), latest start first, earliest start first, by title.
 */
export const EVENT_SORTS = ['schedule', 'start-desc', 'start-asc', 'title'] as const;
export type EventSort = (typeof EVENT_SORTS)[number];

/** GET /api/events: `?limit&offset&sort&q&status` (§2: q matches title, category or location). */
export const EventListQuerySchema = listQuerySchema({
  defaultLimit: 24,
  sorts: EVENT_SORTS,
  filters: { status: optionalFilter(EVENT_STATUSES, 'status') },
});
export type EventListOptions = z.output<typeof EventListQuerySchema>;
/** What a screen asks for (the rest takes the schema's defaults). */
export type EventListQuery = Partial<EventListOptions>;

/** §2 Events list counters: Total Events, Upcoming, Ongoing, Completed. */
export interface EventCounts {
  total: number;
  upcoming: number;
  ongoing: number;
  completed: number;
}
export type EventListPage = ListPage<Event, EventCounts>;
