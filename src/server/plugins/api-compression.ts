import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { compressPage, pickEncoding } from './compression.ts';

/** JSON smaller than this travels as it is: compressing it saves less than its headers cost. */
export const API_COMPRESS_MIN_BYTES = 1024;
/** Larger answers are compressed in zlib's thread pool, off the event loop the public site shares. */
const ASYNC_FROM_BYTES = 64 * 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function compressJson(body: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  if (body.length < ASYNC_FROM_BYTES) return compressPage(body, encoding);
  return encoding === 'br'
    ? brotliAsync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipAsync(body, { level: 6 });
}

/**
 * /api JSON of 1 KB or more is sent with brotli or gzip, whichever the client accepts (a page of
 * the back office's lists: ~25 KB as JSON, ~3 KB compressed). The same encoder settings as the
 * page cache's first copy (compression.ts).
 */
export default fp(
  async function apiCompression(app: FastifyInstance) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.url.startsWith('/api/') || reply.hasHeader('content-encoding')) return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      if (body.length < API_COMPRESS_MIN_BYTES) return payload;
      reply.header('vary', 'accept-encoding');
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (!encoding) return payload;
      const compressed = await compressJson(body, encoding);
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return compressed;
    });
  },
  { name: 'api-compression' },
);
