/**
 * The newsletter's choices as the public subscribe form shows them (issue 33). Zod-free: public
 * pages import it. The same values as the `newsletter_subscribers` table's (db/schema/mailings.ts).
 */
export const NEWSLETTER_TOPICS = ['news', 'events'] as const;
export type NewsletterTopic = (typeof NEWSLETTER_TOPICS)[number];

export const TOPIC_LABELS: Record<NewsletterTopic, string> = {
  news: 'News and blog posts',
  events: 'Coming events',
};

/** Where a subscription was asked for: the public forms, or a signed-in parent's family area. */
export const SUBSCRIBE_SOURCES = ['footer', 'blog'] as const;
export type SubscribeSource = (typeof SUBSCRIBE_SOURCES)[number];
export const FAMILY_AREA_SOURCE = 'family-area';

/** The answer to every subscription, whether or not the address was known. */
export const SUBSCRIBE_ANSWER = 'Check your inbox to confirm';
export const NEWSLETTER_UNAVAILABLE = 'The newsletter is not available yet: this site cannot send e-mail.';

/** An unconfirmed subscription (and its link) lasts this long, then it is forgotten. */
export const UNCONFIRMED_DAYS = 7;

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
