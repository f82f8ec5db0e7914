import { apiGet } from '#client/lib/api-client.ts';

/**
 * GET /api/newsletter/form-token: the server's signed note of when the subscribe form was seen (its
 * minimum fill time, as the enquiry forms have). Asked for in the browser, never rendered into the
 * page: public pages are cached for minutes.
 */
export const getNewsletterToken = async () =>
  (await apiGet<{ token: string }>('/api/newsletter/form-token', { cache: 'no-store' })).token;
