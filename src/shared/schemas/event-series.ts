import { z } from 'zod';
import { WEEKDAYS, type Repeat } from '../repeat-rule.ts';

/** Issue 34: which occurrences of a repeating event an edit or a delete applies to, as calendar apps ask. */
export const EVENT_SCOPES = ['this', 'following', 'all'] as const;
export type EventScope = (typeof EVENT_SCOPES)[number];
export const EventScopeSchema = z.enum(EVENT_SCOPES, { error: 'Choose which events: this, following or all.' });

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the last date as YYYY-MM-DD.')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Give the last date as YYYY-MM-DD.');

/**
 * POST/PUT /api/events' `repeat`: the back office's Repeats section, which the server turns into an
 * RRULE (shared/repeat-rule.ts ruleOfRepeat). It ends on a date or after a number of times.
 */
export const RepeatSchema = z
  .object({
    freq: z.enum(['daily', 'weekly', 'monthly'], { error: 'Choose how often it repeats: daily, weekly or monthly.' }),
    interval: z.coerce.number().int().min(1, 'Repeat at least every 1.').max(99, 'Repeat at most every 99.').default(1),
    weekdays: z
      .array(z.enum(WEEKDAYS, { error: 'Choose days from Monday to Sunday.' }))
      .max(7)
      .optional(),
    monthlyBy: z.enum(['date', 'weekday'], { error: 'Choose monthly on the date or on the weekday.' }).optional(),
    until: z.union([day, z.literal(''), z.null()]).optional(),
    count: z
      .union([
        z.coerce
          .number()
          .int('Give a whole number of times.')
          .min(1, 'Repeat it at least once.')
          .max(1000, 'At most 1,000 times.'),
        z.literal(''),
        z.null(),
      ])
      .optional(),
    termTime: z.boolean().default(false),
  })
  .transform((r): Repeat => ({ ...r, until: r.until || null, count: r.count === '' ? null : (r.count ?? null) }))
  .refine((r) => !r.until !== !r.count, {
    path: ['until'],
    message: 'Say when it stops repeating: on a date or after a number of times.',
  });

/** A repeating event's series as GET /api/events/{id} gives it. */
export const EventSeriesSchema = z.object({
  id: z.number().int(),
  rrule: z.string(),
  /** The rule in words: "Every Tuesday in term time until July 18, 2027". */
  words: z.string(),
  termTime: z.boolean(),
  /** The first occurrence on the school's wall clock ('YYYY-MM-DDTHH:mm'), and the zone it is read in. */
  startsLocal: z.string(),
  timeZone: z.string(),
  /** The rule as the form's Repeats section says it; null for a rule only the API can give. */
  repeat: z
    .object({
      freq: z.enum(['daily', 'weekly', 'monthly']),
      interval: z.number(),
      weekdays: z.array(z.enum(WEEKDAYS)).optional(),
      monthlyBy: z.enum(['date', 'weekday']).optional(),
      until: z.string().nullable().optional(),
      count: z.number().nullable().optional(),
      termTime: z.boolean(),
    })
    .nullable(),
  /** How many occurrences it has (rows), and the next few still to come. */
  occurrences: z.number().int(),
  next: z.array(z.object({ id: z.number().int(), slug: z.string().nullable(), start_date: z.string() })),
  /** Occurrences a closure cancelled: when, and the closure's name. */
  cancelled: z.array(z.object({ start_date: z.string(), closure: z.string() })),
});
export type EventSeries = z.infer<typeof EventSeriesSchema>;
