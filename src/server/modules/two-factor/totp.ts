import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD = 30;
/** One step either side: a phone's clock a little off still works. */
const WINDOW = 1;

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

const totp = (secret: string, label = 'staff', issuer = 'Sprout') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret: Secret.fromBase32(secret) });

/** The otpauth:// address and its QR code as an SVG image, drawn here (nothing loads from another host). */
export async function setupDetails(secret: string, label: string, issuer: string) {
  const otpauthUrl = totp(secret, label, issuer).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrSvg };
}

/** The time step a six-digit code belongs to (within the window), or null when it is not right. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totp(secret).validate({ token: code, window: WINDOW, timestamp: now });
  return delta === null ? null : TOTP.counter({ period: TOTP_PERIOD, timestamp: now }) + delta;
}

export const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

/** 31 letters and digits that cannot be mistaken for each other (no i, l, o, 0, 1). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/** A recovery code: 16 characters (about 79 bits), shown as four groups of four. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** Codes are high-entropy, so SHA-256 is enough; spaces, dashes and case do not matter. */
export const recoveryCodeHash = (code: string) =>
  createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
