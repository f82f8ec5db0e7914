/** §5: the admission form's departments with their age bands (§9). Zod-free: public pages import it. */
export const DEPARTMENTS = [
  { value: 'playgroup', label: 'Playgroup (2-3 yrs)' },
  { value: 'nursery', label: 'Nursery (3-4 yrs)' },
  { value: 'kindergarten', label: 'Kindergarten (4-6 yrs)' },
] as const;
export type Department = (typeof DEPARTMENTS)[number]['value'];

export const ENQUIRY_TYPES = ['admission', 'contact'] as const;
export type EnquiryType = (typeof ENQUIRY_TYPES)[number];

/** Spam defences: a form sent sooner than this after it was shown is refused. */
export const MIN_FILL_MS = 3000;
/** Submissions per IP address per hour, both forms together. */
export const SUBMISSIONS_PER_HOUR = 5;
