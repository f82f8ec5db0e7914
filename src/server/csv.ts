/** A cell a spreadsheet would run as a formula is kept as text (CSV injection). */
export const csvCell = (value: string | null | undefined) => {
  const text = value ?? '';
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};
