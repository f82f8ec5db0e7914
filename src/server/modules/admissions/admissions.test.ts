import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCHOOL } from '../../../shared/schemas/school-defaults.ts';
import { auditLog, enquiries } from '../../db/schema/index.ts';
import { buildTestApp, buildTestAppWithEnv } from '../../test/build-test-app.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { startSmtp } from '../../test/smtp-sink.ts';
import { FormTokens } from '../enquiries/form-token.ts';
import { saveSchoolProfile } from '../site/site.service.ts';
import { pruneEnquiries } from './retention.ts';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let app: FastifyInstance;
let admin: string;
let office: string;
let reader: string;
let noRole: string;

beforeAll(async () => {
  smtp = await startSmtp();
  app = await buildTestAppWithEnv({ SMTP_URL: smtp.url });
  const installed = await installTestSchool(app);
  admin = await sessionCookie(app, installed.admin);
  office = await sessionCookie(app, await createUser(app, { role: null, permissions: { leads: { read: true, write: true } } }));
  reader = await sessionCookie(app, await createUser(app, { role: null, permissions: { leads: { read: true } } }));
  noRole = await sessionCookie(app, await createUser(app, { role: null }));
  const branches = [
    { name: 'Main Branch', address: '12 Garden Lane', phone: '+91 98765 43210', lat: 28.56, lng: 77.21, seats: { nursery: 1 } },
    { name: 'City Branch', address: '48 Lake View Road', phone: '+91 98765 43211', lat: 28.54, lng: 77.24 },
  ];
  await saveSchoolProfile(app.db, { ...DEFAULT_SCHOOL, branches });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

let ip = 1;
async function submit(overrides: Record<string, string> = {}) {
  const formToken = await new FormTokens(app.db).issue('admission', Date.now() - 60_000);
  const res = await app.inject({
    method: 'POST',
    url: '/api/enquiries/admission',
    remoteAddress: `10.1.${Math.floor(ip / 250)}.${ip++ % 250}`,
    payload: {
      formToken,
      name: 'Aarav Sharma',
      fatherName: 'Rohit Sharma',
      email: 'rohit@example.com',
      phone: '+91 98765 00000',
      birthDate: '2023-05-20',
      address: '7 Rose Street',
      department: 'nursery',
      admissionDate: '2027-04-01',
      branch: 'Main Branch',
      ...overrides,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; reference: string };
}
const move = (id: number, payload: object, cookie = office) =>
  app.inject({ method: 'POST', url: `/api/enquiries/${id}/stage`, headers: { cookie }, payload });
const board = async (query = '', cookie = office) =>
  (await app.inject({ url: `/api/admissions/board${query}`, headers: { cookie } })).json().data;
const mailTo = async (address: string, subject: string) => {
  await app.mailOutbox.settle();
  for (const m of [...smtp.received].reverse()) {
    if (!m.to.includes(address)) continue;
    const parsed = await simpleParser(m.raw);
    if (parsed.subject?.includes(subject)) return parsed;
  }
  throw new Error(`no mail to ${address} about ${subject}`);
};

describe('submitting an admission', () => {
  it('answers a reference and e-mails it to the parent', async () => {
    const { id, reference } = await submit({ email: 'parent.one@example.com' });
    expect(reference).toBe(`ADM-${String(id).padStart(5, '0')}`);
    const mail = await mailTo('parent.one@example.com', reference);
    expect(mail.text).toContain(reference);
    expect(mail.text).toContain('Aarav Sharma');
  });

  it('refuses a branch the school does not have', async () => {
    const formToken = await new FormTokens(app.db).issue('admission', Date.now() - 60_000);
    const res = await app.inject({
      method: 'POST',
      url: '/api/enquiries/admission',
      remoteAddress: '10.2.0.1',
      payload: {
        formToken,
        name: 'A',
        fatherName: 'B',
        email: 'a@example.com',
        phone: '+91 98765 00000',
        birthDate: '2023-05-20',
        address: 'x',
        department: 'nursery',
        admissionDate: '2027-04-01',
        branch: 'Moon Branch',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.branch).toContain('Main Branch');
  });
});

describe('POST /api/enquiries/:id/stage', () => {
  it('takes a family from New to Enrolled, with the visit e-mailed as a calendar file', async () => {
    const { id } = await submit({
      name: 'Kabir Rao',
      fatherName: 'Vikram Rao',
      email: 'vikram@example.com',
      department: 'kindergarten',
    });
    expect((await move(id, { to: 'contacted', note: 'Called, keen to visit' })).statusCode).toBe(200);
    const visitAt = '2027-02-10T05:00:00.000Z';
    const booked = await move(id, { to: 'visit_booked', visitAt });
    expect(booked.statusCode).toBe(200);
    expect(booked.json().data).toMatchObject({ stage: 'visit_booked', visitAt, status: 'handled' });
    expect(booked.json().visit.mailed).toBe(true);
    const mail = await mailTo('vikram@example.com', 'Your visit');
    const ics = mail.attachments.find((a) => a.filename === 'visit.ics')!;
    expect(ics.contentType).toBe('text/calendar');
    const calendar = ics.content.toString('utf8');
    expect(calendar).toContain('BEGIN:VEVENT');
    expect(calendar).toContain('DTSTART:20270210T050000Z');
    expect(calendar).toMatch(/LOCATION:Main Branch\\, 12 Garden Lane/);
    expect((await move(id, { to: 'offered' })).statusCode).toBe(200);
    const enrolled = await move(id, { to: 'enrolled', note: 'Fees paid' });
    expect(enrolled.json().data.stage).toBe('enrolled');

    const timeline = (await app.inject({ url: `/api/enquiries/${id}/timeline`, headers: { cookie: reader } })).json().data;
    expect(timeline.map((t: { kind: string; toStage: string | null }) => t.toStage ?? t.kind)).toEqual([
      'submitted',
      'contacted',
      'visit_booked',
      'offered',
      'enrolled',
    ]);
    expect(timeline[1]).toMatchObject({ fromStage: 'new', text: 'Called, keen to visit', by: expect.stringContaining('Test') });
    const audited = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audited.filter((a) => a.action === 'status-change')).toHaveLength(4);
  });

  it('refuses moves the pipeline does not allow, and a visit without a time', async () => {
    const { id } = await submit();
    const skip = await move(id, { to: 'enrolled' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error).toBe('An enquiry in New cannot move to Enrolled.');
    expect((await move(id, { to: 'offered' })).statusCode).toBe(409);
    const noTime = await move(id, { to: 'visit_booked' });
    expect(noTime.statusCode).toBe(400);
    expect(noTime.json().fields.visitAt).toBeTruthy();
    expect((await move(id, { to: 'graduated' })).statusCode).toBe(400);
    // Declined is an end that can be left again.
    expect((await move(id, { to: 'declined' })).statusCode).toBe(200);
    expect((await move(id, { to: 'declined' })).statusCode).toBe(409);
    expect((await move(id, { to: 'contacted' })).statusCode).toBe(200);
  });

  it('keeps contact enquiries out of the stages', async () => {
    const formToken = await new FormTokens(app.db).issue('contact', Date.now() - 60_000);
    const res = await app.inject({
      method: 'POST',
      url: '/api/enquiries/contact',
      remoteAddress: '10.3.0.1',
      payload: { formToken, name: 'Meera', email: 'meera@example.com', message: 'Hello' },
    });
    expect((await move(res.json().data.id, { to: 'contacted' })).statusCode).toBe(409);
  });

  it('answers 401 signed out, 403 without leads: write, 404 for an unknown enquiry', async () => {
    const { id } = await submit();
    expect(
      (await app.inject({ method: 'POST', url: `/api/enquiries/${id}/stage`, payload: { to: 'contacted' } })).statusCode,
    ).toBe(401);
    const refused = await move(id, { to: 'contacted' }, reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toContain('leads: write');
    expect((await move(999999, { to: 'contacted' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/admissions/board', headers: { cookie: noRole } })).statusCode).toBe(403);
  });
});

describe('capacity', () => {
  it('warns before an offer passes the seats, and offers when confirmed', async () => {
    const month = '2028-09';
    const first = await submit({ admissionDate: `${month}-01` });
    const second = await submit({ admissionDate: `${month}-15` });
    for (const { id } of [first, second]) await move(id, { to: 'contacted' });
    expect((await move(first.id, { to: 'offered' })).statusCode).toBe(200);
    const warned = await move(second.id, { to: 'offered' });
    expect(warned.statusCode).toBe(409);
    expect(warned.json()).toMatchObject({ code: 'OVER_CAPACITY', capacity: { seats: 1, taken: 1, branch: 'Main Branch' } });
    expect(warned.json().error).toContain('1 of 1 Nursery seats at Main Branch');
    expect((await move(second.id, { to: 'offered', confirmOverCapacity: true })).statusCode).toBe(200);
    const data = await board(`?month=${month}&department=nursery`);
    expect(data.capacity).toEqual([
      { branch: 'Main Branch', department: 'nursery', departmentName: 'Nursery', seats: 1, taken: 2 },
    ]);
    expect(data.columns.find((c: { stage: string }) => c.stage === 'offered').count).toBe(2);
  });
});

describe('the board', () => {
  it('counts per stage, filters and searches by child or parent name', async () => {
    const { id } = await submit({
      name: 'Zoya Khan',
      fatherName: 'Imran Khan',
      department: 'playgroup',
      branch: 'City Branch',
      admissionDate: '2029-06-01',
      birthDate: '2026-01-15',
    });
    const all = await board();
    const total = all.columns.reduce((n: number, c: { count: number }) => n + c.count, 0);
    expect(total).toBeGreaterThan(5);
    const byFather = await board('?q=imran');
    const cards = byFather.columns.flatMap((c: { cards: object[] }) => c.cards);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ id, name: 'Zoya Khan', ageAtStart: '3 y 4 m', department: 'playgroup', daysInStage: 0 });
    const filtered = await board('?branch=City%20Branch&month=2029-06&department=playgroup');
    expect(filtered.columns[0].cards.map((c: { id: number }) => c.id)).toEqual([id]);
    expect((await app.inject({ url: '/api/admissions/board?month=June', headers: { cookie: office } })).statusCode).toBe(400);
  });

  it('exports the filtered list as UTF-8 CSV with a byte-order mark', async () => {
    await submit({ name: 'Émile Dubois;=1+1', fatherName: '=HYPERLINK("x")', admissionDate: '2030-01-10' });
    const res = await app.inject({ url: '/api/admissions/export.csv?month=2030-01', headers: { cookie: reader } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain(`"Reference","Child's name"`);
    expect(lines).toHaveLength(2);
    // Every cell quoted; a formula after a separator kept as text (issue 29).
    expect(lines[1]).toMatch(/^("[^"]*(""[^"]*)*",){15}"[^"]*"$/);
    expect(lines[1]).toContain(`"'Émile Dubois;=1+1"`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain(`"'+91 98765 00000"`);
    expect(lines[1]).toContain('"New"');
  });

  it("writes the CSV's times on the school's clock, with the address (issue 31)", async () => {
    const { id } = await submit({ name: 'Mira Clock', admissionDate: '2031-03-02', address: '9 Mango Road, Pune' });
    const visitAt = '2031-01-05T04:30:00.000Z';
    expect((await move(id, { to: 'contacted' })).statusCode).toBe(200);
    expect((await move(id, { to: 'visit_booked', visitAt })).statusCode).toBe(200);
    const [row] = await app.db.select({ createdAt: enquiries.createdAt }).from(enquiries).where(eq(enquiries.id, id));
    const res = await app.inject({ url: '/api/admissions/export.csv?month=2031-03', headers: { cookie: reader } });
    const [header, line] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    // The school is in Asia/Kolkata (UTC+05:30): 04:30 UTC is 10:00 there.
    expect(header).toContain('"Address","Visit (Asia/Kolkata)","Submitted (Asia/Kolkata)"');
    expect(header).not.toContain('UTC');
    expect(line).toContain('"9 Mango Road, Pune","2031-01-05 10:00"');
    const submitted = new Date(row!.createdAt.getTime() + 5.5 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
    expect(line).toContain(`"${submitted}"`);
  });

  it("gives the board's detail the family's address", async () => {
    const { id } = await submit({ name: 'Ira Address', address: '22 Lotus Street\nNear the park', admissionDate: '2032-01-01' });
    const cards = (await board('?month=2032-01')).columns.flatMap((c: { cards: object[] }) => c.cards);
    expect(cards).toEqual([expect.objectContaining({ id, address: '22 Lotus Street\nNear the park', phone: '+91 98765 00000' })]);
  });
});

describe('notes and replies', () => {
  it('keeps a note and a reply in the timeline; the reply reaches the parent', async () => {
    const { id, reference } = await submit({ email: 'reply.parent@example.com' });
    const note = (text: string, cookie = office) =>
      app.inject({ method: 'POST', url: `/api/enquiries/${id}/notes`, headers: { cookie }, payload: { text } });
    expect((await note('Prefers mornings')).statusCode).toBe(200);
    expect((await note(' ')).statusCode).toBe(400);
    expect((await note('x', reader)).statusCode).toBe(403);
    const reply = await app.inject({
      method: 'POST',
      url: `/api/enquiries/${id}/reply`,
      headers: { cookie: office },
      payload: { message: 'We have a seat for you in April.' },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().mailed).toBe(true);
    const mail = await mailTo('reply.parent@example.com', reference);
    expect(mail.text).toContain('We have a seat for you in April.');
    const kinds = reply.json().data.map((t: { kind: string }) => t.kind);
    expect(kinds).toEqual(['submitted', 'note', 'reply']);
    // The reply form knows before sending that e-mail is set up (issue 31).
    const timeline = (await app.inject({ url: `/api/enquiries/${id}/timeline`, headers: { cookie: reader } })).json();
    expect(timeline.mail).toEqual({ configured: true });
  });
});

describe('retention', () => {
  it('deletes stale enquiries after the months set, keeps enrolled children and leaves counts', async () => {
    const stale = await submit({ name: 'Old Declined' });
    await move(stale.id, { to: 'declined' });
    const kept = await submit({ name: 'Old Enrolled' });
    for (const to of ['contacted', 'offered', 'enrolled']) await move(kept.id, { to, confirmOverCapacity: true });
    const fresh = await submit({ name: 'Recent One' });
    const longAgo = new Date(Date.now() - 30 * 31 * 24 * 3600 * 1000);
    await app.db
      .update(enquiries)
      .set({ createdAt: longAgo, stageChangedAt: longAgo })
      .where(sql`${enquiries.id} in (${stale.id}, ${kept.id})`);
    await app.db.execute(sql`update enquiry_timeline set created_at = ${longAgo} where enquiry_id in (${stale.id}, ${kept.id})`);
    expect(await pruneEnquiries(app.db, 24)).toBe(1);
    const ids = (await app.db.select({ id: enquiries.id }).from(enquiries)).map((r) => r.id);
    expect(ids).not.toContain(stale.id);
    expect(ids).toContain(kept.id);
    expect(ids).toContain(fresh.id);
    const tallies = (await app.inject({ url: '/api/admissions/tallies', headers: { cookie: reader } })).json().data;
    expect(tallies).toEqual([{ month: longAgo.toISOString().slice(0, 7), type: 'admission', outcome: 'declined', count: 1 }]);
  });

  it('takes its months from the security settings (default 24)', async () => {
    const res = await app.inject({ url: '/api/security', headers: { cookie: admin } });
    expect(res.json().data.settings.enquiryRetentionMonths).toBe(24);
  });
});

describe('without SMTP configured', () => {
  it('shows staff the visit invitation and keeps a reply unsent in the timeline', async () => {
    const quiet = await buildTestApp();
    try {
      const installed = await installTestSchool(quiet);
      const cookie = await sessionCookie(quiet, installed.admin);
      const formToken = await new FormTokens(quiet.db).issue('admission', Date.now() - 60_000);
      const sent = await quiet.inject({
        method: 'POST',
        url: '/api/enquiries/admission',
        payload: {
          formToken,
          name: 'Noor Ali',
          fatherName: 'Sami Ali',
          email: 'sami@example.com',
          phone: '+91 98765 22222',
          birthDate: '2023-01-01',
          address: '1 Lane',
          department: 'playgroup',
          admissionDate: '2026-12-01',
        },
      });
      const { id, reference } = sent.json().data;
      expect(reference).toMatch(/^ADM-/);
      const booked = await quiet.inject({
        method: 'POST',
        url: `/api/enquiries/${id}/stage`,
        headers: { cookie },
        payload: { to: 'visit_booked', visitAt: '2026-12-03T04:30:00Z' },
      });
      expect(booked.statusCode).toBe(200);
      expect(booked.json().visit).toMatchObject({ mailed: false });
      expect(booked.json().visit.text).toContain('Noor Ali');
      expect(booked.json().visit.text).toContain(reference);
      // Before any reply is written, the timeline says e-mail is not set up (issue 31).
      const timeline = (await quiet.inject({ url: `/api/enquiries/${id}/timeline`, headers: { cookie } })).json();
      expect(timeline.mail).toEqual({ configured: false });
      const reply = await quiet.inject({
        method: 'POST',
        url: `/api/enquiries/${id}/reply`,
        headers: { cookie },
        payload: { message: 'See you Thursday.' },
      });
      expect(reply.statusCode).toBe(202);
      expect(reply.json()).toMatchObject({ mailed: false, mail: { to: 'sami@example.com' } });
      expect(reply.json().data.at(-1)).toMatchObject({ kind: 'reply', mailed: false, text: 'See you Thursday.' });
    } finally {
      await quiet.close();
    }
  });
});
