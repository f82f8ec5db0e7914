import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_DEFAULTS } from '../../../shared/schemas/site-content-defaults.ts';
import { events, posts } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createCategory } from '../../test/content-factories.ts';
import { TEST_BRANCHES } from '../../test/install-payload.ts';
import { installTestSchool, sessionCookie } from '../../test/factories.ts';

// Issue 32: a post's or an event's audience is checked as a gallery's is (checkAudience): a
// branch or programme the school does not have is a 400 naming the field, and nothing is saved.

let app: FastifyInstance;
let admin: string;
const [BRANCH] = TEST_BRANCHES.map((b) => b.name) as [string];
const [PROGRAMME] = SITE_DEFAULTS.programs.programmes.map((p) => p.key) as [string];

beforeAll(async () => {
  app = await buildTestApp();
  admin = await sessionCookie(app, (await installTestSchool(app)).admin);
  await createCategory(app, 'Meetings');
});
afterAll(() => app.close());

const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
  app.inject({ method, url, payload, headers: { cookie: admin } });
let n = 0;
const post = (extra: object = {}) => ({
  title: 'Letter',
  slug: `letter-${++n}`,
  content: '<p>Dear parents</p>',
  status: 'published',
  ...extra,
});
const event = (extra: object = {}) => ({
  title: 'Meeting',
  description: 'For parents.',
  category: 'Meetings',
  location: BRANCH,
  start_date: new Date(Date.now() + 86_400_000).toISOString(),
  ...extra,
});
const kinds = [
  ['post', '/api/posts', post],
  ['event', '/api/events', event],
] as const;

describe.each(kinds)('a %s’s audience', (_kind, url, body) => {
  it('is everyone unless chosen, and kept when a PUT leaves it out', async () => {
    const created = await send('POST', url, body());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ audience: 'everyone', audienceBranch: null, audienceProgramme: null });
    const id = created.json().data.id as number;
    const chosen = { audience: 'programme', audienceBranch: BRANCH, audienceProgramme: PROGRAMME };
    const changed = await send('PUT', `${url}/${id}`, body(chosen));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject(chosen);
    const kept = await send('PUT', `${url}/${id}`, body({ title: 'Letter again' }));
    expect(kept.json().data).toMatchObject(chosen);
    // Families of the whole school: no branch or programme kept.
    const all = await send('PUT', `${url}/${id}`, body({ audience: 'families', audienceBranch: BRANCH }));
    expect(all.json().data).toMatchObject({ audience: 'families', audienceBranch: null, audienceProgramme: null });
  });

  it('refuses a branch or programme the school does not have, staff only, or a group left out, naming the field', async () => {
    const table = url === '/api/posts' ? posts : events;
    const before = (await app.db.select().from(table)).length;
    const cases: [object, string][] = [
      [{ audience: 'branch', audienceBranch: 'Moon base' }, 'audienceBranch'],
      [{ audience: 'programme', audienceBranch: BRANCH, audienceProgramme: 'astronauts' }, 'audienceProgramme'],
      [{ audience: 'programme', audienceBranch: 'Moon base', audienceProgramme: PROGRAMME }, 'audienceBranch'],
      [{ audience: 'branch' }, 'audienceBranch'],
      [{ audience: 'programme', audienceBranch: BRANCH }, 'audienceProgramme'],
      [{ audience: 'staff' }, 'audience'],
      [{ audience: 'parents' }, 'audience'],
    ];
    for (const [extra, field] of cases) {
      const res = await send('POST', url, body(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(extra)).toContain(field);
    }
    expect((await app.db.select().from(table)).length).toBe(before);
    // A PUT refused leaves the stored audience as it was.
    const id = (await send('POST', url, body({ audience: 'branch', audienceBranch: BRANCH }))).json().data.id as number;
    const refused = await send('PUT', `${url}/${id}`, body({ audience: 'branch', audienceBranch: 'Moon base' }));
    expect(refused.statusCode).toBe(400);
    const [row] = (await app.db.select().from(table)).filter((r) => r.id === id);
    expect(row).toMatchObject({ audience: 'branch', audienceBranch: BRANCH });
  });
});
