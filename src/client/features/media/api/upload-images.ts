import { useCallback, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import type { UploadedImage } from '../../../../shared/schemas/media.ts';

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
