import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { Readable } from 'node:stream';

/** One file of a zip: `compress` false for what is compressed already (photos), stored as it is. */
export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
  compress: boolean;
}

/**
 * A zip written while it is read: each entry is taken from `entries` only when the reader wants
 * more, so a large download holds one file in memory at a time (fflate's streaming Zip).
 */
export function zipStream(entries: AsyncIterable<ZipEntry>): Readable {
  async function* chunks(): AsyncGenerator<Uint8Array> {
    const out: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, chunk) => {
      if (error) failure = error;
      else out.push(chunk);
    });
    for await (const entry of entries) {
      const file = entry.compress ? new ZipDeflate(entry.name, { level: 6 }) : new ZipPassThrough(entry.name);
      zip.add(file);
      file.push(entry.bytes, true);
      if (failure) throw failure;
      yield* out.splice(0);
    }
    zip.end();
    if (failure) throw failure;
    yield* out.splice(0);
  }
  return Readable.from(chunks(), { objectMode: false });
}
