import { chmodSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { openDb, type Db, type DbHandle } from '../../db/client.ts';
import { settings, users } from '../../db/schema/index.ts';
import { storedConfigPath } from '../../config.ts';
import { AppError, badRequest, conflict } from '../../errors.ts';
import type { Database } from '../../plugins/db.ts';
import { InstallPayloadSchema, type InstallAdmin, type InstallInput } from '../../../shared/schemas/install.ts';
import type { Branch } from '../../../shared/schemas/school.ts';
import { hashPassword } from '../auth/passwords.ts';
import { assertNewPassword } from '../security/password-policy.ts';
import { SAMPLE_BRANCHES, seedSampleContent } from '../sample/sample-content.ts';
import { getSchoolProfile, saveSchoolProfile } from '../site/site.service.ts';
import { createPrivacyNotice } from '../website/privacy-notice.ts';
import { DatabaseTestError, postgresUrl, testDatabaseConnection } from './database-test.ts';
import { isInstalled, markInstalled, seedSystemRoles } from './install-state.ts';

export const ALREADY_INSTALLED = 'Sprout is already installed. Sign in at /cms instead.';
export const INSTALLATION_KEY = 'installation';

export interface InstallTarget {
  database: Database;
  dataDir: string;
  /** The operator named the database (DATABASE_URL): the wizard may not choose another. */
  databaseConfigured?: boolean;
  /** Called once the installation committed (the gate's cache). */
  onInstalled?: () => void;
}

/**
 * The administrator's password under the policy of every new password (password-policy.ts), with
 * their names and the school's as words it may not lean on: Finish and the wizard's administrator
 * step (POST /api/install/check-password) both ask here.
 */
export async function assertAdminPassword(admin: InstallAdmin, schoolName = '') {
  await assertNewPassword(null, admin.password, 'admin.password', [
    admin.username,
    admin.email,
    admin.firstName,
    admin.lastName,
    schoolName,
  ]);
}

/** The branches the school gave (an empty phone left out), or the sample's when it gave none. */
export function installBranches(input: InstallInput): Branch[] {
  if (input.app.branches.length === 0) return input.sampleContent ? SAMPLE_BRANCHES : [];
  return input.app.branches.map(({ phone, ...branch }) => (phone ? { ...branch, phone } : branch));
}

/** One install at a time per app; a second concurrent call is refused, not queued. */
const running = new WeakSet<Database>();

/**
 * The one installation routine, used by the wizard's API and the command line. Everything is
 * written in one transaction whose first row is the unique `installed` key, so a failure leaves
 * nothing and a concurrent install (even from another process) fails on that key.
 */
export async function installSchool(
  target: InstallTarget,
  payload: unknown,
): Promise<{ adminId: number; database: 'pglite' | 'pg' }> {
  const input = InstallPayloadSchema.parse(payload);
  await assertAdminPassword(input.admin, input.app.name);
  if (running.has(target.database)) throw conflict('An installation is already running. Wait for it to finish.');
  running.add(target.database);
  let opened: DbHandle | undefined;
  try {
    if (await isInstalled(target.database.db)) throw conflict(ALREADY_INSTALLED);
    let handle = target.database.current;
    let databaseUrl: string | undefined;
    if (input.database.type === 'postgres' && target.databaseConfigured) {
      // DATABASE_URL wins over config.json at every start: another server chosen here would be ignored.
      throw badRequest(
        'This server already runs on the PostgreSQL server it was configured with (DATABASE_URL). Keep that database.',
        {
          fields: { 'database.type': 'Keep the configured database' },
        },
      );
    }
    if (input.database.type === 'postgres') {
      const details = { ...input.database, db: input.database.database };
      await testDatabaseConnection(details).catch((error: unknown) => {
        throw error instanceof DatabaseTestError ? badRequest(error.message, { reason: error.reason }) : error;
      });
      databaseUrl = postgresUrl(details);
      opened = handle = await openDb({ kind: 'pg', url: databaseUrl });
      await handle.migrate();
      if (await isInstalled(handle.db)) {
        throw conflict('That PostgreSQL database already holds an installed Sprout. Choose an empty database.');
      }
    }
    const adminId = await writeInstallation(handle.db, input, target.dataDir, databaseUrl);
    if (opened) {
      await target.database.swap(opened);
      opened = undefined;
    }
    target.onInstalled?.();
    return { adminId, database: handle.kind };
  } finally {
    running.delete(target.database);
    if (opened) await opened.close().catch(() => {});
  }
}

async function writeInstallation(db: Db, input: InstallInput, dataDir: string, databaseUrl?: string): Promise<number> {
  const restoreConfig = databaseUrl ? rememberFile(storedConfigPath(dataDir)) : undefined;
  try {
    return await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      await markInstalled(tx, { database: databaseUrl ? 'pg' : 'builtin' });
      const roleIds = await seedSystemRoles(tx);
      const [admin] = await tx
        .insert(users)
        .values({
          username: input.admin.username,
          email: input.admin.email,
          passwordHash: await hashPassword(input.admin.password),
          firstName: input.admin.firstName,
          lastName: input.admin.lastName,
          roleId: roleIds.admin,
          status: 'active',
        })
        .returning({ id: users.id });
      const school = await getSchoolProfile(tx);
      const branches = installBranches(input);
      await saveSchoolProfile(tx, {
        ...school,
        name: input.app.name,
        email: input.app.customer_email,
        timezone: input.app.timezone,
        siteUrl: input.app.site_url,
        branches,
      });
      const { name: _name, timezone: _timezone, site_url: _siteUrl, branches: _branches, ...details } = input.app;
      await tx.insert(settings).values({ key: INSTALLATION_KEY, value: details });
      if (input.sampleContent) {
        await seedSampleContent(tx, { dataDir, adminId: admin!.id, branchNames: branches.map((b) => b.name) });
      }
      // A privacy notice to start from (issue 30): a draft for staff to review and publish.
      await createPrivacyNotice(tx, { database: databaseUrl ? 'pg' : 'pglite' }, admin!.id);
      // Last, still inside the transaction: if the commit fails the file is put back below.
      if (databaseUrl) writeStoredConfig(dataDir, { databaseUrl });
      return admin!.id;
    });
  } catch (error) {
    restoreConfig?.();
    if (isUniqueViolation(error)) throw conflict(ALREADY_INSTALLED);
    if (error instanceof AppError) throw error;
    // The cause goes to the log (without query parameters: error-handler.ts); the caller gets no SQL.
    const failure = new AppError(
      500,
      'INSTALL_FAILED',
      'The installation could not be saved. Nothing was changed; see the server log.',
    );
    failure.cause = error;
    throw failure;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** DATA_DIR/config.json, mode 0600 (it holds the database password). */
export function writeStoredConfig(dataDir: string, config: { databaseUrl: string }) {
  const path = storedConfigPath(dataDir);
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, path);
}

function rememberFile(path: string): () => void {
  const before = existsSync(path) ? readFileSync(path) : undefined;
  return () => {
    if (before) writeFileSync(path, before, { mode: 0o600 });
    else rmSync(path, { force: true });
  };
}
