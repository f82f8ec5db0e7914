import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { installTestSchool } from '../../test/factories.ts';
import { listEvents } from '../events/events.service.ts';
import { listGalleries } from '../galleries/galleries.service.ts';
import { listPosts } from '../posts/posts.service.ts';
import { seedSampleContent } from './sample-content.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  const { admin } = await installTestSchool(app);
  await seedSampleContent(app.db, { dataDir: app.dataDir, adminId: admin.id });
});
afterAll(() => app.close());

describe('seedSampleContent', () => {
  it('adds events in every state, galleries and posts with processed images', async () => {
    const list = await listEvents(app.db);
    expect(new Set(list.map((e) => e.status))).toEqual(new Set(['upcoming', 'ongoing', 'completed']));
    expect(list[0]!.status).toBe('ongoing');
    expect(list.at(-1)!.gallery_id).not.toBeNull();
    for (const e of list) expect(existsSync(join(app.dataDir, e.cover_image!))).toBe(true);
    expect(list[0]!.cover_meta?.variants).toHaveLength(3);
    const galleries = await listGalleries(app.db, { includeDrafts: true });
    expect(galleries.map((g) => g.type).sort()).toEqual(['images', 'video']);
    const published = await listPosts(app.db, { includeDrafts: false });
    expect(published).toHaveLength(2);
    expect(published[0]!.author).toBe('Test admin');
    expect(await listPosts(app.db, { includeDrafts: true })).toHaveLength(3);
  });
});
