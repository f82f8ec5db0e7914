/**
 * A new programme's key, from its name: lowercase letters, digits and dashes (ProgrammeKeySchema),
 * unique among `taken`. Enquiries and seats name the key, so it is made once and never follows a
 * later rename.
 */
export function programmeKeyFor(name: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let base = words.join('-').slice(0, 36);
  while (base.endsWith('-')) base = base.slice(0, -1);
  base ||= 'programme';
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const key = `${base}-${n}`;
    if (!used.has(key)) return key;
  }
}
