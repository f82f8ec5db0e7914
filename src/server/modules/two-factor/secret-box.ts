import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SECRET_KEY_FILE = 'secret.key';

/**
 * Encrypts the TOTP secrets at rest (AES-256-GCM). The key never sits in the database: it is
 * SECRET_KEY from the environment when set (every process behind a load balancer needs the same
 * one), else DATA_DIR/secret.key, made on first use with mode 0600. A database copy without the key
 * holds no usable second factor; recovery codes (hashed) still work, and an admin can reset.
 */
export class SecretBox {
  private key: Buffer | undefined;

  constructor(private readonly source: { dataDir: string; secretKey?: string }) {}

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keyBytes(), iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed secret.');
    const decipher = createDecipheriv('aes-256-gcm', this.keyBytes(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** Reads the key again at its next use: a restore has put the backup's secret.key in place. */
  reload(): void {
    this.key = undefined;
  }

  private keyBytes(): Buffer {
    this.key ??= this.source.secretKey ? derive(this.source.secretKey) : keyFromFile(this.source.dataDir);
    return this.key;
  }
}

const derive = (secret: string) => createHash('sha256').update(`sprout-secret-box:${secret}`).digest();

function keyFromFile(dataDir: string): Buffer {
  const path = join(dataDir, SECRET_KEY_FILE);
  if (!existsSync(path)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      // 'wx': of two processes starting at once, one writes and both read the same key.
      writeFileSync(path, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    chmodSync(path, 0o600);
  }
  const text = readFileSync(path, 'utf8').trim();
  if (text.length < 32) throw new Error(`${path} does not hold a key.`);
  return derive(text);
}
