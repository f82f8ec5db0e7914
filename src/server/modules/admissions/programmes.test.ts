import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_DEFAULTS } from '../../../shared/schemas/site-content-defaults.ts';
import type { Programme, ProgramsContent } from '../../../shared/schemas/site-content.ts';
import { DEFAULT_SCHOOL } from '../../../shared/schemas/school-defaults.ts';
import type { Branch } from '../../../shared/schemas/school.ts';
import { enquiries, siteSections } from '../../db/schema/index.ts';
import { buildTestAppWithEnv } from '../../test/build-test-app.ts';
import { admissionForm } from '../../test/content-factories.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { startSmtp } from '../../test/smtp-sink.ts';
import { FormTokens } from '../enquiries/form-token.ts';
import { saveSchoolProfile } from '../site/site.service.ts';
import { keepProgrammesInUse } from './programmes.ts';

// Issue 30: the school's programmes (Website > Programs) are the admission form's departments, the
// board's filter and labels, and the seats per branch; an enquiry names its programme by key.

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let app: FastifyInstance;
let admin: string;
let office: string;
let settingsReader: string;
let noRole: string;

const DEFAULTS = SITE_DEFAULTS.programs;
const programme = (key: string, name: string, extra: Partial<Programme> = {}): Programme => ({
  ...DEFAULTS.programmes[0]!,
  key,
  name,
  ...extra,
});
const toddlers = programme('toddlers', 'Toddlers', { ages: '18 months-2', minAge: 1.5, maxAge: 2 });

/** Publishes the Programs section as the Website editor does (its API is tested with the sections). */
async function publishPrograms(programmes: Programme[]) {
  const published: ProgramsContent = { ...DEFAULTS, programmes };
  await app.db
    .insert(siteSections)
    .values({ key: 'programs', published, publishedAt: new Date() })
    .onConflictDoUpdate({ target: siteSections.key, set: { published, publishedAt: new Date() } });
}
const withDefaults = (...extra: Programme[]) => [...DEFAULTS.programmes, ...extra];

const BRANCHES: Branch[] = [
  { name: 'Main Branch', address: '12 Garden Lane', phone: '+91 98765 43210', lat: 28.56, lng: 77.21 },
  { name: 'City Branch', address: '48 Lake View Road', phone: '+91 98765 43211', lat: 28.54, lng: 77.24 },
];
/** The school with two branches; `seats` by branch name. */
async function saveSeats(seats: Record<string, Branch['seats']> = {}) {
  const branches = BRANCHES.map((b) => (seats[b.name] ? { ...b, seats: seats[b.name] } : b));
  await saveSchoolProfile(app.db, { ...DEFAULT_SCHOOL, branches });
}

let ip = 1;
async function apply(overrides: Record<string, string> = {}) {
  const formToken = await new FormTokens(app.db).issue('admission', Date.now() - 60_000);
  return app.inject({
    method: 'POST',
    url: '/api/enquiries/admission',
    remoteAddress: `10.7.${Math.floor(ip / 250)}.${ip++ % 250}`,
    payload: { ...admissionForm(), formToken, branch: 'Main Branch', ...overrides },
  });
}
async function applied(overrides: Record<string, string> = {}) {
  const res = await apply(overrides);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; reference: string };
}

type Card = { id: number; department: string; departmentName: string; ageWarning: string };
const board = async (query = '') => {
  const res = await app.inject({ url: `/api/admissions/board${query}`, headers: { cookie: office } });
  expect(res.statusCode).toBe(200);
  return res.json().data as { columns: { cards: Card[] }[]; capacity: object[] | null };
};
const cardOf = async (id: number, query = '') => (await board(query)).columns.flatMap((c) => c.cards).find((c) => c.id === id);
const csv = async (query: string) =>
  (await app.inject({ url: `/api/admissions/export.csv${query}`, headers: { cookie: office } })).body;
const mailAbout = async (address: string, subject: string) => {
  await app.mailOutbox.settle();
  for (const m of [...smtp.received].reverse()) {
    const parsed = await simpleParser(m.raw);
    if (m.to.includes(address) && parsed.subject?.includes(subject)) return parsed.text ?? '';
  }
  throw new Error(`no mail to ${address} about ${subject}`);
};
const admissionsNamed = async (name: string) =>
  (await app.db.select({ n: count() }).from(enquiries).where(eq(enquiries.name, name)))[0]!.n;

beforeAll(async () => {
  smtp = await startSmtp();
  app = await buildTestAppWithEnv({ SMTP_URL: smtp.url });
  admin = await sessionCookie(app, (await installTestSchool(app)).admin);
  office = await sessionCookie(app, await createUser(app, { role: null, permissions: { leads: { read: true, write: true } } }));
  settingsReader = await sessionCookie(app, await createUser(app, { role: null, permissions: { settings: { read: true } } }));
  noRole = await sessionCookie(app, await createUser(app, { role: null }));
  await saveSeats();
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

describe('a renamed programme', () => {
  it('keeps its enquiries: the board, its filter, the CSV, the e-mails and the admission form use the new name', async () => {
    await publishPrograms(DEFAULTS.programmes);
    const before = await applied({ name: 'Kabir Rename', admissionDate: '2031-04-01' });
    expect((await cardOf(before.id))?.departmentName).toBe('Nursery');

    await publishPrograms(DEFAULTS.programmes.map((p) => (p.key === 'nursery' ? { ...p, name: 'Little Explorers' } : p)));
    const content = await app.inject({ url: '/api/site/content/programs' });
    const offered = (content.json().data.content as ProgramsContent).programmes.map((p) => p.name);
    expect(offered).toEqual(['Playgroup', 'Little Explorers', 'Kindergarten']);

    expect(await cardOf(before.id, '?department=nursery')).toMatchObject({
      department: 'nursery',
      departmentName: 'Little Explorers',
    });
    const exported = await csv('?month=2031-04');
    expect(exported).toContain('"Kabir Rename"');
    expect(exported).toContain('"Little Explorers"');
    expect(exported).not.toContain('"Nursery"');

    const after = await applied({ name: 'Ira Rename', email: 'ira.parent@example.com' });
    expect(await mailAbout('ira.parent@example.com', after.reference)).toContain('for Ira Rename (Little Explorers)');
    expect(await mailAbout(DEFAULT_SCHOOL.email, 'Ira Rename')).toContain('Department: Little Explorers');
  });
});

describe('a new programme', () => {
  it('takes applications, which the board shows with its seats', async () => {
    await publishPrograms(withDefaults(toddlers));
    await saveSeats({ 'Main Branch': { toddlers: 2 } });
    const { id } = await applied({
      name: 'Mira New',
      department: 'toddlers',
      birthDate: '2025-06-01',
      admissionDate: '2027-01-05',
    });
    const data = await board('?month=2027-01&department=toddlers');
    expect(data.columns[0]!.cards.map((c) => c.id)).toEqual([id]);
    expect(data.columns[0]!.cards[0]).toMatchObject({ department: 'toddlers', departmentName: 'Toddlers', ageWarning: '' });
    expect(data.capacity).toEqual([
      { branch: 'Main Branch', department: 'toddlers', departmentName: 'Toddlers', seats: 2, taken: 0 },
    ]);
  });

  it('has seats by its key in the school profile; a key that is not one is refused, naming the field', async () => {
    const put = (seats: object) =>
      app.inject({
        method: 'PUT',
        url: '/api/school',
        headers: { cookie: admin },
        payload: { branches: BRANCHES.map((b, i) => (i === 1 ? { ...b, seats } : b)) },
      });
    const saved = await put({ 'forest-school': 4, nursery: 10 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.branches[1].seats).toEqual({ 'forest-school': 4, nursery: 10 });
    const refused = await put({ 'Forest School!': 4 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      'branches.1.seats.Forest School!': 'Seats are set per programme: this is not a programme key.',
    });
    const negative = await put({ nursery: -1 });
    expect(negative.json().fields['branches.1.seats.nursery']).toBe('Seats cannot be negative.');
  });
});

describe('the admission form refuses a programme it does not offer', () => {
  it('a hidden one: 400 naming the department, and nothing stored', async () => {
    await publishPrograms(withDefaults({ ...toddlers, hidden: true }));
    const res = await apply({ name: 'Hidden Choice', department: 'toddlers' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      department: 'Toddlers takes no new applications now. Choose one of: Playgroup, Nursery, Kindergarten.',
    });
    expect(await admissionsNamed('Hidden Choice')).toBe(0);
  });

  it('an unknown one, with the other fields to fix in the same answer', async () => {
    await publishPrograms(DEFAULTS.programmes);
    const res = await apply({ name: '', department: 'college' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: "Child's full name is required.",
      department: 'Choose one of our programmes: Playgroup, Nursery, Kindergarten.',
    });
  });
});

describe('keepProgrammesInUse', () => {
  it('keeps a removed programme with applications, hidden, and tells staff why', async () => {
    const tots = programme('tots', 'Toddlers');
    await publishPrograms(withDefaults(tots));
    for (const name of ['Ada Kept', 'Ben Kept', 'Cy Kept']) await applied({ name, department: 'tots' });
    const previous: ProgramsContent = { ...DEFAULTS, programmes: [tots, ...DEFAULTS.programmes] };
    const { content, notices } = await keepProgrammesInUse(app.db, previous, { ...DEFAULTS, programmes: DEFAULTS.programmes });
    expect(content.programmes.map((p) => [p.key, p.hidden])).toEqual([
      ['tots', true],
      ['playgroup', false],
      ['nursery', false],
      ['kindergarten', false],
    ]);
    expect(notices).toContain('Toddlers has 3 applications, so it stays on the board, hidden from the admission form.');

    // Published so: the board still shows it, the form no longer takes it.
    await publishPrograms(content.programmes);
    expect((await board('?department=tots')).columns[0]!.cards.map((c) => c.departmentName)).toEqual(Array(3).fill('Toddlers'));
    expect((await apply({ department: 'tots' })).statusCode).toBe(400);
  });

  it('keeps one with seats only, lets an unused one go, and keeps what was not removed as it is', async () => {
    const forest = programme('forest-school', 'Forest School');
    const music = programme('music-club', 'Music Club');
    await saveSeats({ 'City Branch': { 'forest-school': 8 } });
    const previous: ProgramsContent = { ...DEFAULTS, programmes: withDefaults(forest, music) };
    const next: ProgramsContent = { ...DEFAULTS, programmes: DEFAULTS.programmes.map((p) => ({ ...p, name: `${p.name}!` })) };
    const { content, notices } = await keepProgrammesInUse(app.db, previous, next);
    expect(content.programmes.map((p) => p.name)).toEqual(['Playgroup!', 'Nursery!', 'Kindergarten!', 'Forest School']);
    expect(content.programmes.at(-1)?.hidden).toBe(true);
    expect(notices).toEqual([
      'Forest School has seats at City Branch, so it stays on the board, hidden from the admission form. Remove its seats in the school profile first to let it go.',
    ]);
    expect(await keepProgrammesInUse(app.db, next, next)).toEqual({ content: next, notices: [] });
  });

  it('refuses, naming the programmes, when keeping one would pass twelve', async () => {
    await saveSeats({ 'City Branch': { 'forest-school': 8 } });
    const twelve = Array.from({ length: 12 }, (_, i) => programme(`p${i}`, `Class ${i}`));
    const previous: ProgramsContent = {
      ...DEFAULTS,
      programmes: [programme('forest-school', 'Forest School'), ...twelve.slice(1)],
    };
    await expect(keepProgrammesInUse(app.db, previous, { ...DEFAULTS, programmes: twelve })).rejects.toMatchObject({
      status: 400,
      details: { fields: { 'content.programmes': expect.stringContaining('Forest School has seats at City Branch') } },
    });
  });
});

describe('the Website editor (sections API)', () => {
  const section = (action: 'draft' | 'publish', content?: ProgramsContent) =>
    app.inject({
      method: action === 'draft' ? 'PUT' : 'POST',
      url: `/api/website/sections/programs/${action}`,
      headers: { cookie: admin },
      ...(content ? { payload: { content } } : {}),
    });

  it('keeps a removed programme in use, hidden, with a notice, and publishes a renamed one for the admission form', async () => {
    await publishPrograms(withDefaults(programme('sprouts', 'Sprouts')));
    await applied({ name: 'Sam Sprout', department: 'sprouts' });
    const renamed = DEFAULTS.programmes.map((p) => (p.key === 'nursery' ? { ...p, name: 'Little Explorers' } : p));
    const draft = await section('draft', { ...DEFAULTS, programmes: renamed });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().data.notices).toEqual([
      'Sprouts has 1 application, so it stays on the board, hidden from the admission form.',
    ]);
    expect(draft.json().data.draft.programmes.at(-1)).toMatchObject({ key: 'sprouts', name: 'Sprouts', hidden: true });
    // Parents see nothing of a draft.
    expect((await apply({ name: 'Early Bird', department: 'sprouts' })).statusCode).toBe(201);

    const published = await section('publish');
    expect(published.statusCode, published.body).toBe(200);
    const read = (await app.inject({ url: '/api/site/content/programs' })).json().data.content as ProgramsContent;
    expect(read.programmes.map((p) => [p.name, p.hidden])).toEqual([
      ['Playgroup', false],
      ['Little Explorers', false],
      ['Kindergarten', false],
      ['Sprouts', true],
    ]);
    expect((await apply({ name: 'Too Late', department: 'sprouts' })).json().fields.department).toBe(
      'Sprouts takes no new applications now. Choose one of: Playgroup, Little Explorers, Kindergarten.',
    );
    const cards = (await board('?department=sprouts')).columns.flatMap((c) => c.cards);
    expect(cards.map((c) => c.departmentName)).toEqual(['Sprouts', 'Sprouts']);
  });
});

describe('an age outside the programme (issue 31)', () => {
  it('is flagged on the card and in the CSV, and the application is still taken', async () => {
    await publishPrograms(DEFAULTS.programmes);
    const { id } = await applied({ name: 'Old Enough', birthDate: '2022-02-01', admissionDate: '2027-04-01' });
    expect((await cardOf(id, '?q=Old%20Enough'))?.ageWarning).toBe('5 y 2 m at the start, outside Nursery (Ages 3-4)');
    expect(await csv('?q=Old%20Enough')).toContain('"5 y 2 m at the start, outside Nursery (Ages 3-4)"');
  });
});

describe('GET /api/admissions/programmes', () => {
  it('lists every programme, hidden ones too, to staff who read admissions or settings', async () => {
    await publishPrograms(withDefaults({ ...toddlers, hidden: true }));
    expect((await app.inject({ url: '/api/admissions/programmes' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/admissions/programmes', headers: { cookie: noRole } })).statusCode).toBe(403);
    for (const cookie of [office, settingsReader]) {
      const res = await app.inject({ url: '/api/admissions/programmes', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.at(-1)).toEqual({
        key: 'toddlers',
        name: 'Toddlers',
        ages: '18 months-2',
        minAge: 1.5,
        maxAge: 2,
        hidden: true,
      });
    }
  });
});
