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

/** Age in whole years and months on a day (both `YYYY-MM-DD`), e.g. "3 y 4 m"; '' when unknown. */
export function ageOn(birthDate: string | undefined, on: string | undefined): string {
  const b = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate ?? '');
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(on ?? '');
  if (!b || !d) return '';
  let months = (Number(d[1]) - Number(b[1])) * 12 + (Number(d[2]) - Number(b[2]));
  if (Number(d[3]) < Number(b[3])) months--;
  if (months < 0) return 'not born yet';
  return `${Math.floor(months / 12)} y ${months % 12} m`;
}
