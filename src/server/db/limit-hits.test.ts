import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './client.ts';
import { admitLimitHit, limitRetryAfter, recordLimitHit, type SharedLimit } from './limit-hits.ts';
import { createTestDatabase } from '../test/test-database.ts';

describe('limits kept in the database (shared by every instance)', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  }, 60_000);
  afterAll(() => handle?.close());

  it('admits a burst only up to the limit, even when the attempts arrive at once', async () => {
    const limit: SharedLimit = { name: 'burst', max: 3, windowMs: 60_000 };
    const waits = await Promise.all(Array.from({ length: 10 }, () => admitLimitHit(handle.db, limit, '203.0.113.5')));
    expect(waits.filter((w) => w === 0)).toHaveLength(3);
    for (const wait of waits.filter((w) => w > 0)) expect(wait).toBeGreaterThan(50);
    // Another client and another limit are counted apart.
    expect(await admitLimitHit(handle.db, limit, '203.0.113.6')).toBe(0);
    expect(await admitLimitHit(handle.db, { ...limit, name: 'other' }, '203.0.113.5')).toBe(0);
  });

  it('counts recorded failures and lifts the limit when they leave the window', async () => {
    const limit: SharedLimit = { name: 'window', max: 2, windowMs: 2000 };
    expect(await limitRetryAfter(handle.db, limit, 'a')).toBe(0);
    await recordLimitHit(handle.db, limit, 'a');
    expect(await limitRetryAfter(handle.db, limit, 'a')).toBe(0);
    await recordLimitHit(handle.db, limit, 'a');
    expect(await limitRetryAfter(handle.db, limit, 'a')).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await limitRetryAfter(handle.db, limit, 'a')).toBe(0);
  });
});
