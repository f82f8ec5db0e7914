import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { restoreRequest } from '../../test/backup-requests.ts';
import { installTestSchool, sessionCookie } from '../../test/factories.ts';
import { writeBackupFile } from '../backups/backup.service.ts';

const work = mkdtempSync(join(tmpdir(), 'sprout-pages-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a backup of the school’s own pages', () => {
  it('restores each page as it was: published, draft waiting and history', async () => {
    const source = await buildTestApp();
    const archive = join(work, 'pages.tar.gz');
    let page: { id: number };
    let versions: unknown;
    try {
      const cookie = await sessionCookie(source, (await installTestSchool(source)).admin);
      const send = (method: 'POST' | 'PUT', url: string, payload?: object) =>
        source.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      const content = (title: string) => ({ title, slug: 'fees', body: `<p>${title}</p>`, placement: 'header' });
      page = (await send('POST', '/api/website/pages', content('Fees 2025'))).json().data;
      await send('POST', `/api/website/pages/${page.id}/publish`);
      await send('POST', `/api/website/pages/${page.id}/publish`, content('Fees 2026'));
      await send('PUT', `/api/website/pages/${page.id}/draft`, content('Fees 2027'));
      await send('POST', '/api/website/pages/privacy-notice');
      versions = (await source.inject({ url: `/api/website/pages/${page.id}/versions`, headers: { cookie } })).json().data;
      await writeBackupFile(source.database.current, source.dataDir, archive);
    } finally {
      await source.close();
    }

    const target = await buildTestApp();
    try {
      const cookie = await sessionCookie(target, (await installTestSchool(target)).admin);
      const res = await restoreRequest(target, cookie, readFileSync(archive), { name: 'pages.tar.gz' });
      expect(res.statusCode, res.body).toBe(200);
      const admin = await sessionCookie(target, (await target.db.query.users.findFirst())!);
      const restored = (await target.inject({ url: `/api/website/pages/${page.id}`, headers: { cookie: admin } })).json().data;
      expect(restored).toMatchObject({ state: 'changed', published: { title: 'Fees 2026' }, draft: { title: 'Fees 2027' } });
      expect(
        (await target.inject({ url: `/api/website/pages/${page.id}/versions`, headers: { cookie: admin } })).json().data,
      ).toEqual(versions);
      expect((await target.inject('/api/site/pages/fees')).json().data).toMatchObject({
        title: 'Fees 2026',
        placement: 'header',
      });
      const list = (await target.inject({ url: '/api/website/pages', headers: { cookie: admin } })).json();
      expect(list.data.map((p: { slug: string }) => p.slug).sort()).toEqual(['fees', 'privacy-policy']);
      // New pages go on from the backup's ids.
      const next = await target.inject({
        method: 'POST',
        url: '/api/website/pages',
        headers: { cookie: admin },
        payload: { title: 'After', slug: 'after', body: '<p>After</p>' },
      });
      expect(next.json().data.id).toBeGreaterThan(page.id + 1);
    } finally {
      await target.close();
    }
  }, 120_000);
});
