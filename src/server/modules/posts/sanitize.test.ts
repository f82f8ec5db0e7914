import { describe, expect, it } from 'vitest';
import { sanitizePostHtml } from './sanitize.ts';

describe('sanitizePostHtml', () => {
  const hostile =
    '<p onclick="steal()">Hi<script>alert(1)</script> <a href="javascript:alert(2)">x</a><img src=x onerror=alert(3)></p>';
  const clean = '<p>Hi <a target="_blank" rel="noopener noreferrer nofollow">x</a></p>';

  it('keeps the allow-list, every time the same input is read', () => {
    expect(sanitizePostHtml(hostile)).toBe(clean);
    expect(sanitizePostHtml(hostile)).toBe(clean);
    expect(sanitizePostHtml(`${hostile} `)).toBe(`${clean} `);
  });

  it('answers long and many posts alike (the memo of recent answers stays bounded)', () => {
    const long = `<p>${'word '.repeat(200_000)}</p><script>x()</script>`;
    expect(sanitizePostHtml(long)).toBe(`<p>${'word '.repeat(200_000)}</p>`);
    for (let i = 0; i < 300; i++)
      expect(sanitizePostHtml(`<p>${i}${'a'.repeat(10_000)}</p><b onclick=x>`)).not.toContain('onclick');
    expect(sanitizePostHtml(hostile)).toBe(clean);
  });
});
