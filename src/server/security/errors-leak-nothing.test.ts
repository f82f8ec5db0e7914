import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.ts';
import { errorWithoutValues } from '../log-serializers.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { installPayload } from '../test/install-payload.ts';

describe('errors carry no query values', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('logs a failed password update without the new hash', async () => {
    app = await buildTestApp();
    const hash = await hashPassword('a-new-secret');
    const failure = await app.db
      .insert(users)
      .values({ username: 'x'.repeat(10), email: 'not-unique@x.test', passwordHash: hash, roleId: 999_999 })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).message)).toContain(hash.slice(0, 20)); // Drizzle's message has it...
    const logged = JSON.stringify(errorWithoutValues(failure));
    expect(logged).not.toContain(hash.slice(0, 20)); // ...the log line does not.
    expect(logged).toMatch(/Failed query/);
  });

  it('answers a failed install with a plain message, no SQL and no values', async () => {
    app = await buildTestApp();
    // Any failure inside the install transaction that is not a conflict: a trigger that refuses.
    await app.db.execute(
      sql.raw(`create function refuse() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`),
    );
    await app.db.execute(sql.raw(`create trigger refuse before insert on settings for each row execute function refuse()`));
    const res = await app.inject({ method: 'POST', url: '/api/install', payload: installPayload() });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/Failed query|params|insert into|acorns-admin-1|argon2/i);
    expect(res.json().error).toMatch(/could not be saved/);
  });
});
