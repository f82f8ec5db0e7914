import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { events, roles, rolePermissions, settings, users } from '../../db/schema/index.ts';
import { buildTestApp, TEST_SETUP_CODE } from '../../test/build-test-app.ts';
import { installPayload, TEST_ADMIN } from '../../test/install-payload.ts';
import { admissionForm } from '../../test/content-factories.ts';
import { adminQuery, withDatabase } from '../../test/test-database.ts';
import { MODULES } from '../../../shared/permissions.ts';
import { TOO_GUESSABLE } from '../security/password-policy.ts';

/** The spec's branch details (§2 footer): a school that did not give them never shows them. */
const SPEC_DETAILS = ['12 Garden Lane', 'Lake View Road', '98765 43210', '98765 43211', '98765\u00a043210'];

const REMOTE = '203.0.113.7';
/** The setup code in its header (the wizard sends it in the body; both work). */
const CODE = { 'x-setup-code': TEST_SETUP_CODE };

describe('install gate and wizard API', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildTestApp();
  });
  afterEach(() => app.close());

  it('answers 503 {error:"Not installed"} on the API before installation, but not on install and health endpoints', async () => {
    const res = await app.inject('/api/auth/user');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'Not installed' });
    for (const path of ['/api/health', '/api/ready', '/api/install/status', '/api/school']) {
      expect((await app.inject(path)).statusCode, path).toBe(200);
    }
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'a', password: 'b' } })).statusCode,
    ).toBe(503);
  });

  it('redirects pages to /install until installed, but not the wizard, assets or static files', async () => {
    for (const path of ['/', '/about', '/cms', '/cms/events', '/blog/some-post?x=1']) {
      const res = await app.inject(path);
      expect(res.statusCode, path).toBe(302);
      expect(res.headers.location).toBe('/install');
    }
    for (const path of ['/install', '/assets/app.js', '/favicon.svg', '/uploads/x.webp']) {
      expect((await app.inject(path)).statusCode, path).not.toBe(302);
    }
    await app.inject({ method: 'POST', url: '/api/install', payload: installPayload() });
    expect((await app.inject('/')).statusCode).not.toBe(302);
  });

  it('reports the install status, and asks every caller for the setup code, on the server itself too', async () => {
    expect((await app.inject('/api/install/status')).json()).toMatchObject({ installed: false, needsSetupCode: true });
    expect((await app.inject({ url: '/api/install/status', remoteAddress: REMOTE })).json()).toMatchObject({
      needsSetupCode: true,
    });
  });

  it('installs with the setup code: roles, admin, school profile, installation details', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/install', payload: installPayload() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ok: true });

    const roleRows = await app.db.select().from(roles);
    expect(roleRows.map((r) => r.name).sort()).toEqual(['admin', 'manager', 'user']);
    expect(roleRows.every((r) => r.isSystem)).toBe(true);
    const adminRole = roleRows.find((r) => r.name === 'admin')!;
    const adminPerms = await app.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, adminRole.id));
    expect(adminPerms).toHaveLength(MODULES.length);
    expect(adminPerms.every((p) => p.canRead && p.canWrite && p.canDelete)).toBe(true);

    const [admin] = await app.db.select().from(users);
    expect(admin).toMatchObject({
      username: 'principal',
      email: 'principal@acorns.test',
      roleId: adminRole.id,
      status: 'active',
    });
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);

    const school = (await app.inject('/api/school')).json().data;
    expect(school).toMatchObject({ name: 'Little Acorns', timezone: 'Europe/London', email: 'office@acorns.test' });
    const [details] = await app.db.select().from(settings).where(eq(settings.key, 'installation'));
    expect(details!.value).toMatchObject({
      company_name: 'Acorn Education Ltd',
      customer_id: 'C-1001',
      customer_license: 'LIC-XYZ',
    });
    expect(JSON.stringify(res.json())).not.toContain('argon2');

    expect((await app.inject('/api/install/status')).json().installed).toBe(true);
    expect((await app.inject('/api/auth/user')).json()).toEqual({ user: null });
  });

  it("stores the school's branches and e-mail in its profile, and the administrator's names", async () => {
    const branches = [
      { name: 'Oak Road', address: '3 Oak Road, Leeds LS6 2AB', phone: '0113 496 0000' },
      { name: 'Park Side', address: '9 Park Side, Leeds LS8 1AA', phone: '' },
    ];
    const payload = installPayload({ app: { ...installPayload().app, timezone: 'Pacific/Auckland', branches } });
    expect((await app.inject({ method: 'POST', url: '/api/install', payload })).statusCode).toBe(201);
    const school = (await app.inject('/api/school')).json().data;
    expect(school).toMatchObject({ email: 'office@acorns.test', timezone: 'Pacific/Auckland' });
    // Only what the school gave: no empty phone, no map position, nothing marked as sample.
    expect(school.branches).toEqual([branches[0], { name: 'Park Side', address: '9 Park Side, Leeds LS8 1AA' }]);
    const [admin] = await app.db.select().from(users);
    expect(admin).toMatchObject({ firstName: 'Asha', lastName: 'Verma' });
  });

  it("holds no address or phone number the school never gave: not the spec's, in the profile or the feeds", async () => {
    const payload = installPayload({ sampleContent: true });
    expect((await app.inject({ method: 'POST', url: '/api/install', payload })).statusCode).toBe(201);
    for (const url of ['/api/school', '/events.ics', '/blog/rss.xml', '/sitemap.xml']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      for (const spec of SPEC_DETAILS) expect(res.body, `${url}: ${spec}`).not.toContain(spec);
    }
    // The pages (footer, Contact, Admission) are drawn in the browser test of the wizard.
  });

  it('with sample content and no branch given, fills the spec branches marked as sample', async () => {
    const payload = installPayload({ sampleContent: true, app: { ...installPayload().app, branches: [] } });
    expect((await app.inject({ method: 'POST', url: '/api/install', payload })).statusCode).toBe(201);
    const { branches } = (await app.inject('/api/school')).json().data;
    expect(branches.map((b: { name: string; sample?: boolean }) => [b.name, b.sample])).toEqual([
      ['Main Branch', true],
      ['City Branch', true],
    ]);
  });

  it("with sample content and the school's own branch, keeps its branch: the sample events take place there", async () => {
    expect(
      (await app.inject({ method: 'POST', url: '/api/install', payload: installPayload({ sampleContent: true }) })).statusCode,
    ).toBe(201);
    const { branches } = (await app.inject('/api/school')).json().data;
    expect(branches).toEqual([installPayload().app.branches![0]]);
    const locations = (await app.db.select({ location: events.location }).from(events)).map((e) => e.location);
    expect(locations).toContain('Oak Road, Art Room');
    expect(locations.join(' ')).not.toMatch(/Main Branch|City Branch/);
    // The sample posts are the administrator's, by name (not "By Admin").
    const posts = (await app.inject('/api/site/posts')).json().data.items as { author: string }[];
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((p) => p.author === 'Asha Verma')).toBe(true);
  });

  describe('POST /api/install/check-password (the administrator step)', () => {
    const check = (admin: object, headers: Record<string, string> = CODE) =>
      app.inject({
        method: 'POST',
        url: '/api/install/check-password',
        headers,
        payload: { admin, schoolName: 'Little Acorns' },
      });

    it('refuses a weak password with the policy Finish applies, naming the field, and accepts a strong one', async () => {
      // 'vermaasha' is refused for the administrator's own names, given at this step.
      for (const password of ['password1234', 'qwertyuiop', 'vermaasha']) {
        const res = await check({ ...TEST_ADMIN, password });
        expect(res.statusCode, password).toBe(400);
        expect(res.json().fields['admin.password'], password).toBe(TOO_GUESSABLE);
        // Finish refuses the same password.
        const finish = await app.inject({
          method: 'POST',
          url: '/api/install',
          payload: installPayload({ admin: { ...TEST_ADMIN, password } }),
        });
        expect(finish.json().fields['admin.password'], password).toBe(TOO_GUESSABLE);
      }
      const short = await check({ ...TEST_ADMIN, password: 'kite-7' });
      expect(short.json().fields['admin.password']).toBe('Password must be at least 8 characters long');
      expect((await check(TEST_ADMIN)).statusCode).toBe(200);
      expect(await app.db.select().from(users)).toHaveLength(0);
    });

    it('needs the setup code, and answers 409 once installed', async () => {
      expect((await check(TEST_ADMIN, {})).statusCode).toBe(403);
      expect((await app.inject({ method: 'POST', url: '/api/install', payload: installPayload() })).statusCode).toBe(201);
      expect((await check(TEST_ADMIN)).statusCode).toBe(409);
    });
  });

  it('refuses a second install and a database test with 409, whoever calls, and changes nothing', async () => {
    await app.inject({ method: 'POST', url: '/api/install', payload: installPayload() });
    const again = await app.inject({
      method: 'POST',
      url: '/api/install',
      payload: installPayload({ admin: { ...TEST_ADMIN, username: 'intruder', email: 'x@x.test', password: 'intruder-pass' } }),
    });
    expect(again.statusCode).toBe(409);
    const remote = await app.inject({ method: 'POST', url: '/api/install', remoteAddress: REMOTE, payload: installPayload() });
    expect(remote.statusCode).toBe(409);
    const test = await app.inject({
      method: 'POST',
      url: '/api/testDatabaseDetails',
      payload: { host: 'localhost', port: 5432, db: 'x', user: 'x', password: 'x' },
    });
    expect(test.statusCode).toBe(409);
    const [{ value } = { value: -1 }] = await app.db.select({ value: count() }).from(users);
    expect(value).toBe(1);
  });

  it('runs exactly one of two concurrent installs', async () => {
    const results = await Promise.all(
      [1, 2, 3].map((i) =>
        app.inject({
          method: 'POST',
          url: '/api/install',
          payload: installPayload({ admin: { ...TEST_ADMIN, username: `admin${i}`, email: `a${i}@x.test` } }),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const [{ value } = { value: -1 }] = await app.db.select({ value: count() }).from(users);
    expect(value).toBe(1);
    expect(await app.db.select().from(roles)).toHaveLength(3);
  });

  it('requires the setup code from every caller, local or remote (header or body field)', async () => {
    for (const remoteAddress of [REMOTE, '127.0.0.1', '::1']) {
      const without = await app.inject({
        method: 'POST',
        url: '/api/install',
        remoteAddress,
        headers: { host: 'localhost:3000' },
        payload: installPayload({ setupCode: undefined }),
      });
      expect(without.statusCode, remoteAddress).toBe(403);
      expect(without.json().error).toMatch(/setup code/);
    }
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/install/check-code',
      remoteAddress: REMOTE,
      payload: { setupCode: 'nope' },
    });
    expect(wrong.statusCode).toBe(403);
    const right = await app.inject({
      method: 'POST',
      url: '/api/install/check-code',
      remoteAddress: REMOTE,
      payload: { setupCode: TEST_SETUP_CODE },
    });
    expect(right.statusCode).toBe(200);
    for (const remoteAddress of [REMOTE, '127.0.0.1']) {
      const dbTest = await app.inject({
        method: 'POST',
        url: '/api/testDatabaseDetails',
        remoteAddress,
        payload: { host: 'localhost', port: 5432, db: 'x', user: 'x', password: 'x' },
      });
      expect(dbTest.statusCode, remoteAddress).toBe(403);
    }
    expect(await app.db.select().from(users)).toHaveLength(0);
    const withHeader = await app.inject({
      method: 'POST',
      url: '/api/install',
      remoteAddress: REMOTE,
      headers: CODE,
      payload: installPayload({ setupCode: undefined }),
    });
    expect(withHeader.statusCode).toBe(201);
  });

  it('does not count right codes against the limit: the wizard sends the code with every step', async () => {
    const check = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/install/check-code', headers });
    for (let i = 0; i < 12; i++) expect((await check(CODE)).statusCode).toBe(200);
    expect((await check({ 'x-setup-code': 'WRONG' })).statusCode).toBe(403);
  });

  it('slows down guessing: after 10 wrong codes an address gets 429 with retry-after, even with the right code', async () => {
    const check = (setupCode: string, remoteAddress = REMOTE) =>
      app.inject({ method: 'POST', url: '/api/install/check-code', remoteAddress, payload: { setupCode } });
    for (let i = 0; i < 10; i++) expect((await check(`guess-${i}`)).statusCode).toBe(403);
    const blocked = await check(TEST_SETUP_CODE);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await check(TEST_SETUP_CODE, '198.51.100.4')).statusCode).toBe(200);
  });

  it('adds the sample content inside the install when asked', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/install', payload: installPayload({ sampleContent: true }) });
    expect(res.statusCode).toBe(201);
    expect((await app.inject('/api/install/status')).json().installed).toBe(true);
  });

  it('validates every field with clear 400s', async () => {
    const cases: [unknown, string][] = [
      [{}, 'app'],
      [installPayload({ app: { ...installPayload().app, company_name: '' } }), 'app.company_name'],
      [installPayload({ app: { ...installPayload().app, name: 'x'.repeat(81) } }), 'app.name'],
      [installPayload({ app: { ...installPayload().app, timezone: 'Mars/Olympus' as 'Asia/Tokyo' } }), 'app.timezone'],
      [installPayload({ app: { ...installPayload().app, customer_email: 'nope' } }), 'app.customer_email'],
      [installPayload({ admin: { ...TEST_ADMIN, password: 'short' } }), 'admin.password'],
      [installPayload({ admin: { ...TEST_ADMIN, firstName: ' ' } }), 'admin.firstName'],
      [installPayload({ admin: { ...TEST_ADMIN, lastName: '' } }), 'admin.lastName'],
      [installPayload({ app: { ...installPayload().app, branches: [] } }), 'app.branches'],
      [
        installPayload({ app: { ...installPayload().app, branches: [{ name: 'Oak Road', address: '' }] } }),
        'app.branches.0.address',
      ],
      [
        installPayload({ app: { ...installPayload().app, branches: [{ name: '', address: '3 Oak Road' }] } }),
        'app.branches.0.name',
      ],
      [
        installPayload({ app: { ...installPayload().app, branches: Array(5).fill({ name: 'A', address: 'B' }) } }),
        'app.branches',
      ],
      [
        installPayload({ app: { ...installPayload().app, branches: [{ name: 'A', address: 'B', phone: '1'.repeat(41) }] } }),
        'app.branches.0.phone',
      ],
      [installPayload({ admin: { ...TEST_ADMIN, username: 42 as unknown as string } }), 'admin.username'],
      [
        installPayload({ database: { type: 'postgres', host: '', port: 5432, database: 'x', user: 'x', password: 'x' } }),
        'database.host',
      ],
      [installPayload({ database: { type: 'oracle' } as never }), 'database.type'],
    ];
    for (const [payload, field] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/install', headers: CODE, payload: payload as object });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().fields), field).toContain(field);
    }
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/install',
          payload: 'x'.repeat(2_000_000),
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(413);
    expect(await app.db.select().from(users)).toHaveLength(0);
    expect((await app.inject('/api/install/status')).json().installed).toBe(false);
  });

  it('reports a failed database test with the real reason, quickly', async () => {
    const started = Date.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/testDatabaseDetails',
      headers: CODE,
      payload: { host: '127.0.0.1', port: 1, db: 'sprout', user: 'sprout', password: 'x' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: false, reason: expect.stringMatching(/ECONNREFUSED/) });
    expect(res.json().error).toMatch(/^Database connection failed : .*ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(10_500);
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/testDatabaseDetails',
      headers: CODE,
      payload: { host: 'localhost', port: 'abc' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().fields)).toEqual(expect.arrayContaining(['port', 'db', 'user', 'password']));
  });

  it('leaves nothing behind when the chosen PostgreSQL is unreachable', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/install',
      payload: installPayload({
        database: { type: 'postgres', host: '127.0.0.1', port: 1, database: 'x', user: 'x', password: 'x' },
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^Database connection failed : /);
    expect((await app.inject('/api/install/status')).json().installed).toBe(false);
    expect(await app.db.select().from(roles)).toHaveLength(0);
    expect(existsSync(join(app.installState.dataDir, 'config.json'))).toBe(false);
  });

  it('keeps the database named by DATABASE_URL: a PostgreSQL choice in the wizard is refused', async () => {
    const configured = await buildTestApp({ databaseUrl: 'postgres://operator@db.internal:5432/sprout' });
    try {
      expect((await configured.inject('/api/install/status')).json()).toMatchObject({ databaseConfigured: true });
      const res = await configured.inject({
        method: 'POST',
        url: '/api/install',
        payload: installPayload({
          database: { type: 'postgres', host: 'x', port: 5432, database: 'x', user: 'x', password: 'x' },
        }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty(['database.type']);
      expect((await configured.inject({ method: 'POST', url: '/api/install', payload: installPayload() })).statusCode).toBe(201);
    } finally {
      await configured.close();
    }
  });

  it('rolls everything back when a step fails midway, and can run again', async () => {
    // A username clash with a row that exists only for this test forces the admin insert to fail.
    const { hashPassword } = await import('../auth/passwords.ts');
    await app.db.insert(users).values({ username: 'principal', email: 'other@x.test', passwordHash: await hashPassword('x') });
    const res = await app.inject({ method: 'POST', url: '/api/install', payload: installPayload() });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect((await app.inject('/api/install/status')).json().installed).toBe(false);
    expect(await app.db.select().from(roles)).toHaveLength(0);
    await app.db.delete(users);
    expect((await app.inject({ method: 'POST', url: '/api/install', payload: installPayload() })).statusCode).toBe(201);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('install into a PostgreSQL server', () => {
  it('migrates it, installs there, writes config.json (0600), switches the app to it and takes an admission at once', async () => {
    // A parent who sends the form within a second is refused as a bot; this test is that quick.
    process.env.SPROUT_MIN_FILL_MS = '0';
    const app = await buildTestApp();
    delete process.env.SPROUT_MIN_FILL_MS;
    const name = `sprout_inst_${Date.now().toString(36)}`;
    await adminQuery(`create database ${name}`);
    try {
      const url = new URL(withDatabase(process.env.TEST_DATABASE_URL!, name));
      const database = {
        type: 'postgres' as const,
        host: url.hostname,
        port: Number(url.port || 5432),
        database: name,
        user: decodeURIComponent(url.username),
        password: url.password || 'trusted',
      };
      const test = await app.inject({
        method: 'POST',
        url: '/api/testDatabaseDetails',
        payload: { ...database, db: name, setupCode: TEST_SETUP_CODE },
      });
      expect(test.statusCode).toBe(200);
      expect(test.json()).toMatchObject({ ok: true, version: expect.stringMatching(/PostgreSQL/) });
      const res = await app.inject({ method: 'POST', url: '/api/install', payload: installPayload({ database }) });
      expect(res.statusCode).toBe(201);
      expect(res.json().database).toBe('pg');
      expect(app.database.kind).toBe('pg');
      // Other instances may join this database now: this one hears their changes.
      expect(app.siteChanges.listening()).toBe(true);
      const path = join(app.installState.dataDir, 'config.json');
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(path, 'utf8')).databaseUrl).toContain(`/${name}`);
      expect((await app.inject('/api/school')).json().data.name).toBe('Little Acorns');
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'principal', password: 'acorns-admin-1' },
      });
      expect(login.statusCode).toBe(200);

      // Without a restart: everything that holds a database (the form tokens' secret, the limits)
      // works on the new one. The built-in database it started on is closed.
      const form = await app.inject({ url: '/api/enquiries/form-token?type=admission' });
      expect(form.statusCode, form.body).toBe(200);
      const sent = await app.inject({
        method: 'POST',
        url: '/api/enquiries/admission',
        remoteAddress: '203.0.113.20',
        payload: { ...admissionForm(), formToken: form.json().token },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const check = new pg.Client({ connectionString: withDatabase(process.env.TEST_DATABASE_URL!, name) });
      await check.connect();
      const { rows } = await check.query(`select name from enquiries`);
      await check.end();
      expect(rows).toEqual([{ name: 'Aarav Sharma' }]);
    } finally {
      await app.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    }
  });
});
