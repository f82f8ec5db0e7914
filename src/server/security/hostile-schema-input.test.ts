import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SHARED_FIELD_NAMES, SHARED_SCHEMAS } from '../test/shared-schemas.ts';

/**
 * Every schema the server validates with answers a megabyte of hostile text at once: lengths are
 * capped before any pattern runs, and every pattern is linear. (A quadratic pattern on one request
 * held the event loop for seconds, and the public site with it.)
 */
const MB = 1_000_000;
const HOSTILE = {
  'open angles': '<'.repeat(MB),
  'unclosed tags': '<a '.repeat(MB / 3),
  'video host repeated': 'https://youtube.com/watch?&'.repeat(MB / 27),
  'long URL': `https://example.com/${'a'.repeat(MB)}`,
  'long address': `${'a'.repeat(MB)}@example.com`,
  'dots and dashes': '.-'.repeat(MB / 2),
  spaces: ' '.repeat(MB),
  digits: '9'.repeat(MB),
};

const schemas = SHARED_SCHEMAS;
const ALL_FIELDS = SHARED_FIELD_NAMES;

function slowest(schema: z.ZodType, input: unknown): number {
  let best = Infinity;
  // The best of two runs: a garbage collection or a busy neighbour is not the schema's cost.
  for (let i = 0; i < 2; i++) {
    const start = performance.now();
    schema.safeParse(input);
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe('shared schemas under a megabyte of hostile text', () => {
  it('finds the schemas and their fields', () => {
    expect(schemas.length).toBeGreaterThan(20);
    expect(ALL_FIELDS).toEqual(expect.arrayContaining(['content', 'videoUrl', 'email', 'siteUrl', 'slug']));
  });

  for (const { name, schema } of schemas) {
    it(`${name} answers without backtracking`, () => {
      for (const [kind, text] of Object.entries(HOSTILE)) {
        const everyField = Object.fromEntries(ALL_FIELDS.map((field) => [field, text]));
        for (const [shape, input] of [
          ['as the value', text],
          ['in every field', everyField],
          ['in every field of a video gallery', { ...everyField, type: 'video' }],
        ] as const) {
          // Linear work takes a few ms; a backtracking pattern took 14 s on 210 kB. The bound is far
          // from both, so a busy machine (CI beside a browser) does not fail it.
          expect(slowest(schema, input), `${kind} ${shape}`).toBeLessThan(1000);
        }
      }
    });
  }
});
