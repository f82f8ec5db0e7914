/**
 * What a backup file holds, read in the browser before it is sent (issue 31): the manifest is the
 * archive's first entry (backup.service.ts), so only the start of the file is unpacked, whatever the
 * photos weigh. A tar entry is a 512-byte header (name at 0, size in octal at 124, type at 156)
 * followed by its data padded to 512 bytes; a pax header ('x') may give the next entry's name.
 */
export interface BackupSummary {
  createdAt: string;
  version: string;
  /** The school's name when it was backed up; null in backups made before Sprout recorded it. */
  school: { name: string; timezone: string } | null;
  counts: {
    posts: number;
    events: number;
    staff: number;
    photos: number;
    /** Families, children and photo tags (issue 32): null in backups made before Sprout counted them. */
    families: number | null;
    children: number | null;
    photoTags: number | null;
    /** Newsletter subscribers (issue 33): null in backups made before Sprout counted them. */
    subscribers: number | null;
  } | null;
}

const BLOCK = 512;
/** A manifest lists every file with its checksum: a large school's is a few megabytes. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

export class NotABackupError extends Error {}

const NOT_A_BACKUP = 'This file is not a Sprout backup: choose a sprout-backup-….tar.gz file.';

/** Reads a gzip stream a given number of bytes at a time. */
class ByteReader {
  #chunks: Uint8Array[] = [];
  #buffered = 0;
  #done = false;
  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  async #fill(n: number) {
    while (this.#buffered < n && !this.#done) {
      const { value, done } = await this.reader.read();
      if (done) this.#done = true;
      else if (value.length) {
        this.#chunks.push(value);
        this.#buffered += value.length;
      }
    }
  }

  /** Exactly n bytes, or null at the end of the stream. */
  async take(n: number): Promise<Uint8Array | null> {
    await this.#fill(n);
    if (this.#buffered < n) return null;
    const out = new Uint8Array(n);
    let at = 0;
    while (at < n) {
      const chunk = this.#chunks[0]!;
      const used = Math.min(chunk.length, n - at);
      out.set(chunk.subarray(0, used), at);
      at += used;
      if (used === chunk.length) this.#chunks.shift();
      else this.#chunks[0] = chunk.subarray(used);
    }
    this.#buffered -= n;
    return out;
  }

  /** Passes over n bytes without keeping them. */
  async skip(n: number): Promise<boolean> {
    let left = n;
    while (left > 0) {
      const part = await this.take(Math.min(left, 1024 * 1024));
      if (!part) return false;
      left -= part.length;
    }
    return true;
  }

  cancel() {
    void this.reader.cancel().catch(() => undefined);
  }
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
/** A NUL-terminated field of a tar header. */
function field(header: Uint8Array, start: number, length: number): string {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return text(end < 0 ? bytes : bytes.subarray(0, end));
}

/** The manifest's fields a person restoring is shown; anything else is left to the server's checks. */
export function summaryOf(manifest: unknown): BackupSummary {
  const m = manifest as {
    format?: unknown;
    createdAt?: unknown;
    app?: { version?: unknown };
    school?: { name?: unknown; timezone?: unknown };
    counts?: Record<string, unknown>;
  };
  if (m?.format !== 'sprout-backup' || typeof m.createdAt !== 'string') throw new NotABackupError(NOT_A_BACKUP);
  const count = (key: string) => (typeof m.counts?.[key] === 'number' ? (m.counts[key] as number) : null);
  const counts = { posts: count('posts'), events: count('events'), staff: count('staff'), photos: count('photos') };
  const families = { families: count('families'), children: count('children'), photoTags: count('photoTags') };
  const newsletter = { subscribers: count('subscribers') };
  return {
    createdAt: m.createdAt,
    version: typeof m.app?.version === 'string' ? m.app.version : '?',
    school:
      typeof m.school?.name === 'string'
        ? { name: m.school.name, timezone: typeof m.school.timezone === 'string' ? m.school.timezone : '' }
        : null,
    counts: Object.values(counts).every((n) => n !== null)
      ? ({ ...counts, ...families, ...newsletter } as BackupSummary['counts'])
      : null,
  };
}

export async function readBackupSummary(file: Blob): Promise<BackupSummary> {
  if (typeof DecompressionStream === 'undefined') throw new Error('This browser cannot look inside the file before sending it.');
  const bytes = new ByteReader(file.stream().pipeThrough(new DecompressionStream('gzip')).getReader());
  try {
    let paxPath: string | null = null;
    for (;;) {
      const header = await bytes.take(BLOCK);
      if (!header || header.every((b) => b === 0)) throw new NotABackupError(NOT_A_BACKUP);
      const magic = field(header, 257, 5);
      const size = parseInt(field(header, 124, 12).trim() || '0', 8);
      if (!magic.startsWith('ustar') || !Number.isFinite(size)) throw new NotABackupError(NOT_A_BACKUP);
      const type = String.fromCharCode(header[156] ?? 0);
      const prefix = field(header, 345, 155);
      const name = paxPath ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
      const padded = Math.ceil(size / BLOCK) * BLOCK;
      if (type === 'x' || type === 'g') {
        const data = await bytes.take(padded);
        if (!data) throw new NotABackupError(NOT_A_BACKUP);
        paxPath = type === 'x' ? (/(?:^|\n)\d+ path=([^\n]*)\n/.exec(text(data.subarray(0, size)))?.[1] ?? null) : paxPath;
        continue;
      }
      paxPath = null;
      if (name.replace(/^\.\//, '') === 'manifest.json' && (type === '0' || type === '\0')) {
        if (size > MAX_MANIFEST_BYTES) throw new NotABackupError(NOT_A_BACKUP);
        const data = await bytes.take(size);
        if (!data) throw new NotABackupError(NOT_A_BACKUP);
        let manifest: unknown;
        try {
          manifest = JSON.parse(text(data));
        } catch {
          throw new NotABackupError(NOT_A_BACKUP);
        }
        return summaryOf(manifest);
      }
      if (!(await bytes.skip(padded))) throw new NotABackupError(NOT_A_BACKUP);
    }
  } catch (error) {
    // A file that is not gzip fails inside the decompressor with the browser's own words.
    if (error instanceof NotABackupError) throw error;
    throw new NotABackupError(NOT_A_BACKUP);
  } finally {
    bytes.cancel();
  }
}
