import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../errors.ts';

export const NUL_MESSAGE = 'Text may not contain the NUL character (U+0000). Remove it and try again.';

/** Does any string in this parsed body hold U+0000 (which PostgreSQL cannot store in text)? */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (!value || typeof value !== 'object' || depth > 32) return false;
  const items = Array.isArray(value) ? value : Object.entries(value).flat();
  return items.some((item) => holdsNul(item, depth + 1));
}

/** Refuses a request body carrying NUL before any route reads it (paths are checked in request-url.ts). */
export default fp(
  async function textGuard(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      if (request.body !== undefined && holdsNul(request.body)) throw badRequest(NUL_MESSAGE);
    });
  },
  { name: 'text-guard' },
);
