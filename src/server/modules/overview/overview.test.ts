import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiries } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createCategory, createEvent, createGallery, createPost } from '../../test/content-factories.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { audit } from '../audit/audit.service.ts';

let app: FastifyInstance;
let admin: string;
const DAY = 86_400_000;

beforeAll(async () => {
  app = await buildTestApp();
  const school = await installTestSchool(app);
  admin = await sessionCookie(app, school.admin);
  const category = await createCategory(app, 'Celebration');
  const now = Date.now();
  // Seven events to come (five are shown, soonest first) and one that is over.
  for (let i = 7; i >= 1; i--) {
    await createEvent(app, { categoryId: category.id, title: `Coming ${i}`, startDate: new Date(now + i * DAY) });
  }
  await createEvent(app, { categoryId: category.id, title: 'Last month', startDate: new Date(now - 30 * DAY) });
  await createPost(app, { title: 'Harvest draft', status: 'draft' });
  await createPost(app, { title: 'Out already', status: 'published' });
  await createGallery(app, { title: 'Hidden gallery', published: false });
  await createGallery(app, { title: 'Shown gallery', published: true });
  await app.db.insert(enquiries).values([
    { type: 'admission', name: 'Aarav Shah', email: 'a@example.com', stage: 'new' },
    { type: 'admission', name: 'Diya Rao', email: 'd@example.com', stage: 'contacted', status: 'handled' },
    { type: 'contact', name: 'Ravi Menon', email: 'r@example.com', status: 'new' },
    { type: 'contact', name: 'Old message', email: 'o@example.com', status: 'handled' },
  ]);
  await audit(
    app.db,
    { userId: school.admin.id, username: 'admin', ip: '127.0.0.1' },
    { action: 'publish', entity: 'post', entityId: 9, title: 'Out already' },
  );
});
afterAll(() => app.close());

const overview = async (cookie?: string) => {
  const res = await app.inject({ url: '/api/overview', headers: cookie ? { cookie } : {} });
  return { status: res.statusCode, data: res.statusCode === 200 ? res.json().data : res.json() };
};

describe('GET /api/overview (issue 31)', () => {
  it('answers 401 signed out', async () => {
    expect((await overview()).status).toBe(401);
  });

  it('gives an administrator every part: new enquiries, the next events, drafts, the last backup and recent activity', async () => {
    const { status, data } = await overview(admin);
    expect(status).toBe(200);
    expect(data.enquiries).toMatchObject({ newMessages: 1, newAdmissions: 1 });
    expect(data.enquiries.latest.map((e: { name: string }) => e.name).sort()).toEqual(['Aarav Shah', 'Ravi Menon']);
    expect(data.events.next.map((e: { title: string }) => e.title)).toEqual([
      'Coming 1',
      'Coming 2',
      'Coming 3',
      'Coming 4',
      'Coming 5',
    ]);
    expect(data.drafts.posts).toMatchObject({ count: 1, latest: [{ title: 'Harvest draft' }] });
    expect(data.drafts.galleries).toMatchObject({ count: 1, latest: [{ title: 'Hidden gallery' }] });
    expect(data.backup).toEqual({ last: null, dailyOn: expect.any(Boolean), stale: true });
    expect(data.activity.length).toBeGreaterThan(0);
    expect(data.activity.map((e: { summary: string }) => e.summary)).toContain('Published the blog post “Out already”');
  });

  it('shows each part only to staff who may read it', async () => {
    const writer = await sessionCookie(
      app,
      await createUser(app, { role: null, permissions: { blog: { read: true, write: true } } }),
    );
    expect((await overview(writer)).data).toEqual({
      drafts: { posts: { count: 1, latest: [expect.objectContaining({ title: 'Harvest draft' })] } },
    });
    // The built-in Manager: the website and the enquiries, but neither the backups nor the audit log.
    const manager = await sessionCookie(app, await createUser(app, { role: 'manager' }));
    expect(Object.keys((await overview(manager)).data).sort()).toEqual(['drafts', 'enquiries', 'events']);
    const nobody = await sessionCookie(app, await createUser(app, { role: null }));
    expect(await overview(nobody)).toEqual({ status: 200, data: {} });
  });
});
