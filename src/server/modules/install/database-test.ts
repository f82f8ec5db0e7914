import type { DatabaseDetails } from '../../../shared/schemas/install.ts';

/** §8/issue: a wrong host, port or password must answer within 10 s, never hang. */
export const CONNECT_TIMEOUT_MS = 10_000;

export class DatabaseTestError extends Error {
  constructor(readonly reason: string) {
    super(`Database connection failed : ${reason}`);
    this.name = 'DatabaseTestError';
  }
}

export function postgresUrl(d: DatabaseDetails): string {
  const host = d.host.includes(':') && !d.host.startsWith('[') ? `[${d.host}]` : d.host;
  return `postgres://${encodeURIComponent(d.user)}:${encodeURIComponent(d.password)}@${host}:${d.port}/${encodeURIComponent(d.db)}`;
}

/** Connects once and asks the server for its version; throws DatabaseTestError with the driver's reason. */
export async function testDatabaseConnection(details: DatabaseDetails): Promise<{ version: string }> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    connectionString: postgresUrl(details),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: CONNECT_TIMEOUT_MS,
  });
  client.on('error', () => {});
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CONNECT_TIMEOUT_MS / 1000} s`)), CONNECT_TIMEOUT_MS);
  });
  try {
    const result = await Promise.race([
      (async () => {
        await client.connect();
        return client.query<{ version: string }>('select version() as version');
      })(),
      deadline,
    ]);
    const version = result.rows[0]?.version ?? 'PostgreSQL';
    return { version: version.split(' on ')[0] ?? version };
  } catch (error) {
    throw new DatabaseTestError(reasonOf(error));
  } finally {
    clearTimeout(timer);
    client.end().catch(() => {});
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reasonOf(error.errors[0]);
  if (error instanceof Error && error.message) return error.message;
  const code = (error as { code?: string } | null)?.code;
  return code ?? 'unknown error';
}
