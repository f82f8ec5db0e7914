import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { extract } from 'tar';
import { mkdtempSync } from 'node:fs';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createUser, installTestSchool, sessionCookie, TEST_PASSWORD } from '../../test/factories.ts';
import { downloadRequest, restoreRequest } from '../../test/backup-requests.ts';
import { enableTwoFactor, post, setCookie, signIn, totpCode, whoAmI } from '../../test/sign-in.ts';
import { SECRET_KEY_FILE } from '../two-factor/secret-box.ts';
import { prepareBackup } from './backup.service.ts';
import { unpackArchive } from './restore.service.ts';
import { openKey, sealKey, WRONG_PASSPHRASE } from './sealed-key.ts';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});
const newApp = async () => {
  const app = await buildTestApp();
  apps.push(app);
  return app;
};

const PASSPHRASE = 'blue kettle on the windowsill';

/** A school whose teacher has two-factor on, and its backup downloaded from the back office. */
async function schoolWithTeacher(passphrase?: string) {
  const school = await newApp();
  const { admin } = await installTestSchool(school);
  await createUser(school, { role: 'user', username: 'teacher' });
  const teacherCookie = (await signIn(school, 'teacher', TEST_PASSWORD)).sid!;
  const { secret, recoveryCodes } = await enableTwoFactor(school, teacherCookie, TEST_PASSWORD);
  const key = readFileSync(join(school.dataDir, SECRET_KEY_FILE), 'utf8');
  const res = await downloadRequest(school, await sessionCookie(school, admin), passphrase ? { passphrase } : {});
  expect(res.statusCode, res.body).toBe(200);
  return { school, secret, recoveryCodes, key, archive: res.rawPayload };
}

/** A wiped machine: a new DATA_DIR whose own key is in use (its admin set up two-factor). */
async function freshSite() {
  const fresh = await newApp();
  const { admin } = await installTestSchool(fresh);
  const cookie = await sessionCookie(fresh, admin);
  const { secret, recoveryCodes } = await enableTwoFactor(
    fresh,
    (await signIn(fresh, 'admin', TEST_PASSWORD)).sid!,
    TEST_PASSWORD,
  );
  // The admin confirms restores with recovery codes: each six-digit code works once per 30 seconds.
  return {
    fresh,
    cookie,
    adminSecret: secret,
    adminCodes: recoveryCodes,
    key: readFileSync(join(fresh.dataDir, SECRET_KEY_FILE), 'utf8'),
  };
}

const secondStep = async (app: FastifyInstance, username: string, code: string) => {
  const first = await signIn(app, username, TEST_PASSWORD);
  expect(first.sid).toBeUndefined();
  return post(app, '/api/auth/two-factor/verify', first.challenge, { code });
};

describe('the sealed secret.key', () => {
  it('opens with its passphrase only, and holds no readable key', async () => {
    const sealed = await sealKey('the-key-text\n', PASSPHRASE);
    expect(sealed).not.toContain('the-key-text');
    expect(JSON.parse(sealed)).toMatchObject({ format: 'sprout-sealed-key', kdf: { name: 'scrypt' }, cipher: 'aes-256-gcm' });
    expect(await openKey(sealed, PASSPHRASE)).toBe('the-key-text\n');
    await expect(openKey(sealed, 'another passphrase')).rejects.toThrow(WRONG_PASSPHRASE);
    const changed = JSON.stringify({ ...JSON.parse(sealed), kdf: { ...JSON.parse(sealed).kdf, N: 2 ** 14 } });
    await expect(openKey(changed, PASSPHRASE)).rejects.toThrow(WRONG_PASSPHRASE);
  });
});

describe('a backup downloaded with a passphrase', () => {
  it('restores every second factor: the teacher signs in with the same authenticator app, the admin keeps theirs', async () => {
    const { secret, recoveryCodes, key, archive } = await schoolWithTeacher(PASSPHRASE);
    // The archive's secret.key is sealed: the key's text is nowhere in it.
    const dir = mkdtempSync(join(apps[0]!.dataDir, 'look-'));
    await new Promise((resolve, reject) =>
      Readable.from(archive)
        .pipe(extract({ cwd: dir }))
        .on('finish', resolve)
        .on('error', reject),
    );
    expect(readFileSync(join(dir, 'secret.key'), 'utf8')).not.toContain(key.trim());

    const { fresh, cookie, adminSecret, adminCodes, key: freshKey } = await freshSite();
    const wrong = await restoreRequest(fresh, cookie, archive, { passphrase: 'not the passphrase', code: adminCodes[0] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(WRONG_PASSPHRASE);

    const res = await restoreRequest(fresh, cookie, archive, { passphrase: PASSPHRASE, code: adminCodes[1] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().twoFactorCleared).toBe(0);
    // The site keeps its own key; the restored secrets are sealed again with it.
    expect(readFileSync(join(fresh.dataDir, SECRET_KEY_FILE), 'utf8')).toBe(freshKey);

    const verified = await secondStep(fresh, 'teacher', totpCode(secret, 1));
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await whoAmI(fresh, setCookie(verified, 'sid')!))?.username).toBe('teacher');
    expect((await secondStep(fresh, 'teacher', recoveryCodes[0]!)).statusCode).toBe(200);
    // The administrator who restored signs in with their own authenticator app, as before.
    expect((await secondStep(fresh, 'admin', totpCode(adminSecret, 1))).statusCode).toBe(200);
  }, 90_000);
});

describe('a backup downloaded without a passphrase', () => {
  it('leaves the key out; restored, staff set up their authenticator again and their recovery codes still work', async () => {
    const { secret, recoveryCodes, archive } = await schoolWithTeacher();
    const checked = await unpackArchive(Readable.from(archive), apps[0]!.dataDir);
    await checked.discard();
    expect(checked.manifest.secretKey).toBeUndefined();

    const { fresh, cookie, adminSecret, adminCodes } = await freshSite();
    const res = await restoreRequest(fresh, cookie, archive, { code: adminCodes[0] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().twoFactorCleared).toBe(1);
    const refused = await secondStep(fresh, 'teacher', totpCode(secret, 1));
    expect(refused.statusCode).toBe(401);
    expect((await secondStep(fresh, 'teacher', recoveryCodes[1]!)).statusCode).toBe(200);
    expect((await secondStep(fresh, 'admin', totpCode(adminSecret, 1))).statusCode).toBe(200);
  }, 90_000);

  it('is left out of the archive when the school has no key file', async () => {
    const school = await newApp();
    await installTestSchool(school);
    expect(existsSync(join(school.dataDir, SECRET_KEY_FILE))).toBe(false);
    const prepared = await prepareBackup(school.database.current, school.dataDir, undefined, { passphrase: PASSPHRASE });
    await prepared.cleanup();
    expect(prepared.manifest.secretKey).toBeUndefined();
  });
});
