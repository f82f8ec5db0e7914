import type { FastifyInstance } from 'fastify';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needsMessage } from '../../../shared/permissions.ts';
import { SITE_DEFAULTS } from '../../../shared/schemas/site-content-defaults.ts';
import type { Family } from '../../../shared/schemas/family.ts';
import { enquiries } from '../../db/schema/index.ts';
import { restoreRequest } from '../../test/backup-requests.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { TEST_BRANCHES } from '../../test/install-payload.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { writeBackupFile } from '../backups/backup.service.ts';
import { keepProgrammesInUse } from '../admissions/programmes.ts';
import { childrenWithoutConsent } from './families.service.ts';

// Issue 32, the foundation: families, their parent contacts and children, and the children's photo
// consents (a history), for staff with the `families` module.

let app: FastifyInstance;
let admin: string;
let manager: string;
let teacher: string;
const [PROGRAMME, OTHER] = SITE_DEFAULTS.programs.programmes.map((p) => p.key) as [string, string];
const [BRANCH] = TEST_BRANCHES.map((b) => b.name) as [string];
const work = mkdtempSync(join(tmpdir(), 'sprout-families-'));

beforeAll(async () => {
  app = await buildTestApp();
  admin = await sessionCookie(app, (await installTestSchool(app)).admin);
  manager = await sessionCookie(app, await createUser(app, { role: 'manager' }));
  teacher = await sessionCookie(app, await createUser(app, { role: 'user' }));
});
afterAll(async () => {
  await app.close();
  rmSync(work, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie = admin, payload?: unknown) =>
  app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

let seq = 0;
const familyInput = (name = 'Sharma family', extra: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    name,
    notes: 'Walks to school',
    contacts: [
      { name: 'Priya Sharma', email: `priya${seq}@example.test`, phone: '+91 98765 00001', relation: 'Mother' },
      { name: 'Rohan Sharma', phone: '+91 98765 00002', relation: 'Father' },
    ],
    children: [
      {
        firstName: 'Anaya',
        lastName: 'Sharma',
        birthDate: '2022-03-14',
        branch: BRANCH,
        programme: PROGRAMME,
        startDate: '2026-06-01',
      },
    ],
    ...extra,
  };
};
const create = async (name?: string, extra?: Record<string, unknown>) => {
  const res = await call('POST', '/api/families', admin, familyInput(name, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Family;
};
const auditOf = async (entity: string) =>
  (await call('GET', `/api/audit?entity=${entity}&limit=100`)).json().data as {
    action: string;
    entityId: string;
    summary: string;
  }[];

describe('families CRUD', () => {
  it('creates a family with its contacts and children, reads it back, changes and deletes it, each in the audit log', async () => {
    const made = await create();
    expect(made).toMatchObject({
      name: 'Sharma family',
      notes: 'Walks to school',
      enquiryId: null,
      contacts: [
        { name: 'Priya Sharma', relation: 'Mother', isPrimary: true },
        { name: 'Rohan Sharma', email: null, isPrimary: false },
      ],
      children: [
        {
          firstName: 'Anaya',
          birthDate: '2022-03-14',
          branch: BRANCH,
          programme: PROGRAMME,
          leavingDate: null,
          consents: { website: null, families: null, none: null },
        },
      ],
    });
    expect((await call('GET', `/api/families/${made.id}`, manager)).json().data).toEqual(made);

    // Update: keep the mother (changed), drop the father, add a grandmother and a second child.
    const put = await call('PUT', `/api/families/${made.id}`, manager, {
      name: 'Sharma-Iyer family',
      contacts: [
        { id: made.contacts[0]!.id, name: 'Priya Sharma', email: made.contacts[0]!.email, phone: null, relation: 'Mother' },
        { name: 'Lata Iyer', email: `lata${seq}@example.test`, relation: 'Grandmother', isPrimary: true },
      ],
      children: [
        { ...familyInput().children[0], id: made.children[0]!.id, leavingDate: '2027-03-31' },
        { firstName: 'Kabir', lastName: 'Sharma', birthDate: '2023-01-02', programme: OTHER, branch: BRANCH },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const changed = put.json().data as Family;
    expect(changed.name).toBe('Sharma-Iyer family');
    expect(changed.notes).toBeNull();
    expect(changed.contacts.map((c) => [c.name, c.isPrimary])).toEqual([
      ['Lata Iyer', true],
      ['Priya Sharma', false],
    ]);
    expect(changed.contacts.find((c) => c.name === 'Priya Sharma')!.id).toBe(made.contacts[0]!.id);
    expect(changed.children.map((c) => [c.firstName, c.leavingDate])).toEqual([
      ['Anaya', '2027-03-31'],
      ['Kabir', null],
    ]);

    expect((await call('DELETE', `/api/families/${made.id}`, manager)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/families/${made.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/families/${made.id}`)).statusCode).toBe(404);

    const log = (await auditOf('family')).filter((e) => e.entityId === String(made.id));
    expect(log.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(log[0]!.summary).toBe(`Deleted family #${made.id} (since deleted)`);
  });

  it('refuses bad programmes and branches, a family without a contact, a contact without e-mail or phone, and text over its limit, naming the field', async () => {
    const refused = async (payload: unknown, field: string) => {
      const res = await call('POST', '/api/families', admin, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), res.body).toContain(field);
      return res.json();
    };
    const child = familyInput().children[0]!;
    await refused(familyInput('X', { children: [{ ...child, programme: 'astronauts' }] }), 'children.0.programme');
    await refused(familyInput('X', { children: [{ ...child, branch: 'Moon Branch' }] }), 'children.0.branch');
    await refused(familyInput('X', { contacts: [] }), 'contacts');
    await refused(familyInput('X', { children: [] }), 'children');
    await refused(familyInput('X', { contacts: [{ name: 'Nobody' }] }), 'contacts.0.email');
    await refused(familyInput('x'.repeat(121)), 'name');
    await refused(familyInput('X', { notes: 'n'.repeat(2001) }), 'notes');
    await refused(familyInput('X', { children: [{ ...child, firstName: 'a'.repeat(81) }] }), 'children.0.firstName');
    await refused(familyInput('X', { children: [{ ...child, birthDate: '2022-02-30' }] }), 'children.0.birthDate');
    await refused(familyInput('X', { children: [{ ...child, leavingDate: '2020-01-01' }] }), 'children.0.leavingDate');
    const res = await refused(familyInput('X', { contacts: [{ name: 'P', email: 'not-an-email' }] }), 'contacts.0.email');
    expect(res.fields['contacts.0.email']).toMatch(/valid e-mail/);
    expect((await call('GET', '/api/families?q=X')).json().total).toBe(0);
  });

  it('keeps a parent’s e-mail to one contact across families (it becomes their sign-in)', async () => {
    const first = await create('Khan family');
    const email = first.contacts[0]!.email!.toUpperCase();
    const res = await call(
      'POST',
      '/api/families',
      admin,
      familyInput('Other family', { contacts: [{ name: 'Someone', email }] }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toHaveProperty(['contacts.0.email']);
    expect(res.json()).toMatchObject({
      familyId: first.id,
      message: 'This e-mail address is already a contact of the family “Khan family”.',
    });
    // Its own family may keep it on an update.
    const same = await call('PUT', `/api/families/${first.id}`, admin, {
      ...familyInput('Khan family'),
      contacts: [{ ...first.contacts[0], email }],
    });
    expect(same.statusCode, same.body).toBe(200);
    // Ids of another family's contacts or children are refused.
    const other = await create('Patel family');
    const foreign = await call('PUT', `/api/families/${first.id}`, admin, {
      ...familyInput('Khan family'),
      children: [{ ...familyInput().children[0], id: other.children[0]!.id }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toHaveProperty(['children.0.id']);
  });

  it('answers 403 naming the families module to staff without it, 401 to nobody', async () => {
    const family = await create('Gupta family');
    for (const [method, url] of [
      ['GET', '/api/families'],
      ['GET', `/api/families/${family.id}`],
      ['GET', `/api/families/children/${family.children[0]!.id}/consents`],
    ] as const) {
      const res = await call(method, url, teacher);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(needsMessage([['families', 'read']]));
    }
    const post = await call('POST', '/api/families', teacher, familyInput());
    expect(post.json().message).toBe(needsMessage([['families', 'write']]));
    expect((await app.inject('/api/families')).statusCode).toBe(401);
  });

  it('names families and children in the audit log and its export only to staff with families: read', async () => {
    const family = await create('Fernandes family');
    await call('POST', `/api/families/children/${family.children[0]!.id}/consents`, admin, { purpose: 'website', granted: true });
    const auditor = await sessionCookie(app, await createUser(app, { role: null, permissions: { users: { read: true } } }));
    const sentences = async (cookie: string) =>
      ((await call('GET', '/api/audit?limit=100', cookie)).json().data as { summary: string }[]).map((e) => e.summary).join('\n');
    const exported = async (cookie: string) => (await call('GET', '/api/audit/export', cookie)).body;
    expect(await sentences(admin)).toContain('the family “Fernandes family”');
    expect(await sentences(admin)).toContain('photos of Anaya Sharma may be shown');
    for (const text of [await sentences(auditor), await exported(auditor)]) {
      expect(text).not.toContain('Fernandes');
      expect(text).not.toContain('Anaya');
      expect(text).toContain(`Added family #${family.id}`);
      expect(text).not.toContain(`family #${family.id} (since deleted)`);
    }
    const overview = (await call('GET', '/api/overview', auditor)).body;
    expect(overview).not.toContain('Fernandes');
  });
});

describe('GET /api/families', () => {
  it('searches families, contacts and children, and pages through them in one order', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `Zeta${String(i).padStart(2, '0')} family`);
    for (const name of names) await create(name);
    await create('Quokka family', {
      contacts: [{ name: 'Meera Quokka', email: 'meera.unique@example.test' }],
      children: [{ firstName: 'Ishaan', lastName: 'Rare', birthDate: '2021-05-05', programme: OTHER, branch: BRANCH }],
    });
    const list = async (query: string) => (await call('GET', `/api/families?${query}`, manager)).json();
    expect((await list('q=quokka')).data.map((f: Family) => f.name)).toEqual(['Quokka family']);
    expect((await list('q=MEERA.UNIQUE')).data.map((f: Family) => f.name)).toEqual(['Quokka family']);
    expect((await list('q=ishaan rare')).data.map((f: Family) => f.name)).toEqual(['Quokka family']);
    expect((await list('q=100%25')).total).toBe(0);
    const quokka = (await list('q=quokka')).data[0];
    expect(quokka.contacts).toEqual([expect.objectContaining({ name: 'Meera Quokka', isPrimary: true })]);
    expect(quokka.children).toEqual([expect.objectContaining({ firstName: 'Ishaan', programme: OTHER })]);
    expect((await list(`programme=${OTHER}&q=quokka`)).total).toBe(1);
    expect((await list(`programme=${PROGRAMME}&q=quokka`)).total).toBe(0);

    const first = await list('q=zeta&limit=5');
    const second = await list('q=zeta&limit=5&offset=5');
    const third = await list('q=zeta&limit=5&offset=10');
    expect(first.total).toBe(12);
    expect([...first.data, ...second.data, ...third.data].map((f: Family) => f.name)).toEqual(names);
    expect(first.counts.families).toBeGreaterThanOrEqual(13);
    expect((await call('GET', '/api/families?limit=0')).statusCode).toBe(400);
    expect((await call('GET', `/api/families?q=${'a'.repeat(101)}`)).statusCode).toBe(400);
  });
});

describe('POST /api/families/from-enquiry/:id', () => {
  const admission = async (stage: 'enrolled' | 'offered', email: string) => {
    const [row] = await app.db
      .insert(enquiries)
      .values({
        type: 'admission',
        name: 'Vihaan Rao',
        email,
        phone: '+91 98765 11111',
        details: {
          fatherName: 'Arjun Rao',
          birthDate: '2022-08-09',
          address: '1 Road',
          department: PROGRAMME,
          admissionDate: '2026-06-01',
          branch: BRANCH,
        },
        stage,
      })
      .returning({ id: enquiries.id });
    return row!.id;
  };

  it('makes the family from an enrolled admission once, refuses one not enrolled', async () => {
    const id = await admission('enrolled', 'arjun@example.test');
    const res = await call('POST', `/api/families/from-enquiry/${id}`, manager);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Rao family',
      enquiryId: id,
      contacts: [
        { name: 'Arjun Rao', email: 'arjun@example.test', phone: '+91 98765 11111', relation: 'Father', isPrimary: true },
      ],
      children: [
        {
          firstName: 'Vihaan',
          lastName: 'Rao',
          birthDate: '2022-08-09',
          programme: PROGRAMME,
          branch: BRANCH,
          startDate: '2026-06-01',
        },
      ],
    });
    const again = await call('POST', `/api/families/from-enquiry/${id}`, manager);
    expect(again.statusCode).toBe(409);
    expect(again.json().familyId).toBe(res.json().data.id);

    const offered = await admission('offered', 'other@example.test');
    const refused = await call('POST', `/api/families/from-enquiry/${offered}`, manager);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: expect.stringMatching(/enrolled/i), stage: 'offered' });
    expect((await call('POST', '/api/families/from-enquiry/987654', manager)).statusCode).toBe(404);

    // A parent already in a family (a sibling enrolled later): 409 naming that family.
    const sibling = await admission('enrolled', 'arjun@example.test');
    const taken = await call('POST', `/api/families/from-enquiry/${sibling}`, manager);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ familyId: res.json().data.id, message: expect.stringContaining('Rao family') });

    const [entry] = (await auditOf('family')).filter((e) => e.entityId === String(res.json().data.id));
    expect(entry!.summary).toBe(`Made the family “Rao family” from admission #${id}`);
  });
});

describe('GET /api/families in natural order', () => {
  it('sorts names as people read them (Family 2 before Family 10, case and accents aside), page after page', async () => {
    const names = [
      'Natsort b',
      'Natsort 10',
      'natsort 2',
      'Natsort 1',
      'NATSORT 1b',
      'Natsort Ábc',
      'Natsort 1a',
      'Natsort 02',
      'Natsort 100',
      'Natsort 9',
    ];
    for (const name of names) await create(name);
    const page = async (offset: number) =>
      ((await call('GET', `/api/families?q=natsort&limit=3&offset=${offset}`)).json().data as Family[]).map((f) => f.name);
    const all = [...(await page(0)), ...(await page(3)), ...(await page(6)), ...(await page(9))];
    // "Natsort 02" and "natsort 2" are the same number: the older first.
    expect(all).toEqual([
      'Natsort 1',
      'Natsort 1a',
      'NATSORT 1b',
      'natsort 2',
      'Natsort 02',
      'Natsort 9',
      'Natsort 10',
      'Natsort 100',
      'Natsort Ábc',
      'Natsort b',
    ]);
  });
});

describe('POST /api/families/:id/children/from-enquiry/:enquiryId', () => {
  const enrolled = async (name: string, email: string, birthDate: string) => {
    const [row] = await app.db
      .insert(enquiries)
      .values({
        type: 'admission',
        name,
        email,
        phone: '+91 98765 33333',
        details: {
          fatherName: 'Sunil Das',
          birthDate,
          address: '3 Road',
          department: PROGRAMME,
          admissionDate: '2027-06-01',
          branch: BRANCH,
        },
        stage: 'enrolled',
      })
      .returning({ id: enquiries.id });
    return row!.id;
  };

  it('adds a sibling’s child to the family that has the parent, once', async () => {
    const first = await enrolled('Riya Das', 'sunil.das@example.test', '2021-01-01');
    const made = (await call('POST', `/api/families/from-enquiry/${first}`, manager)).json().data as Family;
    const sibling = await enrolled('Arun Das', 'Sunil.Das@example.test', '2023-02-02');

    // Making a family of it names the family to add the child to.
    const taken = await call('POST', `/api/families/from-enquiry/${sibling}`, manager);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ familyId: made.id, familyName: 'Das family', addChild: true });
    expect(taken.json().message).toContain('add Arun Das to that family');

    const url = `/api/families/${made.id}/children/from-enquiry/${sibling}`;
    expect((await call('POST', url, teacher)).statusCode).toBe(403);
    expect((await call('POST', `/api/families/987654/children/from-enquiry/${sibling}`, manager)).statusCode).toBe(404);
    expect((await call('POST', `/api/families/${made.id}/children/from-enquiry/987654`, manager)).statusCode).toBe(404);
    expect((await call('POST', url, manager, { programme: 'x'.repeat(41) })).statusCode).toBe(400);
    const added = await call('POST', url, manager);
    expect(added.statusCode, added.body).toBe(201);
    const family = added.json().data as Family;
    expect(family.children.map((c) => [c.firstName, c.lastName, c.birthDate, c.programme, c.startDate])).toEqual([
      ['Riya', 'Das', '2021-01-01', PROGRAMME, '2027-06-01'],
      ['Arun', 'Das', '2023-02-02', PROGRAMME, '2027-06-01'],
    ]);
    expect(family.contacts).toHaveLength(1);

    // Once added: both ways answer that the child is there.
    const again = await call('POST', url, manager);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ familyId: made.id, childId: family.children[1]!.id });
    const create = await call('POST', `/api/families/from-enquiry/${sibling}`, manager);
    expect(create.statusCode).toBe(409);
    expect(create.json()).toMatchObject({ familyId: made.id, childId: family.children[1]!.id });
    expect(create.json()).not.toHaveProperty('addChild');
    // The admission the family was made from is the family's already.
    const own = await call('POST', `/api/families/${made.id}/children/from-enquiry/${first}`, manager);
    expect(own.statusCode).toBe(409);

    const [entry] = (await auditOf('family')).filter((e) => e.entityId === String(made.id));
    expect(entry).toMatchObject({ action: 'update', summary: 'Changed the family “Das family”: children' });
  });

  it('refuses an admission that is not enrolled', async () => {
    const family = await create('Ghosh family');
    const [row] = await app.db
      .insert(enquiries)
      .values({ type: 'admission', name: 'Neel Ghosh', email: 'ghosh@example.test', details: {}, stage: 'offered' })
      .returning({ id: enquiries.id });
    const res = await call('POST', `/api/families/${family.id}/children/from-enquiry/${row!.id}`, manager);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ stage: 'offered' });
  });
});

describe('POST /api/families/from-enquiry/:id with corrections', () => {
  it('asks for the branch an admission did not name (the school has two), and takes it from the body', async () => {
    expect(TEST_BRANCHES.length).toBeGreaterThan(1);
    const [row] = await app.db
      .insert(enquiries)
      .values({
        type: 'admission',
        name: 'Zoya',
        email: 'zoya.parent@example.test',
        phone: '+91 98765 22222',
        details: {
          fatherName: 'Imran Ali',
          birthDate: '2022-02-02',
          address: '2 Road',
          department: PROGRAMME,
          admissionDate: '2026-06-01',
        },
        stage: 'enrolled',
      })
      .returning({ id: enquiries.id });
    const url = `/api/families/from-enquiry/${row!.id}`;
    const missing = await call('POST', url, manager);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty(['children.0.branch']);
    expect((await call('POST', url, manager, { branch: 'Moon Branch' })).statusCode).toBe(400);
    expect((await call('POST', url, manager, { programme: 'x'.repeat(41) })).json().fields).toHaveProperty(['programme']);
    const made = await call('POST', url, manager, { branch: TEST_BRANCHES[1]!.name });
    expect(made.statusCode, made.body).toBe(201);
    // One-word child's name: the family is named after the parent.
    expect(made.json().data).toMatchObject({
      name: 'Ali family',
      children: [{ firstName: 'Zoya', lastName: '', branch: TEST_BRANCHES[1]!.name }],
    });
  });
});

describe('consents', () => {
  it('keeps every change as history, newest first, the latest current, each in the audit log', async () => {
    const family = await create('Mehta family');
    const child = family.children[0]!;
    const url = `/api/families/children/${child.id}/consents`;
    for (const change of [
      { purpose: 'website', granted: true, source: 'paper form' },
      { purpose: 'families', granted: true },
      { purpose: 'website', granted: false, source: 'phone call' },
      { purpose: 'none', granted: true },
    ]) {
      const res = await call('POST', url, manager, change);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ ...change, recordedByKind: 'staff', childId: child.id });
    }
    const history = (await call('GET', url, manager)).json().data;
    expect(history.map((h: { purpose: string; granted: boolean }) => `${h.purpose}:${h.granted}`)).toEqual([
      'none:true',
      'website:false',
      'families:true',
      'website:true',
    ]);
    expect(history[1].source).toBe('phone call');
    const current = (await call('GET', `/api/families/${family.id}`)).json().data.children[0].consents;
    expect(current).toMatchObject({ website: { granted: false }, families: { granted: true }, none: { granted: true } });
    // "No images anywhere" overrides the family area's consent; lifting it gives it back.
    const allowed = async () => (await call('GET', `/api/families/${family.id}`)).json().data.children[0].allowed;
    expect(await allowed()).toEqual({ website: false, families: false });
    await call('POST', url, manager, { purpose: 'none', granted: false });
    expect(await allowed()).toEqual({ website: false, families: true });
    expect(history[0].recordedByName).toBeTypeOf('string');

    for (const bad of [
      { purpose: 'instagram', granted: true },
      { purpose: 'website' },
      { purpose: 'website', granted: true, source: 's'.repeat(201) },
    ]) {
      expect((await call('POST', url, manager, bad)).statusCode).toBe(400);
    }
    expect(
      (await call('POST', '/api/families/children/987654/consents', manager, { purpose: 'website', granted: true })).statusCode,
    ).toBe(404);
    expect((await call('POST', url, teacher, { purpose: 'website', granted: true })).statusCode).toBe(403);

    const log = (await auditOf('child')).filter((e) => e.entityId === String(child.id)).map((e) => e.summary);
    expect(log).toEqual([
      'Lifted “No images anywhere” for Anaya Sharma',
      'Marked Anaya Sharma as “No images anywhere”',
      'Recorded that photos of Anaya Sharma may not be shown on the public website',
      'Recorded that photos of Anaya Sharma may be shown in the family area',
      'Recorded that photos of Anaya Sharma may be shown on the public website',
    ]);
  });
});

describe('childrenWithoutConsent', () => {
  it('names the children whose consents do not allow a use: none recorded, withdrawn, or no images anywhere', async () => {
    const family = await create('Nair family', {
      children: ['Asha', 'Bela', 'Chitra', 'Devi'].map((firstName, i) => ({
        firstName,
        lastName: 'Nair',
        birthDate: `2022-0${i + 1}-01`,
        programme: PROGRAMME,
        branch: BRANCH,
      })),
    });
    const [asha, bela, chitra, devi] = family.children as [
      Family['children'][0],
      Family['children'][0],
      Family['children'][0],
      Family['children'][0],
    ];
    const record = (id: number, purpose: string, granted: boolean) =>
      call('POST', `/api/families/children/${id}/consents`, admin, { purpose, granted });
    await record(asha.id, 'website', true);
    await record(bela.id, 'website', true);
    await record(bela.id, 'website', false);
    await record(chitra.id, 'website', true);
    await record(chitra.id, 'none', true);
    const ids = family.children.map((c) => c.id);
    expect((await childrenWithoutConsent(app.db, ids, 'website')).map((c) => c.firstName)).toEqual(['Bela', 'Chitra', 'Devi']);
    expect((await childrenWithoutConsent(app.db, ids, 'families')).map((c) => c.firstName)).toEqual([
      'Asha',
      'Bela',
      'Chitra',
      'Devi',
    ]);
    expect(await childrenWithoutConsent(app.db, [asha.id, asha.id], 'website')).toEqual([]);
    expect(devi.allowed).toEqual({ website: false, families: false });
  });
});

describe('programmes that children name', () => {
  it('stay on the Programs section, hidden, when staff remove them', async () => {
    await create('Bose family', {
      children: [{ firstName: 'Tara', lastName: 'Bose', birthDate: '2021-01-01', programme: OTHER, branch: BRANCH }],
    });
    const before = SITE_DEFAULTS.programs;
    const after = { ...before, programmes: before.programmes.filter((p) => p.key !== OTHER) };
    const kept = await keepProgrammesInUse(app.db, before, after);
    expect(kept.content.programmes.find((p) => p.key === OTHER)).toMatchObject({ hidden: true });
    expect(kept.notices.join(' ')).toMatch(/ has \d+ child/);
  });
});

describe('a backup of the families', () => {
  it('restores families, contacts, children and every consent exactly', async () => {
    const family = await create('Backup family');
    const url = `/api/families/children/${family.children[0]!.id}/consents`;
    await call('POST', url, admin, { purpose: 'website', granted: true, source: 'paper form' });
    await call('POST', url, admin, { purpose: 'website', granted: false });
    const snapshot = (await call('GET', `/api/families/${family.id}`)).json().data;
    const history = (await call('GET', url)).json().data;
    const list = (await call('GET', '/api/families?limit=100')).json();
    const archive = join(work, 'families.tar.gz');
    await writeBackupFile(app.database.current, app.dataDir, archive);

    const target = await buildTestApp();
    try {
      const cookie = await sessionCookie(target, (await installTestSchool(target)).admin);
      const res = await restoreRequest(target, cookie, readFileSync(archive), { name: 'families.tar.gz' });
      expect(res.statusCode, res.body).toBe(200);
      const restoredAdmin = await sessionCookie(target, (await target.db.query.users.findFirst())!);
      const get = (u: string) => target.inject({ url: u, headers: { cookie: restoredAdmin } });
      expect((await get(`/api/families/${family.id}`)).json().data).toEqual(snapshot);
      expect((await get(url)).json().data).toEqual(history);
      expect((await get('/api/families?limit=100')).json()).toEqual(list);
    } finally {
      await target.close();
    }
  }, 120_000);
});
