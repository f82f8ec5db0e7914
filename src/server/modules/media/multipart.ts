import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { MAX_IMAGE_BYTES } from '../../../shared/schemas/media.ts';
import { AppError, badRequest } from '../../errors.ts';
import { NUL_MESSAGE } from '../../plugins/text-guard.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** DATA_DIR: holds `uploads/` (decorated in app.ts). */
    dataDir: string;
  }
}

export const MAX_FILES_PER_UPLOAD = 20;

/** Multipart for one module's routes (encapsulated): 10 MB per file. */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_FILES_PER_UPLOAD, fields: 30, fieldSize: 1024 * 1024, parts: 60 },
  });
}

export interface MultipartBody {
  fields: Record<string, string | string[]>;
  /** `tooLarge`: the file was over 10 MB and dropped (its bytes are empty); only with `keepGoing`. */
  files: { field: string; filename: string; bytes: Buffer; tooLarge?: boolean }[];
}

/**
 * Reads a whole multipart body (files buffered, each at most 10 MB); malformed bodies are a 400.
 * A file over 10 MB is a 413 for the whole body, or, with `keepGoing` (a batch of photos, issue 31),
 * is marked `tooLarge` while the rest of the body is read on.
 */
export async function readMultipart(request: FastifyRequest, options: { keepGoing?: boolean } = {}): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new AppError(415, 'NOT_MULTIPART', 'Send the upload as multipart/form-data.');
  const body: MultipartBody = { fields: {}, files: [] };
  try {
    // `throwFileSizeLimit` is read per call by @fastify/multipart, though its types leave it out.
    const partsOptions = options.keepGoing ? ({ throwFileSizeLimit: false } as Parameters<typeof request.parts>[0]) : undefined;
    for await (const part of request.parts(partsOptions)) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) {
          body.files.push({ field: part.fieldname, filename: part.filename, bytes: Buffer.alloc(0), tooLarge: true });
          continue;
        }
        if (bytes.length > 0 || part.filename) body.files.push({ field: part.fieldname, filename: part.filename, bytes });
      } else {
        const value = String(part.value ?? '');
        if (value.includes('\0'))
          throw badRequest(`${part.fieldname}: ${NUL_MESSAGE}`, { fields: { [part.fieldname]: NUL_MESSAGE } });
        const prev = body.fields[part.fieldname];
        body.fields[part.fieldname] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), value];
      }
    }
  } catch (error) {
    const e = error as { statusCode?: number; code?: string };
    if (error instanceof AppError || (e.code?.startsWith('FST_') && e.statusCode && e.statusCode < 500)) throw error;
    throw badRequest('The upload could not be read: the multipart body is malformed.');
  }
  return body;
}

/** One text field (the last value when repeated). */
export function field(body: MultipartBody, name: string): string | undefined {
  const v = body.fields[name];
  return Array.isArray(v) ? v[v.length - 1] : v;
}
