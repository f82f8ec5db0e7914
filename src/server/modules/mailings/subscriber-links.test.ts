import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { CONFIRM_LINK_MAX_AGE_MS, readSubscriberToken, subscriberLink, subscriberToken } from './subscriber-links.ts';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe('subscriber links', () => {
  it('makes confirm and unsubscribe links that name the subscriber', async () => {
    const confirm = await subscriberLink(handle.db, 'https://school.test/', 'confirm', 42);
    expect(confirm).toMatch(/^https:\/\/school\.test\/newsletter\/confirm\?t=42\./);
    expect(await readSubscriberToken(handle.db, 'confirm', new URL(confirm).searchParams.get('t')!)).toBe(42);
    const leave = await subscriberLink(handle.db, 'https://school.test', 'unsubscribe', 42);
    expect(await readSubscriberToken(handle.db, 'unsubscribe', new URL(leave).searchParams.get('t')!)).toBe(42);
  });

  it('refuses forged, swapped and damaged tokens', async () => {
    const token = await subscriberToken(handle.db, 'unsubscribe', 7);
    expect(await readSubscriberToken(handle.db, 'unsubscribe', token.replace(/^7\./, '8.'))).toBeNull();
    expect(await readSubscriberToken(handle.db, 'confirm', token)).toBeNull();
    // The signature's last character changed (to another: it is 'A' one time in 16).
    const damaged = `${token.slice(0, -1)}${token.endsWith('A') ? 'E' : 'A'}`;
    expect(damaged).not.toBe(token);
    expect(await readSubscriberToken(handle.db, 'unsubscribe', damaged)).toBeNull();
    expect(await readSubscriberToken(handle.db, 'unsubscribe', 'test')).toBeNull();
    expect(await readSubscriberToken(handle.db, 'unsubscribe', '')).toBeNull();
  });

  it('lets a confirmation link run out after 7 days, an unsubscribe link never', async () => {
    const now = Date.now();
    const confirm = await subscriberToken(handle.db, 'confirm', 5, now - CONFIRM_LINK_MAX_AGE_MS - 1000);
    expect(await readSubscriberToken(handle.db, 'confirm', confirm, now)).toBeNull();
    const fresh = await subscriberToken(handle.db, 'confirm', 5, now - CONFIRM_LINK_MAX_AGE_MS + 60_000);
    expect(await readSubscriberToken(handle.db, 'confirm', fresh, now)).toBe(5);
    const leave = await subscriberToken(handle.db, 'unsubscribe', 5, now - 400 * 24 * 3600_000);
    expect(await readSubscriberToken(handle.db, 'unsubscribe', leave, now)).toBe(5);
  });
});
