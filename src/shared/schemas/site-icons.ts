/**
 * The icons staff can pick for a card, an activity or an area (issue 30): Lucide's names, drawn
 * from client/components/public/icons.ts. Zod-free: public pages import it.
 */
export const SITE_ICONS = [
  'baby',
  'bike',
  'book-open',
  'brain',
  'calculator',
  'flask-conical',
  'flower-2',
  'globe-2',
  'hand',
  'heart-handshake',
  'lightbulb',
  'music',
  'palette',
  'party-popper',
  'rocket',
  'school',
  'shirt',
  'sigma',
  'spell-check',
  'sprout',
  'star',
  'trees',
] as const;
export type SiteIcon = (typeof SITE_ICONS)[number];
