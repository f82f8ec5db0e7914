import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Family } from '../../../shared/schemas/family.ts';
import type { Notice } from '../../../shared/schemas/notice.ts';
import { SITE_DEFAULTS } from '../../../shared/schemas/site-content-defaults.ts';
import { auditLog, newsletterSubscribers, notices } from '../../db/schema/index.ts';
import { buildTestAppWithEnv } from '../../test/build-test-app.ts';
import { createRole, createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { TEST_BRANCHES } from '../../test/install-payload.ts';
import { startSmtp } from '../../test/smtp-sink.ts';
import { createFamilySession } from '../family-auth/family-auth.service.ts';

// Issue 33: notices and closure alerts. Staff with `notices` write them; a closure for a branch
// reaches every family contact of that branch by e-mail and nobody else; the family area shows a
// family the notices of its groups.

let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
let teacher: string;
let reader: string;
const [MAIN, CITY] = TEST_BRANCHES.map((b) => b.name) as [string, string];
const [PROGRAMME, OTHER_PROGRAMME] = SITE_DEFAULTS.programs.programmes.map((p) => p.key) as [string, string];
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

beforeAll(async () => {
  smtp = await startSmtp();
  app = await buildTestAppWithEnv({ SMTP_URL: smtp.url });
  admin = await sessionCookie(app, (await installTestSchool(app)).admin);
  teacher = await sessionCookie(app, await createUser(app, { role: 'user' }));
  await createRole(app, 'notice_reader', { notices: { read: true } });
  reader = await sessionCookie(app, await createUser(app, { role: 'notice_reader' }));
}, 60_000);
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie: string | null = admin) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const notice = (over: Record<string, unknown> = {}) => ({
  title: 'Sports day moves indoors',
  body: 'Bring indoor shoes.',
  urgency: 'information',
  audience: 'everyone',
  endsAt: inAnHour(),
  ...over,
});
async function created(over: Record<string, unknown> = {}): Promise<Notice> {
  const res = await call('POST', '/api/notices', notice(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

let seq = 0;
type ChildAt = { branch: string; programme?: string; leavingDate?: string };
/** A family with a contact per address (and one reachable by phone only), and a child per group. */
async function family(emails: string[], kids: ChildAt[]): Promise<Family> {
  seq += 1;
  const res = await call('POST', '/api/families', {
    name: `Notice family ${seq}`,
    contacts: [
      ...emails.map((email, i) => ({ name: `Parent ${seq}.${i}`, email })),
      { name: 'Phone only', phone: '+44 20 7946 0000' },
    ],
    children: kids.map((k, i) => ({
      firstName: `Child${seq}${i}`,
      birthDate: '2022-03-14',
      branch: k.branch,
      programme: k.programme ?? PROGRAMME,
      ...(k.leavingDate ? { startDate: '2021-09-01', leavingDate: k.leavingDate } : {}),
    })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

describe('notices in the back office', () => {
  it('creates a draft, a live and a scheduled notice, and lists them with their state', async () => {
    const draft = await created({ title: 'Draft notice' });
    expect(draft).toMatchObject({
      state: 'draft',
      published: false,
      urgency: 'information',
      audience: 'everyone',
      mailing: null,
    });
    const live = await created({ title: 'Live notice', published: true });
    expect(live.state).toBe('live');
    const later = new Date(Date.now() + 600_000).toISOString();
    const scheduled = await created({ title: 'Later notice', published: true, startsAt: later });
    expect(scheduled).toMatchObject({ state: 'scheduled', startsAt: later });
    const list = (await call('GET', '/api/notices', undefined, reader)).json().data as Notice[];
    expect(list.map((n) => n.id)).toEqual(expect.arrayContaining([draft.id, live.id, scheduled.id]));
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'notice'), eq(auditLog.entityId, String(live.id))));
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('refuses an end in the past, an end before the start, an unknown branch or programme and text over its limit, storing nothing', async () => {
    const before = (await app.db.select({ id: notices.id }).from(notices)).length;
    const refused = async (payload: Record<string, unknown>, field: string, message?: RegExp) => {
      const res = await call('POST', '/api/notices', notice(payload));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields, res.body).toHaveProperty([field]);
      if (message) expect(res.json().fields[field]).toMatch(message);
    };
    await refused({ endsAt: new Date(Date.now() - 60_000).toISOString() }, 'endsAt', /The end time is in the past/);
    await refused({ startsAt: new Date(Date.now() + 7_200_000).toISOString() }, 'endsAt', /after the start/);
    await refused({ endsAt: 'tomorrow-ish' }, 'endsAt');
    await refused({ audience: 'branch', audienceBranch: 'Nowhere Branch' }, 'audienceBranch', new RegExp(MAIN));
    await refused({ audience: 'branch' }, 'audienceBranch');
    await refused({ audience: 'programme', audienceBranch: MAIN, audienceProgramme: 'astronauts' }, 'audienceProgramme');
    await refused({ audience: 'staff' }, 'audience');
    await refused({ urgency: 'panic' }, 'urgency');
    await refused({ title: 'x'.repeat(121) }, 'title', /at most 120/);
    await refused({ body: 'x'.repeat(601) }, 'body', /at most 600/);
    await refused({ title: '  ' }, 'title');
    expect((await app.db.select({ id: notices.id }).from(notices)).length).toBe(before);
  });

  it('lets only staff with notices: write change notices (403 naming it), and delete needs delete', async () => {
    const mine = await created();
    for (const cookie of [teacher, reader]) {
      const res = await call('POST', '/api/notices', notice(), cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Needs notices: write');
      expect((await call('PUT', `/api/notices/${mine.id}`, notice(), cookie)).statusCode).toBe(403);
      expect((await call('POST', `/api/notices/${mine.id}/email`, {}, cookie)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/notices/${mine.id}`, undefined, cookie)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/notices', undefined, teacher)).statusCode).toBe(403);
    expect((await call('GET', '/api/notices', undefined, null)).statusCode).toBe(401);
    expect((await call('POST', '/api/notices', notice(), null)).statusCode).toBe(401);
  });

  it('publishes, unpublishes and deletes a notice, each in the audit log', async () => {
    const n = await created({ title: 'Water outage' });
    const published = await call('PUT', `/api/notices/${n.id}`, notice({ title: 'Water outage', published: true }));
    expect(published.json().data).toMatchObject({ published: true, state: 'live' });
    const hidden = await call('PUT', `/api/notices/${n.id}`, notice({ title: 'Water outage today', published: false }));
    expect(hidden.json().data).toMatchObject({ published: false, state: 'draft', title: 'Water outage today' });
    expect((await call('DELETE', `/api/notices/${n.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/notices/${n.id}`)).statusCode).toBe(404);
    const actions = await app.db
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'notice'), eq(auditLog.entityId, String(n.id))))
      .orderBy(asc(auditLog.id));
    expect(actions.map((a) => a.action)).toEqual(['create', 'publish', 'unpublish', 'delete']);
    expect(actions[2]!.changes).toContain('title');
  });
});

describe('a closure notice by e-mail', () => {
  const recipientsOf = (raw: { to: string[] }[]) => raw.flatMap((m) => m.to).sort();

  it('reaches every family contact of one branch, and nobody else', async () => {
    // Contacts of children at the branch (one family with a child at each branch), but not of a
    // child who left, another branch's, nor a subscriber who is no contact.
    await family(['main.one@example.test', 'main.two@example.test'], [{ branch: MAIN }]);
    await family(['both@example.test'], [{ branch: CITY }, { branch: MAIN, programme: OTHER_PROGRAMME }]);
    await family(['city@example.test'], [{ branch: CITY }]);
    await family(['left@example.test'], [{ branch: MAIN, leavingDate: '2024-07-31' }]);
    await app.db.insert(newsletterSubscribers).values({
      email: 'reader@example.test',
      topics: ['news'],
      state: 'confirmed',
      source: 'footer',
      branch: MAIN,
    });
    const closure = await created({
      title: 'Closed today: snow',
      body: 'The branch is closed today because of snow.',
      urgency: 'closure',
      audience: 'branch',
      audienceBranch: MAIN,
      published: true,
    });
    const count = await call(
      'GET',
      `/api/notices/recipients?urgency=closure&audience=branch&audienceBranch=${encodeURIComponent(MAIN)}`,
    );
    expect(count.json().data.count).toBe(3);

    smtp.received.length = 0;
    const res = await call('POST', `/api/notices/${closure.id}/email`, {});
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data.recipients).toBe(3);
    await expect.poll(async () => (await app.mailings.settle(), smtp.received.length), { timeout: 10_000 }).toBe(3);
    expect(recipientsOf(smtp.received)).toEqual(['both@example.test', 'main.one@example.test', 'main.two@example.test']);
    const raw = smtp.received[0]!.raw;
    expect(raw).toContain('Closed today: snow');
    expect(raw).not.toMatch(/List-Unsubscribe/i);

    const again = await call('POST', `/api/notices/${closure.id}/email`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('MAILING_EXISTS');
    expect((await call('GET', `/api/notices/${closure.id}`)).json().data.mailing).toMatchObject({
      id: res.json().data.mailingId,
    });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'email'), eq(auditLog.entityId, String(closure.id))));
    expect(entry?.details).toMatchObject({ recipients: 3 });
  });

  it('sends information only to confirmed subscribers of news, with an unsubscribe link', async () => {
    await app.db.insert(newsletterSubscribers).values([
      { email: 'news.fan@example.test', topics: ['news'], state: 'confirmed', source: 'footer' },
      { email: 'events.only@example.test', topics: ['events'], state: 'confirmed', source: 'footer' },
      { email: 'not.yet@example.test', topics: ['news'], state: 'pending', source: 'footer' },
    ]);
    const info = await created({ title: 'New menu from Monday', published: true });
    smtp.received.length = 0;
    const res = await call('POST', `/api/notices/${info.id}/email`, {});
    expect(res.statusCode, res.body).toBe(202);
    await expect.poll(async () => (await app.mailings.settle(), smtp.received.length), { timeout: 10_000 }).toBe(2);
    expect(recipientsOf(smtp.received)).toEqual(['news.fan@example.test', 'reader@example.test']);
    expect(smtp.received[0]!.raw).toMatch(/List-Unsubscribe/i);
  });

  it('refuses to e-mail a draft', async () => {
    const draft = await created({ title: 'Not yet' });
    const res = await call('POST', `/api/notices/${draft.id}/email`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Publish the notice/);
  });
});

describe('notices in the family area', () => {
  it('shows a family the notices for everyone and for its groups, not others’ nor ended ones', async () => {
    const main = await family(['area.main@example.test'], [{ branch: MAIN }]);
    const city = await family(['area.city@example.test'], [{ branch: CITY, programme: OTHER_PROGRAMME }]);
    await created({
      title: 'Main branch closes early',
      urgency: 'closure',
      audience: 'branch',
      audienceBranch: MAIN,
      published: true,
    });
    await created({
      title: 'City programme outing',
      audience: 'programme',
      audienceBranch: CITY,
      audienceProgramme: OTHER_PROGRAMME,
      published: true,
    });
    await created({ title: 'Unpublished family news', audience: 'families' });
    await app.db.insert(notices).values({
      title: 'Ended family news',
      body: 'Over.',
      audience: 'families',
      published: true,
      startsAt: new Date(Date.now() - 7_200_000),
      endsAt: new Date(Date.now() - 3_600_000),
    });
    const page = async (f: Family) => {
      const session = await createFamilySession(app.db, f.contacts[0]!.id);
      const res = await app.inject({ method: 'GET', url: '/family', headers: { cookie: `fsid=${session.token}` } });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    const mainPage = await page(main);
    expect(mainPage).toContain('Main branch closes early');
    expect(mainPage).toContain('Closure notice');
    expect(mainPage).not.toContain('City programme outing');
    expect(mainPage).toContain('Live notice'); // for everyone, from the first test
    const cityPage = await page(city);
    expect(cityPage).toContain('City programme outing');
    expect(cityPage).not.toContain('Main branch closes early');
    expect(cityPage).not.toContain('Unpublished family news');
    expect(cityPage).not.toContain('Ended family news');
  });
});
