import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDb } from '../../db/client.ts';
import { enquiries } from '../../db/schema/index.ts';
import { buildTestAppWithEnv } from '../../test/build-test-app.ts';
import { startSmtp } from '../../test/smtp-sink.ts';
import { testDriver } from '../../test/test-database.ts';
import { createEnquiry } from './enquiries.service.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { FormTokens } from './form-token.ts';
import { admissionForm as admission } from '../../test/content-factories.ts';

const contact = () => ({
  name: 'Meera',
  email: 'meera@example.com',
  message: 'Do you have a summer camp?',
  website: '',
});

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let app: FastifyInstance;
let staff: string;
let noRole: string;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtp();
  process.env.SPROUT_MAIL_RETRY_MS = '50';
  app = await buildTestAppWithEnv({ SMTP_URL: smtp.url });
  const installed = await installTestSchool(app);
  admin = await sessionCookie(app, installed.admin);
  // The office: reads and handles enquiries, may not delete them.
  staff = await sessionCookie(app, await createUser(app, { role: null, permissions: { leads: { read: true, write: true } } }));
  noRole = await sessionCookie(app, await createUser(app, { role: null }));
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

let ipCounter = 1;
/** Sends the form as if the parent had opened it a minute ago (a token issued then). */
const post = async (type: 'admission' | 'contact', payload: object, ip = `10.0.0.${ipCounter++}`) => {
  const formToken = await new FormTokens(app.db).issue(type, Date.now() - 60_000);
  return app.inject({ method: 'POST', url: `/api/enquiries/${type}`, payload: { formToken, ...payload }, remoteAddress: ip });
};

describe('POST /api/enquiries/admission', () => {
  it('stores the form and e-mails the school', async () => {
    const res = await post('admission', admission());
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    await app.mailOutbox.settle();
    const stored = await app.inject({ url: `/api/enquiries/${id}`, headers: { cookie: staff } });
    expect(stored.json().data).toMatchObject({
      type: 'admission',
      name: 'Aarav Sharma',
      status: 'new',
      mailState: 'sent',
      details: { fatherName: 'Rohit Sharma', department: 'nursery' },
    });
    const mail = smtp.received.findLast((m) => m.to.includes('hello@sprout-preschool.example'))!;
    expect(mail.raw).toContain('New admission enquiry: Aarav Sharma');
    expect(mail.raw).toContain('Department: Nursery');
    expect(mail.raw).toMatch(/Reply-To: .*rohit@example.com/);
  });

  it('says which fields to fix', async () => {
    const res = await post('admission', { ...admission(), email: 'not-an-email', department: 'college', name: '' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['department', 'email', 'name']);
  });

  it('quietly drops a form whose honeypot is filled', async () => {
    const before = (await app.inject({ url: '/api/enquiries', headers: { cookie: staff } })).json().counts.all;
    const res = await post('admission', { ...admission(), website: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.id).toBeNull();
    expect((await app.inject({ url: '/api/enquiries', headers: { cookie: staff } })).json().counts.all).toBe(before);
  });

  it('refuses a form sent faster than a person could fill it in', async () => {
    const { token } = (await app.inject({ url: '/api/enquiries/form-token?type=admission' })).json();
    const res = await post('admission', { ...admission(), formToken: token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('quick');
  });

  it('limits submissions per IP address per hour, both forms together', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 3; i++) expect((await post('admission', admission(), ip)).statusCode).toBe(201);
    for (let i = 0; i < 2; i++) expect((await post('contact', contact(), ip)).statusCode).toBe(201);
    const refused = await post('contact', contact(), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toContain('try again later');
    expect((await post('contact', contact(), '10.9.9.10')).statusCode).toBe(201);
    await app.mailOutbox.settle();
  });
});

describe('mail failures', () => {
  it('keeps the submission, records the failure and retries until it is sent', async () => {
    smtp.state.failNext = 2;
    const res = await post('contact', contact());
    const id = res.json().data.id as number;
    const read = async () => (await app.inject({ url: `/api/enquiries/${id}`, headers: { cookie: staff } })).json().data;
    await app.mailOutbox.settle();
    const failed = await read();
    expect(failed).toMatchObject({ mailState: 'failed', mailAttempts: 1 });
    expect(failed.mailError).toContain('Mailbox busy');
    await expect.poll(async () => (await read()).mailState, { timeout: 5000 }).toBe('sent');
    expect((await read()).mailAttempts).toBe(3);
  });
});

describe('the enquiries inbox', () => {
  it('answers 401 signed out and 403 without the leads module', async () => {
    expect((await app.inject({ url: '/api/enquiries' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/enquiries', headers: { cookie: noRole } })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/enquiries', headers: { cookie: staff } })).statusCode).toBe(200);
  });

  it('filters by type and counts each', async () => {
    const all = (await app.inject({ url: '/api/enquiries', headers: { cookie: staff } })).json();
    expect(all.counts.all).toBe(all.counts.admission + all.counts.contact);
    const contacts = (await app.inject({ url: '/api/enquiries?type=contact', headers: { cookie: staff } })).json();
    expect(contacts.data.every((e: { type: string }) => e.type === 'contact')).toBe(true);
    expect(contacts.total).toBe(all.counts.contact);
  });

  it('counts the enquiries nobody has handled yet', async () => {
    const newCount = async (cookie?: string) =>
      app.inject({ url: '/api/enquiries/new-count', headers: cookie ? { cookie } : {} });
    expect((await newCount()).statusCode).toBe(401);
    expect((await newCount(noRole)).statusCode).toBe(403);
    const before = (await newCount(staff)).json().data.new as number;
    expect(before).toBe((await app.inject({ url: '/api/enquiries', headers: { cookie: staff } })).json().counts.new);
    const messagesBefore = (await newCount(staff)).json().data.messages as number;
    const id = (await post('contact', contact())).json().data.id as number;
    expect((await newCount(staff)).json().data.new).toBe(before + 1);
    // Split by screen (issue 31): contact messages on Enquiries, admissions in New on the board.
    const split = (await newCount(staff)).json().data;
    expect(split.messages).toBe(messagesBefore + 1);
    expect(split.messages + split.admissions).toBe(split.new);
    await app.inject({
      method: 'PATCH',
      url: `/api/enquiries/${id}`,
      headers: { cookie: staff },
      payload: { status: 'handled' },
    });
    expect((await newCount(staff)).json().data.new).toBe(before);
    await app.mailOutbox.settle();
  });

  it('marks one handled; deleting needs the delete permission', async () => {
    const id = (await post('contact', contact())).json().data.id as number;
    const handled = await app.inject({
      method: 'PATCH',
      url: `/api/enquiries/${id}`,
      headers: { cookie: staff },
      payload: { status: 'handled' },
    });
    expect(handled.json().data).toMatchObject({ status: 'handled' });
    expect(handled.json().data.handledAt).toBeTruthy();
    expect((await app.inject({ method: 'DELETE', url: `/api/enquiries/${id}`, headers: { cookie: staff } })).statusCode).toBe(
      403,
    );
    expect((await app.inject({ method: 'DELETE', url: `/api/enquiries/${id}`, headers: { cookie: admin } })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ url: `/api/enquiries/${id}`, headers: { cookie: admin } })).statusCode).toBe(404);
    await app.mailOutbox.settle();
  });
});

describe('the outbox with several instances on one database', () => {
  /** On PostgreSQL a second app on the same database; on the built-in one, the same app twice. */
  let other: FastifyInstance;
  beforeAll(async () => {
    if (testDriver() !== 'pg') {
      other = app;
      return;
    }
    other = await buildTestAppWithEnv(
      { SMTP_URL: smtp.url },
      { database: await openDb({ kind: 'pg', url: app.database.current.url!, poolSize: 2 }) },
    );
    await other.ready();
  }, 60_000);
  afterAll(async () => {
    if (other !== app) await other.close();
  });

  const stored = async () =>
    (
      await createEnquiry(
        app.db,
        { type: 'contact', form: { ...contact(), message: `outbox ${Math.random()}` } },
        {
          ip: '10.7.7.7',
          mailConfigured: true,
        },
      )
    ).id;
  const mailState = async (id: number) =>
    (await app.db.select({ state: enquiries.mailState }).from(enquiries).where(eq(enquiries.id, id)))[0]!.state;

  it('sends each e-mail once when both instances try to at the same moment', async () => {
    const ids = [await stored(), await stored(), await stored()];
    const before = smtp.received.length;
    for (const id of ids) for (let i = 0; i < 3; i++) (i % 2 ? other : app).mailOutbox.deliver(id);
    await Promise.all([app.mailOutbox.settle(), other.mailOutbox.settle()]);
    expect(smtp.received.length - before).toBe(ids.length);
    for (const id of ids) expect(await mailState(id)).toBe('sent');
  });

  it('leaves a message another instance holds, and takes it over once that claim has run out', async () => {
    const id = await stored();
    const before = smtp.received.length;
    // An instance claimed it and died: its lease is still running.
    await app.db.execute(sql`update enquiries set mail_claimed_until = now() + interval '1 hour' where id = ${id}`);
    other.mailOutbox.deliver(id);
    await other.mailOutbox.settle();
    expect(smtp.received.length).toBe(before);
    expect(await mailState(id)).toBe('pending');
    // The lease ran out: the next look for due mail sends it, once.
    await app.db.execute(sql`update enquiries set mail_claimed_until = now() - interval '1 second' where id = ${id}`);
    await Promise.all([other.mailOutbox.resume(), app.mailOutbox.resume()]);
    await Promise.all([app.mailOutbox.settle(), other.mailOutbox.settle()]);
    expect(smtp.received.length - before).toBe(1);
    expect(await mailState(id)).toBe('sent');
  });
});
