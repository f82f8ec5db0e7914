import { describe, expect, it } from 'vitest';
import { blocksOf, pageDifference } from './page-diff.ts';

const page = (body: string, more = {}) => ({ title: 'Fees', slug: 'fees', placement: 'footer' as const, body, ...more });

describe('comparing a page’s versions', () => {
  it('reads the body as paragraphs, headings and list items', () => {
    expect(
      blocksOf('<h2>Fees &amp; terms</h2><p>Pay by <strong>1 May</strong>.</p><ul><li><p>Cash</p></li><li>Card</li></ul>'),
    ).toEqual(['Fees & terms', 'Pay by 1 May .', 'Cash', 'Card']);
  });

  it('names the fields that differ and the paragraphs only one version has', () => {
    const before = page('<p>Same</p><p>Old price</p><p>Same</p>', { title: 'Fees 2025' });
    const after = page('<p>Same</p><p>New price</p>', { slug: 'fees-2026', placement: 'header' });
    expect(pageDifference(before, after)).toEqual({
      fields: [
        { label: 'Title', before: 'Fees 2025', after: 'Fees' },
        { label: 'Address', before: '/fees', after: '/fees-2026' },
        { label: 'Where parents find it', before: 'In the footer', after: 'In the header menu' },
      ],
      removed: ['Old price', 'Same'],
      added: ['New price'],
    });
    expect(pageDifference(before, before)).toEqual({ fields: [], removed: [], added: [] });
  });
});
