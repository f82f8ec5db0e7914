import { mkdirSync } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One stored upload: its file name (no folders) and what listing it tells. */
export interface StoredObject {
  name: string;
  bytes: number;
  modified: Date;
}

/**
 * Where uploads live (DESIGN §8): the local folder DATA_DIR/uploads (one process, the default), or
 * an S3-compatible bucket that every instance shares. Names are flat and never reused.
 */
export interface Storage {
  readonly kind: 'folder' | 's3';
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such upload. */
  get(name: string): Promise<Buffer | null>;
  /** Removing what is not there is no error. */
  remove(name: string): Promise<void>;
  list(): AsyncIterable<StoredObject>;
  /** Where browsers may fetch the upload directly (S3_PUBLIC_URL), or null: the app serves it. */
  publicUrl(name: string): string | null;
  close(): void;
}

/** A flat name this app writes: never a path, a dotfile or anything odd. */
export const isStorageName = (name: string) => /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/.test(name) && !name.includes('..');

/** The local folder (DATA_DIR/uploads). */
export class FolderStorage implements Storage {
  readonly kind = 'folder';
  constructor(readonly dir: string) {}

  async put(name: string, bytes: Buffer) {
    mkdirSync(this.dir, { recursive: true });
    await writeFile(join(this.dir, checked(name)), bytes);
  }

  async get(name: string) {
    try {
      return await readFile(join(this.dir, checked(name)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  remove(name: string) {
    return rm(join(this.dir, checked(name)), { force: true });
  }

  async *list(): AsyncIterable<StoredObject> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names) {
      if (!isStorageName(name)) continue;
      try {
        const info = await stat(join(this.dir, name));
        if (info.isFile()) yield { name, bytes: info.size, modified: info.mtime };
      } catch {
        // removed meanwhile
      }
    }
  }

  publicUrl() {
    return null;
  }

  close() {}
}

function checked(name: string): string {
  if (!isStorageName(name)) throw new Error(`Not a storage name: ${JSON.stringify(name).slice(0, 80)}`);
  return name;
}

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** The bucket's public address (uploads are then fetched from it directly). */
  publicUrl?: string;
  /** Keys are `${prefix}${name}`; `uploads/` by default, like the app's own paths. */
  prefix?: string;
}

/** S3_* from the environment, or null when S3_BUCKET is not set (the folder is used). */
export function s3SettingsFromEnv(env: NodeJS.ProcessEnv = process.env): S3Settings | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  return {
    bucket,
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID?.trim() || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    publicUrl: env.S3_PUBLIC_URL?.trim().replace(/(?<!\/)\/+$/, '') || undefined,
  };
}

/** The storage the configuration names: the S3 bucket when S3_BUCKET is set, else the folder. */
export async function openStorage(uploadsFolder: string, env: NodeJS.ProcessEnv = process.env): Promise<Storage> {
  const s3 = s3SettingsFromEnv(env);
  if (!s3) return new FolderStorage(uploadsFolder);
  const { S3Storage } = await import('./s3-storage.ts');
  return new S3Storage(s3);
}
