import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../db/schema/index.ts';
import { buildTestApp, TEST_SETUP_CODE } from '../../test/build-test-app.ts';
import { pngBytes } from '../../test/content-factories.ts';
import { installTestSchool, TEST_PASSWORD } from '../../test/factories.ts';
import { enableTwoFactor, post, signIn, totpCode } from '../../test/sign-in.ts';
import { snapshotTables } from '../../test/school-data.ts';
import { encodeRestoreConfirm, RESTORE_CONFIRM_HEADER } from '../../../shared/schemas/backup.ts';
import { writeBackupFile } from '../backups/backup.service.ts';
import { storeImage } from '../media/media.service.ts';

const REMOTE = '203.0.113.9';
let school: FastifyInstance;
let archive: Buffer;
let photo: string;

beforeAll(async () => {
  school = await buildTestApp();
  const { admin } = await installTestSchool(school);
  await school.db.insert(categories).values({ name: 'From the old machine' });
  const stored = await storeImage(school.db, school.dataDir, await pngBytes(), admin);
  photo = JSON.stringify(stored).match(/(?<![a-f0-9])[a-f0-9]{32}[^"]*\.webp/)![0];
  const path = join(school.dataDir, 'school.tar.gz');
  await writeBackupFile(school.database.current, school.dataDir, path);
  archive = readFileSync(path);
}, 60_000);
afterAll(() => school?.close());

const restore = (app: FastifyInstance, opts: { remote?: boolean; code?: string; body?: Buffer; type?: string } = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/install/restore',
    remoteAddress: opts.remote ? REMOTE : undefined,
    headers: {
      'content-type': opts.type ?? 'application/gzip',
      ...(opts.code ? { 'x-setup-code': opts.code } : {}),
    },
    payload: opts.body ?? archive,
  });

describe('restoring a backup from the install wizard', () => {
  it('from another machine needs the setup code; then the school is installed with its accounts, content and photos', async () => {
    const app = await buildTestApp();
    try {
      expect((await app.inject({ url: '/api/categories' })).statusCode).toBe(503);
      const without = await restore(app, { remote: true });
      expect(without.statusCode).toBe(403);
      expect(without.json().error).toMatch(/setup code/);
      expect((await restore(app, { remote: true, code: 'WRONG-CODE-1234' })).statusCode).toBe(403);
      const bad = await restore(app, { remote: true, code: TEST_SETUP_CODE, body: Buffer.from('not a backup'.repeat(40)) });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(/not a Sprout backup/);
      expect(
        (await restore(app, { remote: true, code: TEST_SETUP_CODE, type: 'application/json', body: Buffer.from('{}') }))
          .statusCode,
      ).toBe(415);

      const ok = await restore(app, { remote: true, code: TEST_SETUP_CODE });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().message).toMatch(/restored/);
      expect((await app.inject({ url: '/api/install/status' })).json().installed).toBe(true);
      const names = (await app.inject({ url: '/api/categories' })).json().data.map((c: { name: string }) => c.name);
      expect(names).toContain('From the old machine');
      expect((await signIn(app, 'admin', TEST_PASSWORD)).sid).toBeDefined();
      expect((await app.inject({ url: `/uploads/${photo}` })).statusCode).toBe(200);

      // Installed now: the wizard's restore is closed, like its other steps.
      const again = await restore(app);
      expect(again.statusCode).toBe(409);
    } finally {
      await app.close();
    }
  }, 60_000);

  it("gives back the staff's second factor with the backup's passphrase; the accounts are exactly the backup's", async () => {
    const old = await buildTestApp();
    const app = await buildTestApp();
    try {
      await installTestSchool(old);
      const { secret } = await enableTwoFactor(old, (await signIn(old, 'admin', TEST_PASSWORD)).sid!, TEST_PASSWORD);
      const path = join(old.dataDir, 'sealed.tar.gz');
      await writeBackupFile(old.database.current, old.dataDir, path, undefined, { passphrase: 'a passphrase for the key' });
      const accounts = (await snapshotTables(old.db)).users;
      const res = await app.inject({
        method: 'POST',
        url: '/api/install/restore',
        headers: {
          'content-type': 'application/gzip',
          'x-setup-code': TEST_SETUP_CODE,
          [RESTORE_CONFIRM_HEADER]: encodeRestoreConfirm({ passphrase: 'a passphrase for the key', name: 'sealed.tar.gz' }),
        },
        payload: readFileSync(path),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ twoFactorCleared: 0, adminsDisabled: [] });
      expect((await snapshotTables(app.db)).users).toEqual(accounts);
      const first = await signIn(app, 'admin', TEST_PASSWORD);
      const verified = await post(app, '/api/auth/two-factor/verify', first.challenge, { code: totpCode(secret, 1) });
      expect(verified.statusCode, verified.body).toBe(200);
    } finally {
      await old.close();
      await app.close();
    }
  }, 60_000);

  it('is closed on an installed site, even from the machine itself', async () => {
    const res = await restore(school);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/already installed/);
  });
});
