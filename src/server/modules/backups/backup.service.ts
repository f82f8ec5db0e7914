import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { create as createTar } from 'tar';
import type { DbHandle } from '../../db/client.ts';
import { uploadsDir } from '../media/media.service.ts';
import { ROOT_DIR } from '../../root.ts';
import type { Storage } from '../../storage/storage.ts';
import { SECRET_KEY_FILE } from '../two-factor/secret-box.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  backupFileName,
  MANIFEST_NAME,
  SECRET_KEY_ENTRY,
  type Manifest,
} from './archive-format.ts';
import { dumpDatabase } from './database-dump.ts';
import { sealKey } from './sealed-key.ts';

export const backupsDir = (dataDir: string) => join(dataDir, 'backups');

/** Uploads are WebP and JPEG already: harder gzip buys nothing on them and costs seconds per 100 MB. */
const GZIP_LEVEL = 4;

export const APP_VERSION: string = (() => {
  return (JSON.parse(readFileSync(join(ROOT_DIR, 'package.json'), 'utf8')) as { version: string }).version;
})();

export interface BackupOptions {
  /** Seals the archive's copy of secret.key; without one the key is left out (docs/decisions/0017-sealed-backup-secrets.md). */
  passphrase?: string;
}

export interface PreparedBackup {
  manifest: Manifest;
  /** The archive, gzip-compressed tar, made while it is read: memory stays flat whatever the uploads weigh. */
  stream(): Readable;
  /** Removes the work folder (call once the stream is done or abandoned). */
  cleanup(): Promise<void>;
}

/**
 * Dumps the database and takes a snapshot of the uploads (hard links: files are written once and
 * never changed, so a link is a copy that costs nothing) into a work folder beside the backups,
 * with a manifest of what is there and its sha256. The archive is packed from that folder.
 */
export async function prepareBackup(
  database: Pick<DbHandle, 'db' | 'kind'>,
  dataDir: string,
  storage?: Storage,
  options: BackupOptions = {},
): Promise<PreparedBackup> {
  const root = backupsDir(dataDir);
  mkdirSync(root, { recursive: true });
  const work = await mkdtemp(join(root, '.work-'));
  try {
    const dump = await dumpDatabase(database.db, work);
    const files =
      storage && storage.kind !== 'folder'
        ? await downloadUploads(storage, join(work, 'uploads'))
        : await snapshotUploads(uploadsDir(dataDir), join(work, 'uploads'));
    const secretKey = options.passphrase ? await sealSecretKey(dataDir, work, options.passphrase) : undefined;
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      app: { name: 'sprout', version: APP_VERSION },
      createdAt: new Date().toISOString(),
      database: { kind: database.kind, serverVersion: dump.serverVersion },
      migrations: dump.migrations,
      tables: dump.tables,
      files,
      ...(secretKey ? { secretKey } : {}),
      school: dump.school,
      counts: dump.counts,
    };
    await writeFile(join(work, MANIFEST_NAME), `${JSON.stringify(manifest, null, 1)}\n`);
    return {
      manifest,
      stream: () => {
        // tar's own stream is a Minipass; a Node stream in front gives callers the usual events and destroy().
        const out = new PassThrough();
        const parts = [MANIFEST_NAME, 'db', 'uploads', ...(secretKey ? [SECRET_KEY_ENTRY] : [])];
        const tar = createTar({ cwd: work, gzip: { level: GZIP_LEVEL }, portable: true }, parts);
        pipeline(tar as unknown as AsyncIterable<Buffer>, out).catch(() => undefined);
        return out;
      },
      cleanup: () => rm(work, { recursive: true, force: true }),
    };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

/** Writes a backup to `path` (through a `.partial` file renamed when complete). */
export async function writeBackupFile(
  database: Pick<DbHandle, 'db' | 'kind'>,
  dataDir: string,
  path: string,
  storage?: Storage,
  options: BackupOptions = {},
): Promise<{ path: string; manifest: Manifest; bytes: number }> {
  const prepared = await prepareBackup(database, dataDir, storage, options);
  const partial = `${path}.partial`;
  try {
    await mkdir(dirname(path), { recursive: true });
    await pipeline(prepared.stream(), createWriteStream(partial));
    await rename(partial, path);
    return { path, manifest: prepared.manifest, bytes: (await stat(path)).size };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await prepared.cleanup();
  }
}

/** DATA_DIR/backups/<name>, the name on the school's clock (`timeZone`). */
export const defaultBackupPath = (dataDir: string, scheduled = false, timeZone = 'UTC') =>
  join(backupsDir(dataDir), backupFileName(new Date(), scheduled, timeZone));

/**
 * The key that seals the two-factor secrets travels with the rows it opens, sealed itself with the
 * passphrase: without it a school restored onto a new machine could not sign in with its
 * authenticator apps, and with it in clear anyone holding the file could. (With SECRET_KEY set in
 * the environment there is no file, and the school keeps that value itself.)
 */
async function sealSecretKey(dataDir: string, work: string, passphrase: string): Promise<Manifest['secretKey']> {
  let text: string;
  try {
    text = await readFile(join(dataDir, SECRET_KEY_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  await writeFile(join(work, SECRET_KEY_ENTRY), await sealKey(text, passphrase), { mode: 0o600 });
  return { ...(await hashFile(join(work, SECRET_KEY_ENTRY))), sealed: true };
}

async function snapshotUploads(from: string, to: string): Promise<Manifest['files']> {
  await mkdir(to, { recursive: true });
  const files: Manifest['files'] = [];
  const walk = async (relative: string) => {
    let entries;
    try {
      entries = await readdir(join(from, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      // Names the archive can carry safely; anything else (dotfiles, odd names) is not the app's.
      if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(entry.name) || entry.name.includes('..')) continue;
      const rel = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        await mkdir(join(to, rel), { recursive: true });
        await walk(rel);
      } else if (entry.isFile()) {
        const source = join(from, rel);
        try {
          await link(source, join(to, rel));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // removed meanwhile
          await copyFile(source, join(to, rel));
        }
        files.push({ path: `uploads/${rel}`, ...(await hashFile(join(to, rel))) });
      }
    }
  };
  await walk('');
  return files;
}

/** The bucket's uploads, read one by one into the work folder (several instances: DESIGN §8). */
async function downloadUploads(storage: Storage, to: string): Promise<Manifest['files']> {
  await mkdir(to, { recursive: true });
  const files: Manifest['files'] = [];
  for await (const object of storage.list()) {
    const bytes = await storage.get(object.name);
    if (!bytes) continue; // removed meanwhile
    await writeFile(join(to, object.name), bytes);
    files.push({ path: `uploads/${object.name}`, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export async function hashFile(path: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}
