import { apiPost } from '#client/lib/api-client.ts';
import type { NewsletterTopic, SubscribeSource } from '#shared/schemas/newsletter-options.ts';

export interface SubscribeValues {
  email: string;
  branch: string | null;
  topics: NewsletterTopic[];
  source: SubscribeSource;
  /** The honeypot: empty from a person. */
  website: string;
  formToken: string;
}

/** POST /api/newsletter/subscribe; throws ApiError with `fields` when the server refuses. */
export const subscribeToNewsletter = (values: SubscribeValues) =>
  apiPost<{ message: string }>('/api/newsletter/subscribe', { ...values });
