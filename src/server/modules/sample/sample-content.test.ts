import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { installTestSchool } from '../../test/factories.ts';
import { listEvents } from '../events/events.service.ts';
import { listGalleries } from '../galleries/galleries.service.ts';
import { listPosts } from '../posts/posts.service.ts';
import { isTermTime } from '../../../shared/school-year.ts';
import { SchoolDateInputSchema } from '../../../shared/schemas/school-year.ts';
import { listSchoolDates } from '../school-year/school-year.service.ts';
import { seedSampleContent } from './sample-content.ts';
import { sampleSchoolYear } from './sample-school-year.ts';

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

describe('the sample school year (issue 34)', () => {
  it('is installed with the sample content: three terms, a half-term in each, and a closure day', async () => {
    const year = await listSchoolDates(app.db);
    expect(year.map((d) => d.kind).sort()).toEqual(['closure', 'half_term', 'half_term', 'half_term', 'term', 'term', 'term']);
  });

  // Installed on the first of any month: a year that is current or about to start, whose dates the API would take.
  it.each(Array.from({ length: 12 }, (_, m) => `2027-${String(m + 1).padStart(2, '0')}-01`))(
    'holds together when installed on %s',
    (today) => {
      const year = sampleSchoolYear(new Date(`${today}T06:00:00Z`)).map((d, i) => ({ id: i + 1, ...d }));
      for (const d of year) expect(SchoolDateInputSchema.safeParse(d).success, d.name).toBe(true);
      const terms = year.filter((d) => d.kind === 'term');
      for (const h of year.filter((d) => d.kind === 'half_term'))
        expect(
          terms.some((t) => t.starts_on <= h.starts_on && h.ends_on <= t.ends_on),
          h.name,
        ).toBe(true);
      const closure = year.find((d) => d.kind === 'closure')!;
      expect(new Date(`${closure.starts_on}T12:00:00Z`).getUTCDay()).toBe(5);
      expect(
        isTermTime(
          year.filter((d) => d.kind !== 'closure'),
          closure.starts_on,
          null,
        ),
      ).toBe(true);
      // The year has not ended, and starts within three months.
      expect(terms.at(-1)!.ends_on > today).toBe(true);
      expect(Date.parse(terms[0]!.starts_on) - Date.parse(today)).toBeLessThan(92 * 24 * 3600_000);
    },
  );
});
