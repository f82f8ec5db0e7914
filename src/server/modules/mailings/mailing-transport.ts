import { readFileSync } from 'node:fs';
import nodemailer, { type Transporter } from 'nodemailer';

export interface DkimOptions {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/**
 * DKIM signing from the environment: DKIM_DOMAIN, DKIM_SELECTOR and the key, in DKIM_PRIVATE_KEY
 * (PEM; `\n` may stand for line breaks) or a file named by DKIM_PRIVATE_KEY_FILE. None set: no
 * signing. Some set but not all: the server refuses to start and says what is missing.
 */
export function dkimFromEnv(env: NodeJS.ProcessEnv = process.env): DkimOptions | undefined {
  const domainName = env.DKIM_DOMAIN?.trim();
  const keySelector = env.DKIM_SELECTOR?.trim();
  const file = env.DKIM_PRIVATE_KEY_FILE?.trim();
  const inline = env.DKIM_PRIVATE_KEY?.trim();
  if (!domainName && !keySelector && !file && !inline) return undefined;
  const missing = [
    ...(domainName ? [] : ['DKIM_DOMAIN']),
    ...(keySelector ? [] : ['DKIM_SELECTOR']),
    ...(file || inline ? [] : ['DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE']),
  ];
  if (missing.length) throw new Error(`DKIM signing is half configured: set ${missing.join(', ')} too, or none of them.`);
  let privateKey: string;
  try {
    privateKey = file ? readFileSync(file, 'utf8') : inline!.replace(/\\n/g, '\n');
  } catch (error) {
    throw new Error(`DKIM_PRIVATE_KEY_FILE cannot be read: ${(error as Error).message}`, { cause: error });
  }
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(privateKey)) {
    throw new Error('The DKIM key is not a PEM private key (-----BEGIN PRIVATE KEY-----).');
  }
  return { domainName: domainName!, keySelector: keySelector!, privateKey };
}

/**
 * A pool of `connections` SMTP connections to the school's server: a message waits for a free one,
 * so at most `connections` messages are with the server at once (the window a crash can repeat).
 * Timeouts keep a stuck server from holding a claim past its lease.
 */
export function createMailingTransport(smtpUrl: string, connections: number, dkim: DkimOptions | undefined): Transporter {
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: connections,
    maxMessages: 100,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    ...(dkim ? { dkim } : {}),
  } as Parameters<typeof nodemailer.createTransport>[0]);
}

/** The SMTP server's reason ("550 5.1.1 <x@y>: Recipient address rejected"), or the error's. */
export function smtpReason(error: unknown): string {
  const e = error as { response?: unknown; message?: unknown };
  const reason =
    typeof e?.response === 'string' && e.response ? e.response : typeof e?.message === 'string' ? e.message : String(error);
  return reason.replace(/\s+/g, ' ').trim().slice(0, 500);
}

/** A 5xx answer is final (the address does not exist, the message is refused): no retry helps. */
export function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown })?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
