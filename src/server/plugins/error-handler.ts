import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { isConnectionError } from '../db/client.ts';
import { AppError } from '../errors.ts';

/** Field path -> first message, for forms to show beside each field. */
export function zodFields(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

function zodSummary(fields: Record<string, string>): string {
  const entries = Object.entries(fields);
  if (entries.length === 1 && entries[0]) {
    const [field, message] = entries[0];
    return field === '_' ? message : `${field}: ${message}`;
  }
  return `Please correct ${entries.length} fields: ${entries.map(([f]) => f).join(', ')}.`;
}

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported here. Send JSON (application/json).',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large: images may be at most 10 MB.',
  FST_FILES_LIMIT: 'Too many files in one upload.',
  FST_PARTS_LIMIT: 'Too many parts in the upload.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the upload as multipart/form-data.',
};

/** PostgreSQL's class 22, "data exception": a value out of range or not valid for its column. */
function isDataException(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  return false;
}

const DATA_EXCEPTION_MESSAGE = 'A value in this request is out of range or cannot be stored. Check the fields and try again.';
const UNAVAILABLE_MESSAGE = 'The database is not reachable right now. Please try again in a moment.';

/**
 * What a visitor sees of a page while the database cannot be reached and no copy of the page is
 * kept: nothing of the school (that is in the database) and nothing of the failure.
 */
export const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Briefly unavailable</title>
    <style>
      body { font-family: system-ui, sans-serif; max-width: 36rem; margin: 6rem auto; padding: 0 1rem; color: #334155; text-align: center; }
      h1 { color: #0f172a; font-size: 1.75rem; }
    </style>
  </head>
  <body>
    <h1>The site is briefly unavailable</h1>
    <p>Sorry, this page cannot be shown just now. Please try again in a minute.</p>
  </body>
</html>
`;

/** Seconds a client (or a balancer) is asked to wait before trying again while the database is away. */
const UNAVAILABLE_RETRY_AFTER = '5';

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Every error body is `{error, message, ...}`: `message` repeats `error` for screens that toast it (§8). */
export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError | Error, request, reply) => {
      if (error instanceof ZodError) {
        const fields = zodFields(error);
        const message = zodSummary(fields);
        return reply.code(400).send({ error: message, message, fields });
      }
      if (error instanceof AppError) {
        // A limit (sign-in, second step) says when it lifts.
        if (error.status === 429 && typeof error.details?.retryAfter === 'number') {
          reply.header('retry-after', String(error.details.retryAfter));
        }
        return reply
          .code(error.status)
          .send({ error: error.message, message: error.message, code: error.code, ...error.details });
      }
      if (isConnectionError(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        reply.code(503).header('retry-after', UNAVAILABLE_RETRY_AFTER).header('cache-control', 'no-store');
        // Pages and feeds: a plain page (a balancer retries another instance on the 503).
        if (!isApiPath(request.url)) return reply.type('text/html; charset=utf-8').send(UNAVAILABLE_PAGE);
        return reply.send({ error: UNAVAILABLE_MESSAGE, message: UNAVAILABLE_MESSAGE });
      }
      if (isDataException(error)) {
        // A value the checks let through but the database cannot hold (a range, an encoding): the
        // request's fault, so a 400; logged, because a schema should have caught it first.
        request.log.warn({ err: error }, 'database refused a value');
        return reply.code(400).send({ error: DATA_EXCEPTION_MESSAGE, message: DATA_EXCEPTION_MESSAGE });
      }
      const fe = error as FastifyError;
      const status = fe.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const message = (fe.code && FASTIFY_MESSAGES[fe.code]) ?? fe.message;
        return reply.code(status).send({ error: message, message, code: fe.code });
      }
      request.log.error({ err: error }, 'unhandled error');
      const message = `Something went wrong on our side. Please try again; if it keeps happening, quote request ${request.id}.`;
      return reply.code(500).send({ error: message, message, requestId: request.id });
    });
  },
  { name: 'error-handler' },
);
