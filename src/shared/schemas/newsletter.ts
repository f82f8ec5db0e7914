import { z } from 'zod';
import { AntiSpamSchema } from './enquiry.ts';
import { listQuerySchema, optionalFilter, type ListPage } from './list-query.ts';
import { NEWSLETTER_TOPICS, SUBSCRIBE_SOURCES, type NewsletterTopic } from './newsletter-options.ts';

/** Issue 33: the newsletter's payloads (the choices themselves are zod-free in newsletter-options.ts). */

export const SUBSCRIBER_STATES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];

const NewsletterEmailSchema = z
  .string('Enter your e-mail address.')
  .trim()
  .min(1, 'Enter your e-mail address.')
  .max(200, { message: 'This e-mail address is too long.', abort: true })
  .pipe(z.email('Enter a valid e-mail address, like name@example.com.'));

const BranchChoiceSchema = z
  .string('branch must be text.')
  .trim()
  .max(200, 'Choose one of our branches.')
  .nullish()
  .transform((v) => v || null);

const TopicsSchema = z
  .array(
    z.enum(NEWSLETTER_TOPICS, `topics must be among: ${NEWSLETTER_TOPICS.join(', ')}.`),
    'Choose what you would like to hear about.',
  )
  .min(1, 'Choose at least one: news or events.')
  .max(NEWSLETTER_TOPICS.length)
  .transform((topics) => NEWSLETTER_TOPICS.filter((t) => topics.includes(t)));

/** POST /api/newsletter/subscribe: the footer's and the blog's form (with the enquiry forms' spam guards). */
export const NewsletterSubscribeSchema = z
  .object({
    email: NewsletterEmailSchema,
    branch: BranchChoiceSchema,
    topics: TopicsSchema,
    source: z.enum(SUBSCRIBE_SOURCES, `source must be one of: ${SUBSCRIBE_SOURCES.join(', ')}.`),
  })
  .extend(AntiSpamSchema.shape);
export type NewsletterSubscribe = z.infer<typeof NewsletterSubscribeSchema>;

/**
 * The family area's Newsletter form (a plain HTML form: one field per topic, since a form's repeated
 * names would be lost when read as an object). `leave` unsubscribes.
 */
export const FamilyNewsletterFormSchema = z.object({
  action: z.enum(['save', 'leave'], 'Choose to save your choices or to unsubscribe.'),
  news: z.literal('yes').optional(),
  events: z.literal('yes').optional(),
  branch: BranchChoiceSchema,
});

/** The weekly digest (a setting): on or off, the day (0 Sunday ... 6 Saturday) and hour on the school's clock. */
export const DigestSettingsSchema = z.object({
  enabled: z.boolean('enabled must be true or false.'),
  weekday: z.number('weekday must be a number.').int().min(0, 'Choose a day of the week.').max(6, 'Choose a day of the week.'),
  hour: z.number('hour must be a number.').int().min(0, 'Choose an hour from 0 to 23.').max(23, 'Choose an hour from 0 to 23.'),
});
export type DigestSettings = z.infer<typeof DigestSettingsSchema>;
export const DEFAULT_DIGEST_SETTINGS: DigestSettings = { enabled: false, weekday: 1, hour: 8 };

/** GET /api/newsletter/digest: the settings, with when the next digest is looked at and the last made. */
export interface DigestStatus extends DigestSettings {
  /** ISO: the next time the school's clock reads the day and hour (null when off). */
  nextAt: string | null;
  /** ISO: the last digest's hour that was looked at (whether or not it had anything to send). */
  lastAt: string | null;
}

/** A subscriber as the staff list shows it. */
export interface Subscriber {
  id: number;
  email: string;
  branch: string | null;
  topics: NewsletterTopic[];
  state: SubscriberState;
  source: string;
  consentAt: string | null;
  consentSource: string | null;
  unsubscribedAt: string | null;
  createdAt: string;
}

export const SUBSCRIBER_SORTS = ['newest', 'email'] as const;
/** GET /api/newsletter/subscribers: `q` searches the address. */
export const SubscriberListQuerySchema = listQuerySchema({
  defaultLimit: 50,
  sorts: SUBSCRIBER_SORTS,
  filters: { state: optionalFilter(SUBSCRIBER_STATES, 'state') },
});
export type SubscriberListQuery = Partial<z.output<typeof SubscriberListQuerySchema>>;
export type SubscriberListPage = ListPage<Subscriber, Record<SubscriberState, number>>;

/** POST /api/posts/:id/newsletter: the mailing that was started. */
export interface PostMailingStarted {
  id: number;
  recipients: number;
}
