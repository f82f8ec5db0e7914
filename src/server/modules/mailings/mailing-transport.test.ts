import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp } from '../../test/smtp-sink.ts';
import { createMailingTransport, dkimFromEnv, isPermanent, smtpReason } from './mailing-transport.ts';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

describe('DKIM', () => {
  it('signs every message when DKIM_* is set', async () => {
    const dkim = dkimFromEnv({ DKIM_DOMAIN: 'school.org', DKIM_SELECTOR: 'sprout', DKIM_PRIVATE_KEY: pem.replace(/\n/g, '\\n') });
    const transport = createMailingTransport(smtp.url, 1, dkim);
    try {
      await transport.sendMail({ from: 'hello@school.org', to: 'parent@families.test', subject: 'Hi', text: 'Hello' });
    } finally {
      transport.close();
    }
    expect(smtp.received.at(-1)!.raw).toMatch(
      /^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=school\.org;[\s\S]*s=sprout;/m,
    );
  });

  it('is off when nothing is set, and refuses a half-set configuration', () => {
    expect(dkimFromEnv({})).toBeUndefined();
    expect(() => dkimFromEnv({ DKIM_DOMAIN: 'school.org' })).toThrow(/DKIM_SELECTOR, DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE/);
    expect(() => dkimFromEnv({ DKIM_DOMAIN: 'school.org', DKIM_SELECTOR: 's', DKIM_PRIVATE_KEY: 'not a key' })).toThrow(/PEM/);
    expect(() =>
      dkimFromEnv({ DKIM_DOMAIN: 'a.org', DKIM_SELECTOR: 's', DKIM_PRIVATE_KEY_FILE: '/nonexistent/key.pem' }),
    ).toThrow(/cannot be read/);
  });
});

describe('SMTP answers', () => {
  it("keeps the server's words and tells final refusals from temporary ones", () => {
    const refused = Object.assign(new Error("Can't send mail"), { response: '550 5.1.1 User unknown', responseCode: 550 });
    expect(smtpReason(refused)).toBe('550 5.1.1 User unknown');
    expect(isPermanent(refused)).toBe(true);
    expect(isPermanent(Object.assign(new Error('busy'), { responseCode: 451 }))).toBe(false);
    expect(isPermanent(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' }))).toBe(false);
    expect(smtpReason(new Error('connect ECONNREFUSED 127.0.0.1:1'))).toBe('connect ECONNREFUSED 127.0.0.1:1');
  });
});
