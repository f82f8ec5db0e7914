/**
 * The admissions pipeline (issue #14): the stages of an admission enquiry and the moves between
 * them. Zod-free so the board, the server and the CSV share one list. Contact enquiries keep the
 * inbox's New / Handled.
 */
export const ADMISSION_STAGES = ['new', 'contacted', 'visit_booked', 'offered', 'enrolled', 'waitlisted', 'declined'] as const;
export type AdmissionStage = (typeof ADMISSION_STAGES)[number];

export const STAGE_LABELS: Record<AdmissionStage, string> = {
  new: 'New',
  contacted: 'Contacted',
  visit_booked: 'Visit booked',
  offered: 'Offered',
  enrolled: 'Enrolled',
  waitlisted: 'Waitlisted',
  declined: 'Declined',
};

/**
 * Where an enquiry may go from each stage. The main line runs forward one or two steps (a family
 * may be offered a seat without a visit); Waitlisted and Declined are ends that can be left again;
 * an enrolled child may still withdraw (Declined). Everything else is refused by the server.
 */
export const STAGE_MOVES: Record<AdmissionStage, readonly AdmissionStage[]> = {
  new: ['contacted', 'visit_booked', 'waitlisted', 'declined'],
  contacted: ['visit_booked', 'offered', 'waitlisted', 'declined'],
  visit_booked: ['contacted', 'offered', 'waitlisted', 'declined'],
  offered: ['enrolled', 'waitlisted', 'declined'],
  enrolled: ['declined'],
  waitlisted: ['contacted', 'visit_booked', 'offered', 'declined'],
  declined: ['contacted', 'waitlisted'],
};

export const canMove = (from: AdmissionStage, to: AdmissionStage) => STAGE_MOVES[from].includes(to);

/** Stages whose families hold (or are promised) a seat: counted against capacity. */
export const SEAT_STAGES: readonly AdmissionStage[] = ['offered', 'enrolled'];

/** The reference a parent is given after submitting: the type's letter and the number. */
export const enquiryReference = (type: 'admission' | 'contact', id: number) =>
  `${type === 'admission' ? 'ADM' : 'MSG'}-${String(id).padStart(5, '0')}`;

/** Whole months from a birth date to a day (both `YYYY-MM-DD`); null when either is unknown. */
export function monthsOn(birthDate: string | undefined, on: string | undefined): number | null {
  const b = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate ?? '');
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(on ?? '');
  if (!b || !d) return null;
  let months = (Number(d[1]) - Number(b[1])) * 12 + (Number(d[2]) - Number(b[2]));
  if (Number(d[3]) < Number(b[3])) months--;
  return months;
}

/** A number of months as "3 y 4 m". */
export const yearsAndMonths = (months: number) => `${Math.floor(months / 12)} y ${months % 12} m`;

/** Age in whole years and months on a day (both `YYYY-MM-DD`), e.g. "3 y 4 m"; '' when unknown. */
export function ageOn(birthDate: string | undefined, on: string | undefined): string {
  const months = monthsOn(birthDate, on);
  if (months === null) return '';
  return months < 0 ? 'not born yet' : yearsAndMonths(months);
}

/**
 * Whether a child of `months` at the start is outside a programme's ages (in years). A band's upper
 * age counts whole years as parents say them: "Ages 3-4" takes a child until the fifth birthday; a
 * fractional bound (2.5) is the last month itself. No bound set: never outside.
 */
export function outsideAges(months: number, band: { minAge: number | null; maxAge: number | null }): boolean {
  if (band.minAge !== null && months < Math.round(band.minAge * 12)) return true;
  if (band.maxAge === null) return false;
  const end = Number.isInteger(band.maxAge) ? (band.maxAge + 1) * 12 : Math.round(band.maxAge * 12) + 1;
  return months >= end;
}

/**
 * Issue 31: a child whose age at the wanted start is outside the chosen programme's ages. The
 * admission form warns the parent (never refuses) and the board flags the card. '' when inside or
 * unknown.
 */
export function ageWarning(
  birthDate: string | undefined,
  start: string | undefined,
  programme: { name: string; ages: string; minAge: number | null; maxAge: number | null } | undefined,
): string {
  const months = monthsOn(birthDate, start);
  if (!programme || months === null || months < 0 || !outsideAges(months, programme)) return '';
  const { minAge: min, maxAge: max } = programme;
  const band =
    programme.ages ||
    (min !== null && max !== null ? `ages ${min}-${max}` : min !== null ? `from age ${min}` : `up to age ${max}`);
  return `${yearsAndMonths(months)} at the start, outside ${programme.name} (${band})`;
}
