import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { Parser, type ReadEntry } from 'tar';
import { ArchiveError, MANIFEST_NAME, SECRET_KEY_ENTRY } from './archive-format.ts';

/** Longest entry name, and deepest folder, a backup holds (uploads are one or two levels deep). */
export const MAX_ENTRY_LENGTH = 300;
const MAX_ENTRY_DEPTH = 8;
/** A manifest lists every upload: a few hundred bytes each. */
const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;
/** Left free on the disk whatever the archive declares (the database and logs write there too). */
const DISK_MARGIN_BYTES = 256 * 1024 * 1024;

// One segment at a time, each pattern anchored with one unnested quantifier: linear whatever the
// name (the former single pattern, `(?:[A-Za-z0-9][A-Za-z0-9._-]*\/?)+`, backtracked exponentially).
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const TABLE_FILE = /^[a-z_][a-z0-9_]*\.jsonl$/;

/**
 * Whether a tar entry's name is one a Sprout backup has: manifest.json, secret.key, db/ and its
 * `<table>.jsonl`, uploads/ and the files below it. A folder's name may end with one slash.
 */
export function isBackupEntry(name: string): boolean {
  if (name.length === 0 || name.length > MAX_ENTRY_LENGTH) return false;
  const path = name.endsWith('/') ? name.slice(0, -1) : name;
  const segments = path.split('/');
  if (segments.length > MAX_ENTRY_DEPTH) return false;
  const [top, ...rest] = segments;
  if (rest.length === 0) return top === MANIFEST_NAME || top === SECRET_KEY_ENTRY || top === 'db' || top === 'uploads';
  if (top === 'db') return rest.length === 1 && TABLE_FILE.test(rest[0]!);
  if (top === 'uploads') return rest.every((s) => s.length > 0 && SEGMENT.test(s) && !s.includes('..'));
  return false;
}

export const damaged = (detail: string) =>
  new ArchiveError(`This file is not a Sprout backup, or it is damaged (${detail}). Nothing was changed.`);

/** What the manifest declares: each part's size, and their sum. */
export interface DeclaredSizes {
  parts: Map<string, number>;
  total: number;
}

export interface UnpackLimits {
  /** The most the archive may unpack to, whatever its manifest says. */
  maxBytes: number;
  /** Free bytes where the archive is written (tests pass their own). */
  freeBytes?: (dir: string) => Promise<number>;
}

const freeBytesOf = async (dir: string) => {
  const s = await statfs(dir);
  return s.bavail * s.bsize;
};

/**
 * Unpacks a backup into `dir`, checking before each write instead of after: the manifest must come
 * first; then every entry must be a part it lists, no larger than it says, and the sum no more than
 * its total, the limit, and the disk's free space. Anything else stops the upload at that entry,
 * with nothing more written. `readManifest` parses and checks the manifest's text.
 */
export async function unpackChecked<M>(
  source: Readable,
  dir: string,
  readManifest: (text: string) => { manifest: M; sizes: DeclaredSizes },
  limits: UnpackLimits,
): Promise<M> {
  const free = (await (limits.freeBytes ?? freeBytesOf)(dir)) - DISK_MARGIN_BYTES;
  let manifest: { manifest: M; sizes: DeclaredSizes } | undefined;
  let written = 0;
  const seen = new Set<string>();
  const writes: Promise<unknown>[] = [];
  const outs: WriteStream[] = [];
  const parser = new Parser({ strict: true });
  let stopped: Error | undefined;
  const stop = (error: Error) => {
    if (stopped) return;
    stopped = error;
    source.destroy(error);
  };

  const onManifest = (entry: ReadEntry) => {
    if (entry.size > MAX_MANIFEST_BYTES) return stop(damaged('its manifest.json is too large'));
    const chunks: Buffer[] = [];
    entry.on('data', (c: Buffer) => chunks.push(c));
    entry.on('end', () => {
      try {
        manifest = readManifest(Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        return stop(error as Error);
      }
      const { total } = manifest.sizes;
      if (total > limits.maxBytes) stop(damaged('it unpacks to more than the allowed size'));
      else if (total > free)
        stop(new ArchiveError('There is not enough free disk space to restore this backup. Nothing was changed.'));
    });
  };

  const onFile = (entry: ReadEntry, path: string) => {
    const declared = manifest!.sizes.parts.get(path);
    if (declared === undefined) return stop(damaged(`${path} is not in its manifest`));
    if (seen.has(path)) return stop(damaged(`it holds ${path} twice`));
    seen.add(path);
    if (entry.size > declared) return stop(damaged(`${path} is larger than its manifest says`));
    written += entry.size;
    if (written > manifest!.sizes.total) return stop(damaged('it holds more than its manifest says'));
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    const out = createWriteStream(join(dir, path), { flags: 'wx', mode: 0o600 });
    outs.push(out);
    writes.push(finished(out));
    entry.pipe(out);
  };

  parser.on('entry', (entry: ReadEntry) => {
    const path = entry.path;
    if (stopped) return entry.resume();
    const type = entry.type;
    if ((type !== 'File' && type !== 'Directory') || !isBackupEntry(path)) {
      entry.resume();
      return stop(damaged(`it holds ${path.slice(0, 80)}, which a backup never does`));
    }
    // A folder entry writes nothing: a file's folders are made when the file is, so a file of
    // folder entries alone (60,000 of them made 270 MB of folders) costs no disk.
    if (type === 'Directory') return entry.resume();
    if (path === MANIFEST_NAME) {
      if (manifest || seen.has(path)) return stop(damaged('it holds two manifests'));
      seen.add(path);
      return onManifest(entry);
    }
    if (!manifest) {
      entry.resume();
      return stop(damaged(`${path} comes before its manifest.json`));
    }
    onFile(entry, path);
    if (stopped) entry.resume();
  });

  try {
    await pipeline(source, parser as unknown as NodeJS.WritableStream);
  } catch (error) {
    stopped ??= error as Error;
  }
  if (stopped) {
    // A file cut off mid-way is never ended by the parser: close it rather than wait for it.
    for (const out of outs) if (!out.writableFinished) out.destroy();
    await Promise.allSettled(writes);
    throw stopped;
  }
  await Promise.all(writes);
  if (!manifest) throw damaged('it has no manifest.json');
  return manifest.manifest;
}
