import { describe, expect, it } from 'vitest';
import { ProgrammeKeySchema } from '#shared/schemas/site-content.ts';
import { programmeKeyFor } from './programme-key.ts';

describe('a new programme key', () => {
  it('is the name in lowercase with dashes', () => {
    expect(programmeKeyFor('Toddlers (18 months-2)', [])).toBe('toddlers-18-months-2');
    expect(programmeKeyFor('  Pré-school  ', [])).toBe('pre-school');
  });

  it('is unique among the programmes already there', () => {
    expect(programmeKeyFor('Toddlers', ['toddlers'])).toBe('toddlers-2');
    expect(programmeKeyFor('Toddlers', ['toddlers', 'toddlers-2'])).toBe('toddlers-3');
  });

  it('is always a valid key, whatever the name', () => {
    for (const name of ['', '!!!', 'ਨਰਸਰੀ', 'A'.repeat(80), '-Reception-']) {
      expect(ProgrammeKeySchema.safeParse(programmeKeyFor(name, ['programme'])).success, name).toBe(true);
    }
  });
});
