import type { SiteIcon } from '#shared/schemas/site-icons.ts';
import { Icon, type IconData } from './icon.tsx';
import {
  Baby,
  Bike,
  BookOpen,
  Brain,
  Calculator,
  FlaskConical,
  Flower2,
  Globe2,
  Hand,
  HeartHandshake,
  Lightbulb,
  Music,
  Palette,
  PartyPopper,
  Rocket,
  School,
  Shirt,
  Sigma,
  SpellCheck,
  Sprout,
  Star,
  Trees,
} from './icons.ts';

/** The drawing of each icon staff can pick for a card, an activity or an area (SITE_ICONS). */
export const SITE_ICON_DATA: Record<SiteIcon, IconData> = {
  baby: Baby,
  bike: Bike,
  'book-open': BookOpen,
  brain: Brain,
  calculator: Calculator,
  'flask-conical': FlaskConical,
  'flower-2': Flower2,
  'globe-2': Globe2,
  hand: Hand,
  'heart-handshake': HeartHandshake,
  lightbulb: Lightbulb,
  music: Music,
  palette: Palette,
  'party-popper': PartyPopper,
  rocket: Rocket,
  school: School,
  shirt: Shirt,
  sigma: Sigma,
  'spell-check': SpellCheck,
  sprout: Sprout,
  star: Star,
  trees: Trees,
};

type SiteIconGlyphProps = Omit<React.ComponentProps<typeof Icon>, 'icon'> & { name: SiteIcon };

/** One of the site's icons by its name, drawn like every public icon (decorative: label its control). */
export function SiteIconGlyph({ name, ...rest }: SiteIconGlyphProps) {
  return <Icon icon={SITE_ICON_DATA[name] ?? Star} {...rest} />;
}
