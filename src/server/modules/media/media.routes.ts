import { runOnOneInstance } from '../../db/exclusive.ts';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { mkdirSync } from 'node:fs';
import { badRequest } from '../../errors.ts';
import { storeImage, sweepUnusedMedia, uploadsDir } from './media.service.ts';
import { readMultipart, registerMultipart } from './multipart.ts';

const SWEEP_EVERY_MS = 6 * 3600_000;

export default async function mediaRoutes(app: FastifyInstance) {
  // Covers and gallery images: whoever may write galleries or posts (DESIGN §6).
  const uploader = { preHandler: app.requireAnyPermission(['gallery', 'write'], ['blog', 'write']) };
  await registerMultipart(app);

  const root = uploadsDir(app.dataDir);
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
      res.header('x-content-type-options', 'nosniff');
      res.header('content-security-policy', "default-src 'none'; sandbox");
    },
  });

  /** POST /api/cover: one image in field `image`; returns `{url, width, height, variants}`. */
  app.post('/api/cover', uploader, async (request) => {
    const body = await readMultipart(request);
    const file = body.files.find((f) => f.field === 'image') ?? body.files[0];
    if (!file) throw badRequest('Choose an image to upload (field "image").');
    return storeImage(app.db, app.dataDir, file.bytes, request.user);
  });

  /** POST /api/upload-multiple: repeated field `images`; returns `{data: [...], urls: [...]}`. */
  app.post('/api/upload-multiple', uploader, async (request) => {
    const body = await readMultipart(request);
    if (body.files.length === 0) throw badRequest('Choose at least one image to upload (field "images").');
    const data = [];
    for (const file of body.files) data.push(await storeImage(app.db, app.dataDir, file.bytes, request.user));
    return { data, urls: data.map((d) => d.url) };
  });

  // Uploads abandoned before being used by any content are removed after a day.
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      runOnOneInstance(app.database, 'media-sweep', () => sweepUnusedMedia(app.db, app.dataDir)).catch((err) =>
        app.log.warn({ err }, 'media sweep failed'),
      );
    }, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
