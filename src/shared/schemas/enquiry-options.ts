/**
 * A programme as the admission form, the admissions board and the seats editor use it (issue 30):
 * the school's programmes (Website > Programs) are the form's departments. An enquiry stores the
 * programme's `key`, so a renamed programme keeps its enquiries. Zod-free: public pages import it.
 */
export interface ProgrammeOption {
  key: string;
  name: string;
  /** The age band as parents read it: "Ages 3-4". */
  ages: string;
  /** The ages in years (3-4 runs to the fifth birthday); null: no bound. */
  minAge: number | null;
  maxAge: number | null;
  /** Kept for its enquiries and seats, not offered on the admission form. */
  hidden: boolean;
}

/** A programme's current name; a key no programme has any more shows as itself. */
export const programmeName = (programmes: readonly Pick<ProgrammeOption, 'key' | 'name'>[], key: string) =>
  programmes.find((p) => p.key === key)?.name ?? key;

export const ENQUIRY_TYPES = ['admission', 'contact'] as const;
export type EnquiryType = (typeof ENQUIRY_TYPES)[number];

/** Spam defences: a form sent sooner than this after it was shown is refused. */
export const MIN_FILL_MS = 3000;
/** Submissions per IP address per hour, both forms together. */
export const SUBMISSIONS_PER_HOUR = 5;
