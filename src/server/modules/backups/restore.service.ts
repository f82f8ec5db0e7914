import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploadsDir } from '../media/media.service.ts';
import { contentTypeOf } from '../../storage/copy.ts';
import { isStorageName, type Storage } from '../../storage/storage.ts';
import {
  ArchiveError,
  ManifestSchema,
  MANIFEST_NAME,
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  SECRET_KEY_ENTRY,
  type Manifest,
} from './archive-format.ts';
import { SecretBox } from '../two-factor/secret-box.ts';
import type { KeptOutcome } from './restore-keep.ts';
import { openKey } from './sealed-key.ts';
import { damaged, unpackChecked, type DeclaredSizes, type UnpackLimits } from './archive-unpack.ts';
import { hashFile } from './backup.service.ts';
import { loadDatabase, RESTORE_MARKER } from './database-load.ts';
import { archiveSchemaPosition, rowsOf } from './schema-history.ts';

/** The most an archive may unpack to (a gzip bomb stops here, not when the disk is full). */
const MAX_UNPACKED_BYTES = Number(process.env.SPROUT_RESTORE_MAX_BYTES ?? 50 * 1024 ** 3);

export interface CheckedArchive {
  dir: string;
  manifest: Manifest;
  discard(): Promise<void>;
}

/** The work folders restores unpack into, in DATA_DIR. */
const WORK_PREFIX = '.restore-';

/**
 * Unpacks an archive into a work folder in DATA_DIR (beside the uploads, so they can be renamed
 * into place) and checks it before anything is touched: only the entries a backup has, each no
 * larger than a manifest this Sprout understands says (archive-unpack.ts), and every part's size
 * and sha256 as the manifest says.
 */
export async function unpackArchive(
  source: Readable,
  dataDir: string,
  limits: Partial<UnpackLimits> = {},
): Promise<CheckedArchive> {
  await mkdir(dataDir, { recursive: true });
  const dir = await mkdtemp(join(dataDir, WORK_PREFIX));
  const discard = () => rm(dir, { recursive: true, force: true });
  try {
    let manifest: Manifest;
    try {
      manifest = await unpackChecked(source, dir, readManifest, { maxBytes: MAX_UNPACKED_BYTES, ...limits });
    } catch (error) {
      if (error instanceof ArchiveError) throw error;
      throw damaged(readableReason(error));
    }
    archiveSchemaPosition(manifest);
    await verifyParts(dir, manifest);
    return { dir, manifest, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

/** Work folders left by a restore that was killed while unpacking (a journal's folder is finished or discarded first). */
export async function removeAbandonedWorkFolders(dataDir: string): Promise<string[]> {
  if (existsSync(journalPath(dataDir))) return [];
  const names = existsSync(dataDir) ? (await readdir(dataDir)).filter((n) => n.startsWith(WORK_PREFIX)) : [];
  for (const name of names) await rm(join(dataDir, name), { recursive: true, force: true });
  return names;
}

function readableReason(error: unknown): string {
  const e = error as { code?: string; message?: string };
  if (e.code === 'Z_DATA_ERROR' || e.code === 'Z_BUF_ERROR' || /unexpected end of file/i.test(e.message ?? ''))
    return 'its compressed data ends early or is corrupt';
  if (e.code === 'TAR_BAD_ARCHIVE' || /Unrecognized archive format/i.test(e.message ?? '')) return 'it is not a tar.gz archive';
  return (e.message ?? String(error)).slice(0, 200);
}

function readManifest(text: string): { manifest: Manifest; sizes: DeclaredSizes } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw damaged('its manifest.json cannot be read');
  }
  const format = (raw as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (format.format !== ARCHIVE_FORMAT) throw damaged('its manifest is not a Sprout backup manifest');
  if (typeof format.formatVersion === 'number' && format.formatVersion > ARCHIVE_FORMAT_VERSION) {
    throw new ArchiveError('This backup was made by a newer version of Sprout. Update Sprout, then restore it.');
  }
  const parsed = ManifestSchema.safeParse(raw);
  if (!parsed.success) throw damaged(`its manifest does not describe a backup: ${parsed.error.issues[0]?.path.join('.')}`);
  const manifest = parsed.data;
  const parts = new Map(partsOf(manifest).map((p) => [p.path, p.bytes]));
  return { manifest, sizes: { parts, total: [...parts.values()].reduce((n, b) => n + b, 0) } };
}

const partsOf = (manifest: Manifest) => [
  ...manifest.tables.map((t) => ({ path: t.file, bytes: t.bytes, sha256: t.sha256 })),
  ...manifest.files,
  ...(manifest.secretKey ? [{ path: SECRET_KEY_ENTRY, ...manifest.secretKey }] : []),
];

async function verifyParts(dir: string, manifest: Manifest) {
  const listed = new Set<string>();
  for (const part of partsOf(manifest)) {
    listed.add(part.path);
    const path = join(dir, part.path);
    if (!existsSync(path)) throw damaged(`${part.path} is missing`);
    const actual = await hashFile(path);
    if (actual.bytes !== part.bytes || actual.sha256 !== part.sha256) throw damaged(`${part.path} does not match its checksum`);
  }
  for (const extra of await listFiles(dir)) {
    if (extra !== MANIFEST_NAME && !listed.has(extra)) throw damaged(`${extra} is not in its manifest`);
  }
}

async function listFiles(dir: string, relative = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(join(dir, relative), { withFileTypes: true })) {
    const rel = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(dir, rel)));
    else out.push(rel);
  }
  return out;
}

export const journalPath = (dataDir: string) => join(dataDir, 'restore-journal.json');

interface Journal {
  id: string;
  dir: string;
}

export interface RestoreOptions {
  /** Opens the archive's sealed secret.key; without it the two-factor secrets it sealed are cleared. */
  passphrase?: string;
  /** The key this site keeps (app.secretBox): restored secrets are sealed again with it. */
  liveBox: SecretBox;
  /** The administrator restoring from the back office (kept as they are); absent at install. */
  adminId?: number;
  /** The backup's name, as the audit log marks its entries. */
  restoredFrom: string;
}

/**
 * Restores a checked archive: the database in one transaction, then the uploads folder swapped for
 * the archive's with two renames. A journal written before the commit lets a restore stopped
 * between the two (power cut, kill) be finished at the next start (finishInterruptedRestore).
 */
export async function restoreArchive(
  db: Db,
  dataDir: string,
  archive: CheckedArchive,
  storage: Storage | undefined,
  options: RestoreOptions,
): Promise<{ id: string } & KeptOutcome> {
  const id = `${Date.now()}-${randomBytes(6).toString('hex')}`;
  let kept: KeptOutcome;
  try {
    const archiveBox = await archiveKey(archive, options.passphrase);
    await mkdir(join(archive.dir, 'uploads'), { recursive: true });
    await writeFile(journalPath(dataDir), JSON.stringify({ id, dir: archive.dir } satisfies Journal));
    kept = await loadDatabase(db, archive.dir, archive.manifest, id, { ...options, archiveBox });
  } catch (error) {
    await rm(journalPath(dataDir), { force: true });
    await archive.discard();
    throw refusedData(error);
  }
  await swapUploads(dataDir, archive.dir, id, storage);
  return { id, ...kept };
}

/** The archive's secret.key as a box that opens the restored secrets: unsealed with the passphrase (format 2) or as it is (format 1). */
async function archiveKey(archive: CheckedArchive, passphrase: string | undefined): Promise<SecretBox | undefined> {
  const info = archive.manifest.secretKey;
  if (!info) return undefined;
  const text = await readFile(join(archive.dir, SECRET_KEY_ENTRY), 'utf8');
  if (info.sealed && !passphrase) return undefined;
  const key = (info.sealed ? await openKey(text, passphrase!) : text).trim();
  return new SecretBox({ dataDir: archive.dir, secretKey: key });
}

/**
 * The database refused the archive's rows (SQLSTATE classes 22 data, 23 constraints, 42 names): a
 * crafted or foreign archive whose checksums match. The transaction rolled back; say so, without
 * the rows' values.
 */
function refusedData(error: unknown): unknown {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^(22|23|42)[0-9A-Z]{3}$/.test(e.code)) {
      const refused = new ArchiveError(
        `This backup's data does not fit Sprout's database (PostgreSQL error ${e.code}). Nothing was changed.`,
      );
      refused.cause = error;
      return refused;
    }
  }
  return error;
}

/** A rename, or a copy where the work folder sits on another disk than the uploads. */
async function moveDir(from: string, to: string) {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true });
    await rm(from, { recursive: true, force: true });
  }
}

async function swapUploads(dataDir: string, dir: string, id: string, storage?: Storage) {
  if (storage && storage.kind !== 'folder') {
    // The bucket: the archive's uploads are written into it (names are never reused, so an upload
    // the archive does not know is left for the media sweep).
    const from = join(dir, 'uploads');
    for (const name of existsSync(from) ? await readdir(from) : []) {
      if (isStorageName(name)) await storage.put(name, await readFile(join(from, name)), contentTypeOf(name));
    }
    await rm(journalPath(dataDir), { force: true });
    await rm(dir, { recursive: true, force: true });
    return;
  }
  const live = uploadsDir(dataDir);
  const replaced = `${live}.replaced-${id}`;
  if (existsSync(join(dir, 'uploads'))) {
    if (existsSync(live)) await rename(live, replaced);
    await moveDir(join(dir, 'uploads'), live);
  }
  await rm(journalPath(dataDir), { force: true });
  await rm(replaced, { recursive: true, force: true });
  await rm(dir, { recursive: true, force: true });
}

/**
 * At start: a restore whose database transaction committed but whose uploads were not swapped yet
 * is finished; one that did not commit leaves nothing but its work folder, which is removed.
 */
export async function finishInterruptedRestore(
  db: Db,
  dataDir: string,
  storage?: Storage,
): Promise<'none' | 'finished' | 'discarded'> {
  const path = journalPath(dataDir);
  if (!existsSync(path)) return 'none';
  let journal: Journal;
  try {
    journal = JSON.parse(readFileSync(path, 'utf8')) as Journal;
  } catch {
    await rm(path, { force: true });
    return 'discarded';
  }
  const marker = await rowsOf<{ t: string | null }>(db, sql`select to_regclass('drizzle.sprout_restores')::text as t`);
  const committed =
    Boolean(marker[0]?.t) &&
    (await rowsOf<{ id: string }>(db, sql`select id from ${RESTORE_MARKER} where id = ${journal.id}`)).length > 0;
  const dir = join(dataDir, journal.dir.split('/').pop() ?? '');
  if (committed && existsSync(dir)) {
    await swapUploads(dataDir, dir, journal.id, storage);
    return 'finished';
  }
  await rm(dir, { recursive: true, force: true });
  await rm(path, { force: true });
  return committed ? 'finished' : 'discarded';
}
