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

type AgeBand = { name: string; ages: string; minAge: number | null; maxAge: number | null };

/** A number of months as a parent reads it: "5 years and 2 months", "1 year", "8 months". */
export function yearsAndMonthsInWords(months: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const [years, rest] = [Math.floor(months / 12), months % 12];
  if (years === 0) return unit(rest, 'month');
  return rest === 0 ? unit(years, 'year') : `${unit(years, 'year')} and ${unit(rest, 'month')}`;
}

/**
 * Issue 31: a child whose age at the wanted start is outside the chosen programme's ages: the age
 * in months and the band as parents read it ("Ages 3-4"), else null (inside, or either unknown).
 * The admission form warns the parent (never refuses) and the board flags the card.
 */
export function ageOutside(
  birthDate: string | undefined,
  start: string | undefined,
  programme: AgeBand | undefined,
): { months: number; band: string } | null {
  const months = monthsOn(birthDate, start);
  if (!programme || months === null || months < 0 || !outsideAges(months, programme)) return null;
  const { minAge: min, maxAge: max } = programme;
  const band =
    programme.ages ||
    (min !== null && max !== null ? `ages ${min}-${max}` : min !== null ? `from age ${min}` : `up to age ${max}`);
  return { months, band };
}

/** The board's flag: "5 y 2 m at the start, outside Nursery (Ages 3-4)", or '' when the age fits. */
export function ageWarning(birthDate: string | undefined, start: string | undefined, programme: AgeBand | undefined): string {
  const outside = ageOutside(birthDate, start, programme);
  if (!outside || !programme) return '';
  return `${yearsAndMonths(outside.months)} at the start, outside ${programme.name} (${outside.band})`;
}
