import { describe, expect, it } from 'vitest';
import { SECTION_SCHEMAS } from './site-content.ts';
import { SECTION_KEYS, SITE_DEFAULTS } from './site-content-defaults.ts';

describe('site content defaults (issue 30)', () => {
  it.each(SECTION_KEYS)('the %s section is valid as it is: its schema keeps every word', (key) => {
    const parsed = SECTION_SCHEMAS[key].safeParse(SITE_DEFAULTS[key]);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toEqual(SITE_DEFAULTS[key]);
  });

  it('the default programmes are the departments enquiries already name, in order', () => {
    // The three fixed departments before issue 30: enquiries stored then name these keys.
    expect(SITE_DEFAULTS.programs.programmes.map((p) => p.key)).toEqual(['playgroup', 'nursery', 'kindergarten']);
  });

  it('the home section has no testimonial (none is invented) and buttons to /admission and /about', () => {
    const { testimonials, hero } = SITE_DEFAULTS.home;
    expect(testimonials.items).toEqual([]);
    expect(hero.buttons.map((b) => b.target)).toEqual(['/admission', '/about']);
    expect(hero.photo).toBeNull();
  });
});
