import { apiPost } from '#client/lib/api-client.ts';
import type { EnquiryType } from '#shared/schemas/enquiry-options.ts';

/** POST /api/enquiries/{admission|contact}; throws ApiError with `fields` when the server refuses. */
export const submitEnquiry = (type: EnquiryType, values: Record<string, unknown>) =>
  apiPost<{ data: { id: number | null; reference?: string } }>(`/api/enquiries/${type}`, values);
