import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_DEFAULTS } from '../../../shared/schemas/site-content-defaults.ts';
import type { Family } from '../../../shared/schemas/family.ts';
import { openDb } from '../../db/client.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { pngBytes, uploadPhoto } from '../../test/content-factories.ts';
import { TEST_BRANCHES } from '../../test/install-payload.ts';
import { installTestSchool, sessionCookie } from '../../test/factories.ts';
import { testDriver } from '../../test/test-database.ts';

// Issue 32: a consent withdrawn on one instance stops the photo on every instance (site-changes
// over PostgreSQL NOTIFY), not only on the one that recorded it.
describe.runIf(testDriver() === 'pg')('a withdrawn consent heard by every instance (PostgreSQL)', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let admin: string;

  beforeAll(async () => {
    a = await buildTestApp();
    const second = await openDb({ kind: 'pg', url: a.database.current.url!, poolSize: 2 });
    // Both instances read the same uploads, as they would from one bucket.
    b = await buildTestApp({ database: second, storage: a.storage });
    await Promise.all([a.ready(), b.ready()]);
    const end = Date.now() + 10_000;
    while (!(a.siteChanges.listening() && b.siteChanges.listening()) && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    admin = await sessionCookie(a, (await installTestSchool(a)).admin);
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('the other instance stops serving the photo as soon as it hears the change', async () => {
    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      a.inject({ method, url, headers: { cookie: admin }, payload });
    const made = await call('POST', '/api/families', {
      name: 'Instances family',
      contacts: [{ name: 'A parent', email: 'instances@example.test' }],
      children: [
        {
          firstName: 'Noor',
          lastName: 'Test',
          birthDate: '2022-01-01',
          branch: TEST_BRANCHES[0]!.name,
          programme: SITE_DEFAULTS.programs.programmes[0]!.key,
        },
      ],
    });
    const child = (made.json().data as Family).children[0]!;
    expect(
      (await call('POST', `/api/families/children/${child.id}/consents`, { purpose: 'website', granted: true })).statusCode,
    ).toBe(201);
    const photo = (await uploadPhoto(a, admin, await pngBytes(64, 48, '#336699'))).url;
    const gallery = (await call('POST', '/api/admin/galleries', { title: 'Both', images: [photo], published: true })).json().data
      .id;
    expect((await call('PUT', `/api/admin/galleries/${gallery}/tags`, { photo, children: [child.id] })).statusCode).toBe(200);
    // b has read its private files (none) and serves the photo.
    expect((await b.inject({ method: 'GET', url: photo })).statusCode).toBe(200);

    const withdrawn = await call('POST', `/api/families/children/${child.id}/consents`, { purpose: 'website', granted: false });
    expect(withdrawn.statusCode).toBe(201);
    const end = Date.now() + 5_000;
    let status = 200;
    while (status === 200 && Date.now() < end) {
      status = (await b.inject({ method: 'GET', url: photo })).statusCode;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(404);
    expect((await b.inject({ method: 'GET', url: `/api/admin/galleries/${gallery}` })).json().data.images).toEqual([]);
  });
});
