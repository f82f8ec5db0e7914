/** One field that differs between two versions of a section: its dotted path and both values. */
export interface FieldChange {
  path: string;
  before: string;
  after: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const shown = (value: Json | undefined): string => {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return JSON.stringify(value);
};

const isObject = (value: unknown): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The leaf fields that differ between `before` and `after` (two documents of one section), in the
 * documents' order: `hero.headline`, `testimonials.items.2.quote`, a list item added or removed.
 */
export function contentChanges(before: unknown, after: unknown, path = ''): FieldChange[] {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => contentChanges(before[key], after[key], path ? `${path}.${key}` : key));
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, i) => contentChanges(before[i], after[i], `${path}.${i}`)).flat();
  }
  if (before === after) return [];
  // A whole item added or removed (or a photo set or taken away): its leaves, each against nothing.
  const empty = (v: unknown) => (Array.isArray(v) ? [] : {});
  const nested = (v: unknown) => isObject(v) || Array.isArray(v);
  if ((before === undefined || before === null) && nested(after)) return contentChanges(empty(after), after, path);
  if ((after === undefined || after === null) && nested(before)) return contentChanges(before, empty(before), path);
  return [{ path, before: shown(before as Json), after: shown(after as Json) }];
}

/** A list's item in words, as the editor names it (by the list's path without its numbers). */
const ITEM_NAMES: Record<string, string> = {
  'hero.buttons': 'Button',
  'why.cards': 'Card',
  'testimonials.items': 'Testimonial',
  blocks: 'Block',
  bullets: 'Point',
  programmes: 'Programme',
  'programmes.points': 'Point',
  activities: 'Activity',
  highlights: 'Highlight',
  approaches: 'Approach',
  areas: 'Area',
  'areas.focus': 'Focus point',
  instructions: 'Instruction',
};

const words = (part: string) =>
  part
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/^./, (c) => c.toUpperCase());

/**
 * A dotted path in words: `testimonials.items.2.quote` -> "Testimonials › Testimonial 3 › Quote"
 * (a list's item counted from 1, by the editor's name for it).
 */
export function fieldLabel(path: string): string {
  const parts: string[] = [];
  const named: string[] = [];
  for (const part of path.split('.')) {
    if (/^\d+$/.test(part) && parts.length) {
      const item = ITEM_NAMES[named.join('.')];
      parts[parts.length - 1] = `${item ?? parts[parts.length - 1]} ${Number(part) + 1}`;
    } else {
      named.push(part);
      parts.push(words(part));
    }
  }
  return parts.join(' › ');
}
