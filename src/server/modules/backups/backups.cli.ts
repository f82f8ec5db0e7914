import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { configFromEnv, readStoredConfig, storedConfigPath } from '../../config.ts';
import { DataDirInUseError, openDb, type DbHandle } from '../../db/client.ts';
import { parseEnv } from '../../env.ts';
import { writeStoredConfig } from '../install/install.service.ts';
import { ArchiveError, type Manifest } from './archive-format.ts';
import { defaultBackupPath, prepareBackup, writeBackupFile } from './backup.service.ts';
import { finishInterruptedRestore, removeAbandonedWorkFolders, restoreArchive, unpackArchive } from './restore.service.ts';
import { rmSync } from 'node:fs';
import { uploadsDir } from '../media/media.service.ts';
import { openStorage } from '../../storage/storage.ts';
import { SecretBox } from '../two-factor/secret-box.ts';
import { getSchoolProfile } from '../site/site.service.ts';

export const BACKUP_USAGE = `Usage: npm run backup -- [--out FILE] [--passphrase-file FILE]

Writes one archive (.tar.gz) of the whole school: every table of the database (staff accounts and
their passwords, roles, permissions, settings, events, galleries, posts, enquiries) and every
uploaded image with its sizes, with a manifest of what it holds and a checksum of each part.

  --out FILE   where to write it (default: DATA_DIR/backups/sprout-backup-<date>-<time>.tar.gz;
               "-" writes to standard output)
  --passphrase-file FILE
               seal the archive's copy of the two-factor key with the passphrase in FILE (first
               line); without it the key is left out and staff set up their authenticator again
               after a restore (their recovery codes still work)

On PostgreSQL it runs while the site is up. The built-in database belongs to the running server:
stop it first, or make the backup in the back office (Settings > Backups).`;

export const RESTORE_USAGE = `Usage: npm run restore -- FILE [--to builtin|postgres://user:pass@host:5432/db] [--passphrase-file FILE] [--yes]

Replaces the school's database and uploads with the archive's. The archive is checked first
(manifest, every checksum); a damaged or foreign file is refused and nothing changes. An archive
made by an older Sprout is brought up to this version's database as it is restored.

  --to builtin        restore into the built-in database (DATA_DIR/db) and use it from then on
  --to postgres://... restore into that PostgreSQL database (empty, or a Sprout one) and use it from then on
  --passphrase-file F  the passphrase the backup's two-factor key was sealed with (first line of F);
                      without it staff set up their authenticator again (recovery codes still work)
  --yes               do not ask before replacing

Without --to it restores into the database this Sprout uses now (DATABASE_URL, the installed
configuration, or the built-in database). The built-in database must not be in use: stop the
server first. PostgreSQL is restored in place, in one transaction.`;

type Target = { kind: 'pg'; url: string } | { kind: 'pglite'; dataDir: string };

function targetOf(config: ReturnType<typeof configFromEnv>, to?: string): Target {
  if (to === 'builtin') return { kind: 'pglite', dataDir: join(config.dataDir, 'db') };
  if (to) {
    if (!/^postgres(ql)?:\/\//.test(to)) throw new ArchiveError('--to takes "builtin" or a postgres:// address.');
    return { kind: 'pg', url: to };
  }
  return config.databaseUrl ? { kind: 'pg', url: config.databaseUrl } : { kind: 'pglite', dataDir: join(config.dataDir, 'db') };
}

async function openTarget(target: Target, purpose: 'backup' | 'restore'): Promise<DbHandle> {
  if (target.kind === 'pg') return openDb({ kind: 'pg', url: target.url, poolSize: 2 });
  if (purpose === 'backup' && !existsSync(join(target.dataDir, 'PG_VERSION'))) {
    throw new ArchiveError(`There is no built-in database in ${target.dataDir}: nothing to back up.`);
  }
  try {
    return await openDb({ kind: 'pglite', dataDir: target.dataDir });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new ArchiveError(
        purpose === 'backup'
          ? `${error.message}\nMake the backup in the back office (Settings > Backups) while the server runs, or stop it and run this again.`
          : `${error.message}\nStop the server, run the restore, then start it again.`,
      );
    }
    throw error;
  }
}

export async function backupCommand(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: { out: { type: 'string' }, 'passphrase-file': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return console.log(BACKUP_USAGE);
  const config = configFromEnv(parseEnv());
  const passphrase = passphraseFrom(values['passphrase-file']);
  const handle = await openTarget(targetOf(config), 'backup');
  const storage = await openStorage(uploadsDir(config.dataDir));
  try {
    if (values.out === '-') {
      const prepared = await prepareBackup(handle, config.dataDir, storage, { passphrase });
      try {
        await pipeline(prepared.stream(), process.stdout);
      } finally {
        await prepared.cleanup();
      }
      console.error(summary(prepared.manifest));
      return;
    }
    const out = values.out
      ? resolve(values.out)
      : defaultBackupPath(config.dataDir, false, (await getSchoolProfile(handle.db)).timezone);
    const started = Date.now();
    const result = await writeBackupFile(handle, config.dataDir, out, storage, { passphrase });
    console.log(
      `Backup written: ${result.path} (${megabytes(result.bytes)}, ${((Date.now() - started) / 1000).toFixed(1)} s)\n${summary(result.manifest)}`,
    );
  } finally {
    storage.close();
    await handle.close();
  }
}

export async function restoreCommand(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      'passphrase-file': { type: 'string' },
      yes: { type: 'boolean', short: 'y' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return console.log(RESTORE_USAGE);
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new ArchiveError(`Name one backup file to restore.\n\n${RESTORE_USAGE}`);
  if (!existsSync(file)) throw new ArchiveError(`There is no file ${file}.`);
  const env = parseEnv();
  const config = configFromEnv(env);
  const target = targetOf(config, values.to);
  const handle = await openTarget(target, 'restore');
  const storage = await openStorage(uploadsDir(config.dataDir));
  try {
    await finishInterruptedRestore(handle.db, config.dataDir, storage);
    await removeAbandonedWorkFolders(config.dataDir);
    console.log(`Checking ${file}...`);
    const archive = await unpackArchive(createReadStream(file), config.dataDir);
    console.log(
      `${summary(archive.manifest)}\nIt replaces everything in ${describe(target)} and in ${storage.kind === 's3' ? 'the S3 bucket' : join(config.dataDir, 'uploads')}.`,
    );
    if (!values.yes && process.stdin.isTTY && !(await confirm())) {
      await archive.discard();
      console.log('Nothing was changed.');
      return;
    }
    const started = Date.now();
    const { twoFactorCleared } = await restoreArchive(handle.db, config.dataDir, archive, storage, {
      passphrase: passphraseFrom(values['passphrase-file']),
      liveBox: new SecretBox({ dataDir: config.dataDir, secretKey: config.secretKey }),
      restoredFrom: basename(file),
    });
    if (twoFactorCleared)
      console.log(`${twoFactorCleared} staff set up their authenticator app again (their recovery codes work).`);
    rememberTarget(config.dataDir, values.to, env.DATABASE_URL);
    console.log(
      `Restored in ${((Date.now() - started) / 1000).toFixed(1)} s. Start Sprout (npm start) and sign in with the accounts of the backup.`,
    );
  } finally {
    storage.close();
    await handle.close();
  }
}

function passphraseFrom(file: string | undefined): string | undefined {
  if (!file) return undefined;
  const passphrase = readFileSync(file, 'utf8').split(/\r?\n/)[0] ?? '';
  if (!passphrase) throw new ArchiveError(`${file} holds no passphrase on its first line.`);
  return passphrase;
}

/** `--to` also says which database the app uses from then on (config.json, as the installer writes it). */
function rememberTarget(dataDir: string, to: string | undefined, envUrl: string | undefined) {
  if (!to) return;
  if (to === 'builtin') {
    const stored = readStoredConfig(dataDir);
    if (stored.databaseUrl) rmSync(storedConfigPath(dataDir), { force: true });
  } else {
    writeStoredConfig(dataDir, { databaseUrl: to });
  }
  if (envUrl && envUrl !== to) {
    console.log('Note: DATABASE_URL is set in this environment and wins over the saved choice; change or unset it.');
  }
}

async function confirm(): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await rl.question('Replace it? Type "yes" to go on: ')).trim());
  } finally {
    rl.close();
  }
}

const describe = (target: Target) =>
  target.kind === 'pg'
    ? `the PostgreSQL database ${new URL(target.url).pathname.slice(1)}`
    : `the built-in database (${target.dataDir})`;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function summary(manifest: Manifest): string {
  const rows = (name: string) => manifest.tables.find((t) => t.name === name)?.rows ?? 0;
  const bytes = manifest.files.reduce((n, f) => n + f.bytes, 0);
  return (
    `Backup${manifest.school ? ` of ${manifest.school.name},` : ''} made ${manifest.createdAt} (Sprout ${manifest.app.version}, ${manifest.database.kind === 'pg' ? 'PostgreSQL' : 'built-in database'}, ` +
    `schema ${manifest.migrations.at(-1)?.tag ?? 'empty'}): ${rows('users')} staff accounts, ${rows('posts')} posts, ` +
    `${rows('events')} events, ${rows('galleries')} galleries, ${rows('enquiries')} enquiries, ` +
    `${rows('families')} families with ${rows('children')} children and ${rows('gallery_photo_children')} photo tags, ` +
    `${rows('newsletter_subscribers')} newsletter subscribers, ` +
    `${manifest.files.length} files (${megabytes(bytes)}).`
  );
}

export async function runCli(command: 'backup' | 'restore', argv: string[]) {
  try {
    await (command === 'backup' ? backupCommand(argv) : restoreCommand(argv));
  } catch (error) {
    console.error(error instanceof ArchiveError || error instanceof TypeError ? error.message : error);
    process.exitCode = 1;
  }
}
