import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCHOOL } from '../../../shared/schemas/school-defaults.ts';
import { schoolDates } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createCategory } from '../../test/content-factories.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { TEST_BRANCHES } from '../../test/install-payload.ts';
import { saveSchoolProfile } from '../site/site.service.ts';

/** The public event page of a repeating event (server-rendered: needs a build in SPROUT_DIST_DIR). */
let app: FastifyInstance;
let cookie: string;

beforeAll(async () => {
  app = await buildTestApp({ pages: true, publicUrl: 'https://school.example' });
  await installTestSchool(app);
  await saveSchoolProfile(app.db, { ...DEFAULT_SCHOOL, branches: TEST_BRANCHES, timezone: 'Europe/London' });
  cookie = await sessionCookie(app, await createUser(app, { role: 'manager' }));
  await createCategory(app, 'Outdoors');
  await app.db.insert(schoolDates).values([
    { kind: 'term', name: 'Summer term', startsOn: '2031-04-14', endsOn: '2031-07-18' },
    { kind: 'closure', name: 'Staff training day', startsOn: '2031-05-06', endsOn: '2031-05-06' },
  ]);
});
afterAll(() => app.close());

describe('the public page of a repeating event', () => {
  it('names the rule in words under the date, and the closure that took a date out', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie },
      payload: {
        title: 'Forest School',
        description: 'Outdoors in the woods.',
        category: 'Outdoors',
        location: 'The woods',
        cover_image: 'https://example.com/forest.jpg',
        start_date: '2031-04-15T08:30:00.000Z',
        end_date: '2031-04-15T10:00:00.000Z',
        repeat: { freq: 'weekly', weekdays: ['TU'], until: '2031-07-18', termTime: true },
        branch: TEST_BRANCHES[0]!.name,
      },
    });
    expect(res.statusCode).toBe(201);
    const page = await app.inject({ method: 'GET', url: `/event/${res.json().data.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Every Tuesday in term time until July 18, 2031');
    expect(page.body).toContain('Not on May 6, 2031 (Staff training day)');
    // The other branch's parents are told it is not theirs.
    expect(page.body).toContain(`${TEST_BRANCHES[0]!.name} only`);
  });

  it('is one card on the home page, at its next date, beside the single events', async () => {
    const single = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie },
      payload: {
        title: 'Sports day',
        description: 'Races on the field.',
        category: 'Outdoors',
        location: 'The field',
        start_date: '2031-05-20T08:30:00.000Z',
        end_date: null,
      },
    });
    expect(single.statusCode).toBe(201);
    const res = await app.inject({ method: 'GET', url: '/api/site/events?limit=3&offset=0' });
    expect(res.statusCode).toBe(200);
    const titles = (res.json().data.items as { title: string }[]).map((e) => e.title);
    expect(titles.filter((t) => t === 'Forest School')).toHaveLength(1);
    expect(titles).toContain('Sports day');
  });
});
