import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../errors.ts';

export const NUL_MESSAGE = 'Remove the invisible NUL character.';

/** Where in this parsed body a string holds U+0000 (which PostgreSQL cannot store in text), or null. */
export function nulPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\0') ? path || '_' : null;
  if (!value || typeof value !== 'object' || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\0')) return path || '_';
    const found = nulPath(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Refuses a request body carrying NUL before any route reads it (paths are checked in request-url.ts). */
export default fp(
  async function textGuard(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      const field = request.body === undefined ? null : nulPath(request.body);
      if (field) throw badRequest(`${field === '_' ? '' : `${field}: `}${NUL_MESSAGE}`, { fields: { [field]: NUL_MESSAGE } });
    });
  },
  { name: 'text-guard' },
);
