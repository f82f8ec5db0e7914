import { createCipheriv, createDecipheriv, randomBytes, scrypt, type ScryptOptions } from 'node:crypto';
import { z } from 'zod';
import { ArchiveError } from './archive-format.ts';

/**
 * The archive's secret.key, sealed with a passphrase the administrator gives
 * (docs/decisions/0017-sealed-backup-secrets.md): scrypt derives a 256-bit key from the passphrase
 * and a random salt, AES-256-GCM encrypts the key file's text; the header (parameters and salt) is
 * authenticated with it, so a changed parameter fails like a wrong passphrase.
 */
const FORMAT = 'sprout-sealed-key' as const;
/** OWASP password storage cheat sheet, scrypt: N=2^15 (32 MiB), r=8, p=3. */
const KDF = { name: 'scrypt', N: 2 ** 15, r: 8, p: 3 } as const;

const b64 = z.string().regex(/^[A-Za-z0-9_-]{1,4096}$/);
const SealedKeySchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  kdf: z.object({
    name: z.literal('scrypt'),
    N: z
      .number()
      .int()
      .min(2 ** 14)
      .max(2 ** 20),
    r: z.number().int().min(1).max(32),
    p: z.number().int().min(1).max(16),
    salt: b64,
  }),
  cipher: z.literal('aes-256-gcm'),
  iv: b64,
  tag: b64,
  data: b64,
});
type SealedKey = z.infer<typeof SealedKeySchema>;

export const WRONG_PASSPHRASE = 'That passphrase does not open this backup’s key. Check it, or restore without it.';

function derive(passphrase: string, kdf: SealedKey['kdf']): Promise<Buffer> {
  const options: ScryptOptions = { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(passphrase.normalize('NFC'), Buffer.from(kdf.salt, 'base64url'), 32, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

const headerOf = (sealed: Pick<SealedKey, 'format' | 'version' | 'kdf' | 'cipher' | 'iv'>) =>
  Buffer.from(JSON.stringify([sealed.format, sealed.version, sealed.kdf, sealed.cipher, sealed.iv]));

/** The key file's text sealed with the passphrase: one line of JSON. */
export async function sealKey(keyText: string, passphrase: string): Promise<string> {
  const kdf = { ...KDF, salt: randomBytes(16).toString('base64url') };
  const iv = randomBytes(12).toString('base64url');
  const head = { format: FORMAT as typeof FORMAT, version: 1 as const, kdf, cipher: 'aes-256-gcm' as const, iv };
  const cipher = createCipheriv('aes-256-gcm', await derive(passphrase, kdf), Buffer.from(iv, 'base64url'));
  cipher.setAAD(headerOf(head));
  const data = Buffer.concat([cipher.update(keyText, 'utf8'), cipher.final()]);
  return `${JSON.stringify({ ...head, tag: cipher.getAuthTag().toString('base64url'), data: data.toString('base64url') })}\n`;
}

/** The key file's text; an ArchiveError when the passphrase is wrong or the file is not a sealed key. */
export async function openKey(sealedText: string, passphrase: string): Promise<string> {
  let sealed: SealedKey;
  try {
    sealed = SealedKeySchema.parse(JSON.parse(sealedText));
  } catch {
    throw new ArchiveError(
      'This file is not a Sprout backup, or it is damaged (its secret.key is not sealed as Sprout seals it). Nothing was changed.',
    );
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', await derive(passphrase, sealed.kdf), Buffer.from(sealed.iv, 'base64url'));
    decipher.setAAD(headerOf(sealed));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new ArchiveError(WRONG_PASSPHRASE);
  }
}
