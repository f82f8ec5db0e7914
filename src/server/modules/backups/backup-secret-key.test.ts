import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createUser, installTestSchool, sessionCookie, TEST_PASSWORD } from '../../test/factories.ts';
import { enableTwoFactor, post, setCookie, signIn, totpCode, whoAmI } from '../../test/sign-in.ts';
import { SECRET_KEY_FILE } from '../two-factor/secret-box.ts';
import { prepareBackup, writeBackupFile } from './backup.service.ts';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});
const newApp = async () => {
  const app = await buildTestApp();
  apps.push(app);
  return app;
};

const restoreThroughBackOffice = async (app: FastifyInstance, cookie: string, archive: Buffer) =>
  app.inject({
    method: 'POST',
    url: '/api/backups/restore',
    headers: { cookie, 'content-type': 'application/gzip' },
    payload: archive,
  });

describe('the backup carries secret.key', () => {
  it('restored onto a fresh install, a teacher with two-factor signs in with the code of the same authenticator app', async () => {
    const school = await newApp();
    await installTestSchool(school);
    await createUser(school, { role: 'user', username: 'teacher' });
    const teacherCookie = (await signIn(school, 'teacher', TEST_PASSWORD)).sid!;
    const { secret, recoveryCodes } = await enableTwoFactor(school, teacherCookie, TEST_PASSWORD);
    const key = readFileSync(join(school.dataDir, SECRET_KEY_FILE), 'utf8');

    const path = join(school.dataDir, 'school.tar.gz');
    const { manifest } = await writeBackupFile(school.database.current, school.dataDir, path);
    expect(manifest.secretKey?.bytes).toBe(Buffer.byteLength(key));

    // The wiped machine: a new DATA_DIR whose own key is already in use (its admin set up two-factor).
    const fresh = await newApp();
    const { admin } = await installTestSchool(fresh);
    const adminCookie = await sessionCookie(fresh, admin);
    await enableTwoFactor(fresh, (await signIn(fresh, 'admin', TEST_PASSWORD)).sid!, TEST_PASSWORD);
    expect(readFileSync(join(fresh.dataDir, SECRET_KEY_FILE), 'utf8')).not.toBe(key);

    const res = await restoreThroughBackOffice(fresh, adminCookie, readFileSync(path));
    expect(res.statusCode, res.body).toBe(200);
    expect(readFileSync(join(fresh.dataDir, SECRET_KEY_FILE), 'utf8')).toBe(key);
    expect(statSync(join(fresh.dataDir, SECRET_KEY_FILE)).mode & 0o777).toBe(0o600);

    // The running app uses the restored key at once: the second step accepts the app's code.
    const first = await signIn(fresh, 'teacher', TEST_PASSWORD);
    expect(first.sid).toBeUndefined();
    expect(first.challenge).toBeDefined();
    // The next code (the one it showed at set-up is spent).
    const verified = await post(fresh, '/api/auth/two-factor/verify', first.challenge, { code: totpCode(secret, 1) });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await whoAmI(fresh, setCookie(verified, 'sid')!))?.username).toBe('teacher');
    // A recovery code from before the move works too (hashed rows, no key needed).
    const second = await signIn(fresh, 'teacher', TEST_PASSWORD);
    expect((await post(fresh, '/api/auth/two-factor/verify', second.challenge, { code: recoveryCodes[0] })).statusCode).toBe(200);
  }, 60_000);

  it('is left out of the archive when the school has no key file', async () => {
    const school = await newApp();
    await installTestSchool(school);
    expect(existsSync(join(school.dataDir, SECRET_KEY_FILE))).toBe(false);
    const prepared = await prepareBackup(school.database.current, school.dataDir);
    await prepared.cleanup();
    expect(prepared.manifest.secretKey).toBeUndefined();
  });
});
