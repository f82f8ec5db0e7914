import { describe, expect, it } from 'vitest';
import { contentChanges, fieldLabel } from './content-diff.ts';

describe('the fields that differ between two versions', () => {
  const published = {
    hero: { headline: 'A Place to Grow', photo: null, buttons: [{ label: 'Getting Started', target: '/admission' }] },
    testimonials: { items: [{ name: 'Priya', quote: 'Lovely', rating: 5 }] },
    showScene: true,
  };

  it('names each changed text, flag and number by its path', () => {
    const older = structuredClone(published);
    older.hero.headline = 'Where Little Ones Bloom';
    older.showScene = false;
    older.testimonials.items[0]!.rating = 4;
    expect(contentChanges(older, published)).toEqual([
      { path: 'hero.headline', before: 'Where Little Ones Bloom', after: 'A Place to Grow' },
      { path: 'testimonials.items.0.rating', before: '4', after: '5' },
      { path: 'showScene', before: 'No', after: 'Yes' },
    ]);
  });

  it('lists the fields of an item added, and of a photo taken away', () => {
    const newer = structuredClone(published) as Record<string, never> & typeof published;
    newer.testimonials.items.push({ name: 'Omar', quote: 'Kind teachers', rating: 5 });
    (newer.hero as { photo: unknown }).photo = { url: '/uploads/a.webp', alt: 'Garden', decorative: false };
    expect(contentChanges(newer, published)).toEqual([
      { path: 'hero.photo.url', before: '/uploads/a.webp', after: '(empty)' },
      { path: 'hero.photo.alt', before: 'Garden', after: '(empty)' },
      { path: 'hero.photo.decorative', before: 'No', after: '(empty)' },
      { path: 'testimonials.items.1.name', before: 'Omar', after: '(empty)' },
      { path: 'testimonials.items.1.quote', before: 'Kind teachers', after: '(empty)' },
      { path: 'testimonials.items.1.rating', before: '5', after: '(empty)' },
    ]);
  });

  it('finds nothing between equal versions', () => {
    expect(contentChanges(published, structuredClone(published))).toEqual([]);
  });

  it('reads a path in words, naming a list item as the editor does and counting from 1', () => {
    expect(fieldLabel('testimonials.items.2.quote')).toBe('Testimonials › Testimonial 3 › Quote');
    expect(fieldLabel('programmes.0.points.1')).toBe('Programme 1 › Point 2');
    expect(fieldLabel('bulletsTitle')).toBe('Bullets title');
    expect(fieldLabel('bullets.0')).toBe('Point 1');
    expect(fieldLabel('hero.headline')).toBe('Hero › Headline');
  });
});
