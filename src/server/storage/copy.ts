import { FolderStorage, type Storage } from './storage.ts';

/**
 * Copies every upload of the folder into `to` (the bucket), skipping those already there with the
 * same size: run it again after an interruption and it carries on. Never removes anything.
 */
export async function copyUploads(
  from: FolderStorage,
  to: Storage,
  progress: (done: number, name: string) => void = () => {},
): Promise<{ copied: number; skipped: number }> {
  const present = new Map<string, number>();
  for await (const object of to.list()) present.set(object.name, object.bytes);
  let copied = 0;
  let skipped = 0;
  for await (const object of from.list()) {
    if (present.get(object.name) === object.bytes) {
      skipped++;
      continue;
    }
    const bytes = await from.get(object.name);
    if (!bytes) continue;
    await to.put(object.name, bytes, contentTypeOf(object.name));
    copied++;
    progress(copied, object.name);
  }
  return { copied, skipped };
}

export const contentTypeOf = (name: string) =>
  name.endsWith('.webp')
    ? 'image/webp'
    : name.endsWith('.png')
      ? 'image/png'
      : /\.jpe?g$/.test(name)
        ? 'image/jpeg'
        : name.endsWith('.gif')
          ? 'image/gif'
          : 'application/octet-stream';
