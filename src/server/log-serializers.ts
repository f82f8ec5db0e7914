import { stdSerializers } from 'pino';

/** Drizzle's "Failed query: ...\nparams: ..." line: the values may be a password hash or a parent's address. */
const PARAMS_LINE = /\nparams: [^\n]*/g;

/**
 * pino's error serializer without the values a failed query was run with: Drizzle puts them in the
 * message (and a `params` field), PostgreSQL in `detail` ("Key (email)=(...) already exists").
 * The query text itself stays: it has placeholders, not values.
 */
export function errorWithoutValues(error: unknown): unknown {
  const serialised = stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (!serialised || typeof serialised !== 'object') return serialised;
  for (const key of ['message', 'stack'] as const) {
    if (typeof serialised[key] === 'string')
      serialised[key] = (serialised[key] as string).replace(PARAMS_LINE, '\nparams: [hidden]');
  }
  delete serialised.params;
  delete serialised.detail;
  delete serialised.raw;
  return serialised;
}
