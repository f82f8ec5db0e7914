import { useCallback, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { MAX_IMAGE_BYTES, type UploadedImage } from '../../../../shared/schemas/media.ts';

/** Sends files as multipart with XMLHttpRequest, reporting progress (0-100). */
export function postFiles<T>(url: string, field: string, files: File[], onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append(field, file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error'));
    xhr.onload = () => {
      let body: { error?: string; fields?: Record<string, string> } | undefined;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else
        reject(new ApiError(xhr.status, body?.error ?? (xhr.statusText || `Upload failed (${xhr.status})`), body?.fields, body));
    };
    xhr.send(form);
  });
}

const BATCH = 10;

/** Upload state for a form: `upload(files)` resolves to the stored images. */
export function useImageUpload(kind: 'cover' | 'multiple') {
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useCallback(
    async (files: File[]): Promise<UploadedImage[]> => {
      setProgress(0);
      try {
        if (kind === 'cover') return [await postFiles<UploadedImage>('/api/cover', 'image', files.slice(0, 1), setProgress)];
        // The server takes at most 20 files a request: send batches, reporting overall progress.
        const stored: UploadedImage[] = [];
        for (let i = 0; i < files.length; i += BATCH) {
          const batch = files.slice(i, i + BATCH);
          const res = await postFiles<{ data: UploadedImage[] }>('/api/upload-multiple', 'images', batch, (p) =>
            setProgress(Math.round(((i + (p / 100) * batch.length) / files.length) * 100)),
          );
          stored.push(...res.data);
        }
        return stored;
      } finally {
        setProgress(null);
      }
    },
    [kind],
  );
  return { upload, progress, uploading: progress !== null };
}

/** One file of a batch of photos, as the screen shows it. */
export interface PhotoUpload {
  key: string;
  name: string;
  state: 'waiting' | 'sending' | 'done' | 'refused';
  percent: number;
  /** Why the file was not kept. */
  error?: string;
}

/** Files sent at once: the server decodes one image at a time anyway. */
const AT_ONCE = 2;
const TOO_LARGE = `The file is too large: images may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`;

/** Why the server refused a file sent alone: its own words, without the file's name in front. */
function refusal(err: unknown): string {
  if (err instanceof ApiError) {
    const refused = (err.body as { refused?: { error?: string }[] } | undefined)?.refused;
    if (refused?.[0]?.error) return refused[0].error;
    if (err.status === 413) return TOO_LARGE;
    return err.status === 0 ? 'The network failed; try this file again.' : err.message;
  }
  return err instanceof Error ? err.message : 'The upload failed.';
}

let batchNumber = 0;

/**
 * A batch of gallery photos (issue 31): each file is sent on its own with its own progress, so one
 * bad or too-large photo loses nothing else, and is named with why. A file over 10 MB is refused
 * here, before it is sent. `upload` resolves to the stored images, in the order the files were chosen.
 */
export function usePhotoUploads() {
  const [files, setFiles] = useState<PhotoUpload[]>([]);
  const [busy, setBusy] = useState(false);
  const update = (key: string, change: Partial<PhotoUpload>) =>
    setFiles((list) => list.map((f) => (f.key === key ? { ...f, ...change } : f)));

  const upload = useCallback(async (chosen: File[]): Promise<UploadedImage[]> => {
    const batch = ++batchNumber;
    const items = chosen.map((file, i): PhotoUpload =>
      file.size > MAX_IMAGE_BYTES
        ? { key: `${batch}-${i}`, name: file.name, state: 'refused', percent: 0, error: TOO_LARGE }
        : { key: `${batch}-${i}`, name: file.name, state: 'waiting', percent: 0 },
    );
    setFiles(items);
    setBusy(true);
    const stored: (UploadedImage | null)[] = chosen.map(() => null);
    const queue = items.flatMap((item, i) => (item.state === 'waiting' ? [i] : []));
    const worker = async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
        const { key } = items[i]!;
        update(key, { state: 'sending' });
        try {
          const res = await postFiles<{ data: UploadedImage[]; refused?: { error: string }[] }>(
            '/api/upload-multiple',
            'images',
            [chosen[i]!],
            (percent) => update(key, { percent }),
          );
          if (res.data[0]) {
            stored[i] = res.data[0];
            update(key, { state: 'done', percent: 100 });
          } else update(key, { state: 'refused', error: res.refused?.[0]?.error ?? 'The file was not kept.' });
        } catch (err) {
          update(key, { state: 'refused', error: refusal(err) });
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: AT_ONCE }, worker));
    } finally {
      setBusy(false);
    }
    return stored.filter((s): s is UploadedImage => s !== null);
  }, []);

  const clear = useCallback(() => setFiles([]), []);
  return { upload, files, uploading: busy, clear };
}
