import { z } from 'zod';

/**
 * Mailings (issue 33): one message sent to many recipients, a row each in the database outbox.
 * The staff API's answers and the few things staff may set.
 */
export const MAILING_RATE_MIN = 1;
export const MAILING_RATE_MAX = 6000;
/** Messages a minute when nobody chose: gentle on a school's mail server. */
export const DEFAULT_MAILING_RATE = 120;

export const MailSettingsSchema = z.object({
  ratePerMinute: z.coerce
    .number({ error: 'Give the number of messages a minute.' })
    .int('Give a whole number of messages a minute.')
    .min(MAILING_RATE_MIN, `At least ${MAILING_RATE_MIN} message a minute.`)
    .max(MAILING_RATE_MAX, `At most ${MAILING_RATE_MAX} messages a minute.`),
});
export type MailSettings = z.infer<typeof MailSettingsSchema>;

/** What the settings screen shows: the rate, whether e-mail can be sent at all, and why not. */
export interface MailStatus {
  configured: boolean;
  /** Why mailings cannot be started, for the screen; null when they can. */
  message: string | null;
  ratePerMinute: number;
  /** The server's environment sets the rate (SPROUT_MAILING_RATE): the screen's value does nothing. */
  rateFixed: boolean;
  dkim: boolean;
}

export interface MailingCounts {
  queued: number;
  sent: number;
  failed: number;
}

export interface MailingSummary {
  id: number;
  kind: 'notice' | 'post' | 'digest';
  subject: string;
  audienceLabel: string;
  operational: boolean;
  state: 'sending' | 'done' | 'cancelled';
  counts: MailingCounts;
  /** ISO 8601. */
  createdAt: string;
  finishedAt: string | null;
  createdBy: string | null;
}

export interface MailingFailure {
  id: number;
  email: string;
  error: string | null;
  attempts: number;
}

export interface MailingDetail extends MailingSummary {
  failures: { data: MailingFailure[]; total: number; limit: number; offset: number };
}

export const MailingListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const MailingFailuresQuerySchema = MailingListQuerySchema;

/** A test to the signed-in member of staff: a mailing's message (`mailingId`), or one written here. */
export const MailingTestSchema = z
  .object({
    mailingId: z.coerce
      .number()
      .int()
      .min(1)
      .max(2 ** 31 - 1)
      .optional(),
    subject: z.string().trim().max(200, 'A subject may be at most 200 characters.').optional(),
    html: z.string().max(200_000, 'The message is too long.').optional(),
    text: z.string().trim().max(100_000, 'The message is too long.').optional(),
    operational: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.mailingId !== undefined) return;
    if (!v.subject) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'Give the test a subject.' });
    if (!v.text) ctx.addIssue({ code: 'custom', path: ['text'], message: 'Give the test a plain-text body.' });
  });
export type MailingTest = z.infer<typeof MailingTestSchema>;

export type DnsRecordCheck = { found: true; record: string } | { found: false; advice: string };

/** The school's domain, checked for the records that keep its mail out of spam folders. */
export type DnsCheck =
  | { checked: false; domain: string | null; reason: string }
  | { checked: true; domain: string; spf: DnsRecordCheck; dmarc: DnsRecordCheck; missing: string[] };
