import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { expect } from 'vitest';
import type { startSmtp } from '../../test/smtp-sink.ts';

/** What the newsletter's tests share: subscribing as the public form does, and reading the mail that arrived. */

let ip = 0;
/** Each caller its own network address, so the per-network limit is met only where it is tested. */
export const nextIp = () => `10.33.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

/** The form's token, fetched as the browser does, then waited on past the (lowered) minimum fill time. */
export async function formToken(app: FastifyInstance, waitMs = Number(process.env.SPROUT_MIN_FILL_MS ?? 0) + 20) {
  const res = await app.inject({ method: 'GET', url: '/api/newsletter/form-token' });
  expect(res.statusCode, res.body).toBe(200);
  await new Promise((r) => setTimeout(r, waitMs));
  return res.json().token as string;
}

export async function subscribe(app: FastifyInstance, fields: Record<string, unknown>, from = nextIp()) {
  const payload = { topics: ['news'], source: 'footer', website: '', formToken: await formToken(app), ...fields };
  return app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload, remoteAddress: from });
}

type Sink = Awaited<ReturnType<typeof startSmtp>>;

/** The messages to `to` once `count` have arrived (the outbox and the mailings settled). */
export async function mailTo(app: FastifyInstance, smtp: Sink, to: string, count = 1) {
  const arrived = () => smtp.received.filter((m) => m.to.includes(to));
  await expect
    .poll(async () => (await Promise.all([app.mailOutbox.settle(), app.mailings.settle()]), arrived().length), {
      timeout: 10_000,
    })
    .toBeGreaterThanOrEqual(count);
  return Promise.all(arrived().map(async (m) => Object.assign(await simpleParser(m.raw), { raw: m.raw })));
}

/** The first link to this site's `path` in a message's text. */
export function linkIn(text: string | undefined, path: string): URL {
  const found = new RegExp(`https?://[^\\s]+${path.replace(/\//g, '\\/')}\\?t=[\\w.-]+`).exec(text ?? '');
  expect(found, text).not.toBeNull();
  return new URL(found![0]);
}
