import { runOnOneInstance } from '../../db/exclusive.ts';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { FolderStorage, isStorageName } from '../../storage/storage.ts';
import type { RefusedUpload, UploadedImage } from '../../../shared/schemas/media.ts';
import { storeImage, storeImageAs, sweepUnusedMedia, TOO_LARGE_MESSAGE } from './media.service.ts';
import { readMultipart, registerMultipart } from './multipart.ts';

const SWEEP_EVERY_MS = 6 * 3600_000;

export default async function mediaRoutes(app: FastifyInstance) {
  // Covers and gallery images: whoever may write galleries or posts (DESIGN §6), and the public
  // pages' photos: whoever may edit the website's words (issue 30).
  const uploader = { preHandler: app.requireAnyPermission(['gallery', 'write'], ['blog', 'write'], ['website', 'write']) };
  await registerMultipart(app);

  const headers = {
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  };
  if (app.storage instanceof FolderStorage) {
    // One process, the folder: served from disk as always.
    const root = app.storage.dir;
    mkdirSync(root, { recursive: true });
    // Names are random and never reused, so files can be cached for good.
    await app.register(fastifyStatic, {
      root,
      prefix: '/uploads/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      index: false,
      dotfiles: 'deny',
      setHeaders: (res) => {
        for (const [name, value] of Object.entries(headers)) res.header(name, value);
      },
    });
  } else {
    const storage = app.storage;
    // The bucket: sent on to its public address (S3_PUBLIC_URL), or read through the app with the
    // same headers as the folder's.
    app.get('/uploads/:name', async (request, reply) => {
      const { name } = request.params as { name: string };
      if (!isStorageName(name)) throw notFound('The file');
      const direct = storage.publicUrl(name);
      if (direct) return reply.header('cache-control', 'public, max-age=86400').redirect(direct, 302);
      const bytes = await storage.get(name);
      if (!bytes) throw notFound('The file');
      const etag = `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 22)}"`;
      reply.headers(headers).header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(name.endsWith('.webp') ? 'image/webp' : 'application/octet-stream').send(bytes);
    });
  }

  /** POST /api/cover: one image in field `image`; returns `{url, width, height, variants}`. */
  app.post('/api/cover', uploader, async (request) => {
    const body = await readMultipart(request);
    const file = body.files.find((f) => f.field === 'image') ?? body.files[0];
    if (!file) throw badRequest('Choose an image to upload (field "image").');
    return storeImage(app.db, app.storage, file.bytes, request.user, file.filename || undefined);
  });

  /**
   * POST /api/upload-multiple: repeated field `images`; returns `{data: [...], urls: [...], refused: [...]}`.
   * One bad photo does not lose the others (issue 31): the good ones are kept, and each refused
   * file is named with why. Only when none could be kept is the answer an error (with `refused`).
   */
  app.post('/api/upload-multiple', uploader, async (request) => {
    const body = await readMultipart(request, { keepGoing: true });
    if (body.files.length === 0) throw badRequest('Choose at least one image to upload (field "images").');
    const data: UploadedImage[] = [];
    const refused: RefusedUpload[] = [];
    for (const [i, file] of body.files.entries()) {
      const name = (file.filename || `Image ${i + 1}`).slice(0, 120);
      try {
        if (file.tooLarge) throw new AppError(413, 'FILE_TOO_LARGE', TOO_LARGE_MESSAGE);
        data.push(await storeImageAs(app.db, app.storage, file.bytes, request.user));
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        refused.push({ file: name, status: error.status, code: error.code, error: error.message });
      }
    }
    if (data.length === 0) {
      const [first] = refused;
      const status = refused.every((r) => r.status === first!.status) ? first!.status : 400;
      const message =
        refused.length === 1
          ? `${first!.file}: ${first!.error}`
          : `None of the ${refused.length} files could be uploaded: ${refused.map((r) => `${r.file}: ${r.error}`).join(' ')}`;
      throw new AppError(status, refused.length === 1 ? first!.code : 'UPLOAD_REFUSED', message, { refused });
    }
    return { data, urls: data.map((d) => d.url), refused };
  });

  // Uploads abandoned before being used by any content are removed after a day.
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      runOnOneInstance(app.database, 'media-sweep', () => sweepUnusedMedia(app.db, app.storage)).catch((err) =>
        app.log.warn({ err }, 'media sweep failed'),
      );
    }, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
