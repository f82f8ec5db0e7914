import { apiGet } from '#client/lib/api-client.ts';
import type { EnquiryType } from '#shared/schemas/enquiry-options.ts';

/**
 * GET /api/enquiries/form-token: the server's signed note of when the form was shown (its minimum
 * fill time). Asked for in the browser once the form is on screen, never rendered into the page:
 * public pages are cached for minutes, so a token in their HTML would not date from the parent's visit.
 */
export const getFormToken = async (type: EnquiryType) =>
  (await apiGet<{ token: string }>(`/api/enquiries/form-token?type=${type}`, { cache: 'no-store' })).token;
