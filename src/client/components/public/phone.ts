/**
 * A phone number as the school wrote it, kept on one line: its spaces and hyphens become no-break
 * ones, so "+91 98765 43210" never wraps mid-number on a phone (html-validate's tel-non-breaking).
 */
export const phoneText = (phone: string) => phone.replace(/ /g, '\u00a0').replace(/-/g, '\u2011');
