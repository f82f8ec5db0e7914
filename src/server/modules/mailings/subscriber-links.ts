import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { secretOf } from '../enquiries/form-token.ts';
import { originOf } from './mailing-message.ts';

export type SubscriberLinkPurpose = 'confirm' | 'unsubscribe';

const SECRET_KEY = 'newsletter_link_secret';
/** A confirmation link works for a week; an unsubscribe link for as long as the mail is kept. */
export const CONFIRM_LINK_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Read once per process and database. */
const linkSecret = secretOf(SECRET_KEY);

const sign = (key: Buffer, purpose: SubscriberLinkPurpose, id: number, issuedAt: number) =>
  createHmac('sha256', key).update(`newsletter:${purpose}:${id}:${issuedAt}`).digest('base64url');

/**
 * A signed token naming a subscriber (HMAC-SHA256; nothing is stored): `id.issuedAt.signature`,
 * issuedAt in base 36 for confirmation links (they expire), 0 for unsubscribe links (they do not).
 */
export async function subscriberToken(db: Db, purpose: SubscriberLinkPurpose, subscriberId: number, now = Date.now()) {
  const issuedAt = purpose === 'confirm' ? now : 0;
  return `${subscriberId}.${issuedAt.toString(36)}.${sign(await linkSecret(db), purpose, subscriberId, issuedAt)}`;
}

/** `${origin}/newsletter/confirm?t=...` (valid 7 days) or `${origin}/newsletter/unsubscribe?t=...` (no expiry). */
export async function subscriberLink(
  db: Db,
  origin: string,
  purpose: SubscriberLinkPurpose,
  subscriberId: number,
): Promise<string> {
  return `${originOf(origin)}/newsletter/${purpose}?t=${await subscriberToken(db, purpose, subscriberId)}`;
}

/** The subscriber a token names, or null when it is forged, damaged or (a confirmation) expired. */
export async function readSubscriberToken(
  db: Db,
  purpose: SubscriberLinkPurpose,
  token: string,
  now = Date.now(),
): Promise<number | null> {
  const match = /^(\d{1,10})\.([0-9a-z]{1,11})\.([\w-]{43})$/.exec(typeof token === 'string' ? token.trim() : '');
  if (!match) return null;
  const id = Number(match[1]);
  const issuedAt = parseInt(match[2]!, 36);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1 || !Number.isSafeInteger(issuedAt)) return null;
  if (purpose === 'unsubscribe' ? issuedAt !== 0 : issuedAt === 0) return null;
  const expected = Buffer.from(sign(await linkSecret(db), purpose, id, issuedAt));
  if (!timingSafeEqual(expected, Buffer.from(match[3]!))) return null;
  if (purpose === 'confirm' && (now - issuedAt > CONFIRM_LINK_MAX_AGE_MS || issuedAt - now > 60_000)) return null;
  return id;
}
