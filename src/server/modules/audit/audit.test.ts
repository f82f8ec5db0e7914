import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, enquiries, recoveryCodes, sessions, signInChallenges, twoFactor, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createCategory } from '../../test/content-factories.ts';
import { createUser, installTestSchool, sessionCookie, TEST_PASSWORD } from '../../test/factories.ts';
import { enableTwoFactor, post, signIn, wrongCode } from '../../test/sign-in.ts';
import { runSecurityMaintenance } from '../security/maintenance.ts';
import { audit } from './audit.service.ts';

describe('the audit log', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof installTestSchool>>['admin'];
  beforeEach(async () => {
    app = await buildTestApp();
    ({ admin } = await installTestSchool(app));
  });
  afterEach(() => app.close());

  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const entries = () => app.db.select().from(auditLog).orderBy(auditLog.id);

  it('records every sign-in step, account change and content change, with who, where and which fields, and never a secret', async () => {
    const secrets: string[] = [TEST_PASSWORD, 'wrong-password-1', 'new-maple-kite-9', 'lantern-harbour-42', 'orchard-violet-77'];
    // Sign-ins: failed, unknown account, locked, success; sign-out.
    await signIn(app, 'admin', 'wrong-password-1');
    await signIn(app, 'nobody-at-all', 'wrong-password-1');
    const first = await signIn(app, 'admin', TEST_PASSWORD, { remoteAddress: '10.0.0.7' });
    const cookie = first.sid!;
    secrets.push(cookie.split('=')[1]!);
    await send('POST', '/api/logout', (await signIn(app, 'admin', TEST_PASSWORD)).sid!);
    const locked = await createUser(app, { role: 'user', username: 'guessed' });
    for (let i = 0; i < 6; i++) await signIn(app, 'guessed', `guess-${i}`, { remoteAddress: '10.9.9.9' });

    // Two-factor: on, a wrong code, a recovery code, new codes, off; an admin's reset.
    const { secret, recoveryCodes: codes } = await enableTwoFactor(app, cookie, TEST_PASSWORD);
    secrets.push(secret, ...codes);
    const challenge = (await signIn(app, 'admin', TEST_PASSWORD)).challenge!;
    secrets.push(challenge.split('=')[1]!);
    await post(app, '/api/auth/two-factor/verify', challenge, { code: wrongCode(secret) });
    await post(app, '/api/auth/two-factor/verify', challenge, { code: codes[0]! });
    const fresh = await post(app, '/api/account/two-factor/recovery-codes', cookie, { currentPassword: TEST_PASSWORD });
    secrets.push(...fresh.json().recoveryCodes);
    await post(app, '/api/account/two-factor/disable', cookie, { currentPassword: TEST_PASSWORD });

    // Users, roles, permissions, passwords.
    const created = await send('POST', '/api/users/create', cookie, {
      username: 'asha',
      email: 'asha@school.test',
      firstName: 'Asha',
      lastName: 'Rao',
      password: 'lantern-harbour-42',
      roleId: null,
    });
    const asha = created.json().data.id as number;
    await send('PUT', `/api/users/update/${asha}`, cookie, {
      username: 'asha',
      email: 'asha.rao@school.test',
      firstName: 'Asha',
      lastName: 'Rao-Iyer',
    });
    await send('POST', `/api/admin/user/${asha}/change-password`, cookie, { newPassword: 'orchard-violet-77' });
    const role = (
      await send('POST', '/api/roles/create', cookie, { name: 'teacher', displayName: 'Teacher', permissions: {} })
    ).json().data;
    await send('PUT', `/api/roles/update/${role.id}`, cookie, {
      name: 'teacher',
      displayName: 'Class teacher',
      permissions: { blog: { read: true } },
    });
    await send('PUT', `/api/users/role/${asha}`, cookie, { roleId: role.id });
    await send('PUT', `/api/users/permission/${asha}`, cookie, { permissions: [{ module: 'events', canRead: true }] });
    await post(app, `/api/users/${asha}/sessions/end`, cookie);
    await send('DELETE', `/api/users/${asha}`, cookie);
    await send('DELETE', `/api/roles/delete/${role.id}`, cookie);
    await post(app, '/api/change-password', cookie, { currentPassword: TEST_PASSWORD, newPassword: 'new-maple-kite-9' });
    const cookie2 = (await signIn(app, 'admin', 'new-maple-kite-9')).sid!;

    // Content: events, galleries, posts, categories, the school profile, enquiries.
    await createCategory(app, 'Sports');
    const cat = (await send('POST', '/api/categories', cookie2, { name: 'Music' })).json().data;
    await send('PUT', `/api/categories/${cat.id}`, cookie2, { name: 'Music & Dance' });
    const eventBody = {
      title: 'Sports Day',
      description: 'Races',
      category: 'Sports',
      location: 'Lawn',
      start_date: '2030-05-01T09:00:00Z',
    };
    const event = (await send('POST', '/api/events', cookie2, eventBody)).json().data;
    await send('PUT', `/api/events/${event.id}`, cookie2, { ...eventBody, location: 'Main lawn' });
    await send('DELETE', `/api/events/${event.id}`, cookie2);
    await send('DELETE', `/api/categories/${cat.id}`, cookie2);
    const galleryBody = { title: 'Art Week', type: 'images', images: ['https://example.com/a.jpg'], published: false };
    const gallery = (await send('POST', '/api/admin/galleries', cookie2, galleryBody)).json().data;
    await send('PUT', `/api/admin/galleries/${gallery.id}`, cookie2, { ...galleryBody, published: true });
    await send('DELETE', `/api/admin/galleries/${gallery.id}`, cookie2);
    const postBody = { title: 'Harvest', slug: 'harvest', content: '<p>Apples</p>', status: 'draft' };
    const blog = (await send('POST', '/api/posts', cookie2, postBody)).json().data;
    await send('PUT', `/api/posts/${blog.id}`, cookie2, { ...postBody, status: 'published' });
    await send('DELETE', `/api/posts/${blog.id}`, cookie2);
    await send('PUT', '/api/school', cookie2, { hours: 'Mon-Fri 8:30-15:30' });
    const [enquiry] = await app.db
      .insert(enquiries)
      .values({ type: 'admission', name: 'Aarav Sharma', email: 'rohit@example.com' })
      .returning();
    await send('PATCH', `/api/enquiries/${enquiry!.id}`, cookie2, { status: 'handled' });
    await send('DELETE', `/api/enquiries/${enquiry!.id}`, cookie2);
    await send('PUT', '/api/security/settings', cookie2, { minPasswordLength: 8 });
    await send('PUT', '/api/security/two-factor', cookie2, { mode: 'all' });

    const log = await entries();
    const seen = new Set(log.map((e) => `${e.action} ${e.entity ?? ''}`.trim()));
    for (const expected of [
      'sign-in-failed user',
      'sign-in-locked user',
      'sign-in user',
      'sign-out user',
      'password-change user',
      '2fa-enable user',
      '2fa-failed user',
      '2fa-recovery-code user',
      '2fa-new-codes user',
      '2fa-disable user',
      'session-end user',
      'create user',
      'update user',
      'delete user',
      'role-change user',
      'permissions-change user',
      'create role',
      'update role',
      'delete role',
      'create category',
      'update category',
      'delete category',
      'create event',
      'update event',
      'delete event',
      'create gallery',
      'publish gallery',
      'delete gallery',
      'create post',
      'publish post',
      'delete post',
      'update school',
      'status-change enquiry',
      'delete enquiry',
      'update settings',
    ]) {
      expect(seen, expected).toContain(expected);
    }

    // Who, from where, what, and which fields.
    const signedIn = log.find((e) => e.action === 'sign-in' && e.ip === '10.0.0.7');
    expect(signedIn).toMatchObject({ userId: admin.id, username: 'admin', entity: 'user', entityId: String(admin.id) });
    expect(log.find((e) => e.action === 'sign-in-failed' && e.userId === null)).toMatchObject({ username: null });
    expect(log.find((e) => e.action === 'sign-in-locked')).toMatchObject({ userId: locked.id, ip: '10.9.9.9' });
    expect(log.find((e) => e.action === 'update' && e.entity === 'user')).toMatchObject({
      title: 'asha',
      changes: ['email', 'lastName'],
    });
    expect(log.find((e) => e.action === 'update' && e.entity === 'event')!.changes).toEqual(['location']);
    expect(log.find((e) => e.action === 'update' && e.entity === 'role')!.changes).toEqual(['displayName', 'permissions.blog']);
    expect(log.find((e) => e.action === 'update' && e.entity === 'school')!.changes).toEqual(['hours']);
    expect(log.find((e) => e.action === 'publish' && e.entity === 'post')).toMatchObject({ title: 'Harvest', userId: admin.id });
    expect(log.find((e) => e.entity === 'enquiry')!.title).toBe('Admission enquiry');

    // No password, hash, session id or token, TOTP secret (plain or sealed), recovery code or its hash.
    const [sealed, codeHashes, sessionIds, hashes] = await Promise.all([
      app.db.select({ secret: twoFactor.secret }).from(twoFactor),
      app.db.select({ hash: recoveryCodes.codeHash }).from(recoveryCodes),
      app.db.select({ id: sessions.id }).from(sessions),
      app.db.select({ hash: users.passwordHash }).from(users),
    ]);
    const text = (await app.db.execute(
      sql`select coalesce(string_agg(row_to_json(a)::text, E'\n'), '') as t from audit_log a`,
    )) as unknown as { rows: { t: string }[] } | { t: string }[];
    const all = ('rows' in text ? text.rows : text)[0]!.t;
    expect(all.length).toBeGreaterThan(1000);
    for (const value of [
      ...secrets,
      ...sealed.map((r) => r.secret),
      ...codeHashes.map((r) => r.hash),
      ...sessionIds.map((r) => r.id),
      ...hashes.map((r) => r.hash),
      ...(await app.db.select({ id: signInChallenges.id }).from(signInChallenges)).map((r) => r.id),
    ]) {
      expect(all.toLowerCase()).not.toContain(value.toLowerCase());
    }
    expect(all).not.toMatch(/\$argon2/);
    expect(all).not.toMatch(/otpauth:|sid=|sid_2fa=/);
  });

  describe('GET /api/audit', () => {
    it('answers 401 signed out and 403 without users: read', async () => {
      expect((await app.inject('/api/audit')).statusCode).toBe(401);
      const plain = await createUser(app, { role: null, permissions: { settings: { read: true, write: true } } });
      const res = await app.inject({ url: '/api/audit', headers: { cookie: await sessionCookie(app, plain) } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('Needs users: read');
    });

    it('filters by user, action, entity and dates (school days), and pages newest first with a cursor', async () => {
      const teacher = await createUser(app, { role: 'user', username: 'teacher' });
      const who = (u: { id: number; username: string }) => ({ userId: u.id, username: u.username, ip: '127.0.0.1' });
      for (let i = 0; i < 7; i++)
        await audit(app.db, who(admin), { action: 'create', entity: 'post', entityId: i, title: `Post ${i}` });
      for (let i = 0; i < 3; i++) await audit(app.db, who(teacher), { action: 'update', entity: 'event', entityId: i });
      await app.db.insert(auditLog).values({
        createdAt: new Date('2020-03-10T12:00:00Z'),
        userId: teacher.id,
        username: 'teacher',
        action: 'sign-in',
        entity: 'user',
      });
      const cookie = await sessionCookie(app, admin);
      const get = async (query: string) => {
        const res = await app.inject({ url: `/api/audit?${query}`, headers: { cookie } });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as {
          data: { id: number; action: string; createdAt: string; title: string }[];
          nextCursor: string | null;
        };
      };
      expect((await get(`userId=${teacher.id}`)).data).toHaveLength(4);
      expect((await get('action=create')).data).toHaveLength(7);
      expect((await get('entity=event')).data).toHaveLength(3);
      expect((await get(`userId=${teacher.id}&entity=user`)).data).toHaveLength(1);
      // School days (Asia/Kolkata by default in the profile, or UTC): 10 March 2020 only.
      expect((await get('from=2020-03-10&to=2020-03-10')).data.map((e) => e.action)).toEqual(['sign-in']);
      expect((await get('from=2020-03-11&to=2020-03-20')).data).toHaveLength(0);
      expect((await get('to=2020-12-31')).data).toHaveLength(1);

      const page1 = await get('limit=4&action=create');
      expect(page1.data.map((e) => e.title)).toEqual(['Post 6', 'Post 5', 'Post 4', 'Post 3']);
      const page2 = await get(`limit=4&action=create&cursor=${page1.nextCursor}`);
      expect(page2.data.map((e) => e.title)).toEqual(['Post 2', 'Post 1', 'Post 0']);
      expect(page2.nextCursor).toBeNull();

      for (const bad of [
        'action=nope',
        'entity=nope',
        'from=yesterday',
        'cursor=abc',
        'limit=0',
        'limit=1000',
        'from=2020-02-02&to=2020-01-01',
      ]) {
        expect((await app.inject({ url: `/api/audit?${bad}`, headers: { cookie } })).statusCode, bad).toBe(400);
      }
    });

    it('exports CSV with a UTF-8 BOM, a header row and formula-safe cells', async () => {
      await audit(
        app.db,
        { userId: admin.id, username: 'admin', ip: '127.0.0.1' },
        { action: 'create', entity: 'post', entityId: 1, title: '=HYPERLINK("x")' },
      );
      await audit(
        app.db,
        { userId: admin.id, username: 'admin', ip: '127.0.0.1' },
        { action: 'update', entity: 'event', entityId: 2, title: 'Fête, "école"', changes: ['title', 'location'] },
      );
      const res = await app.inject({
        url: '/api/audit/export?entity=post',
        headers: { cookie: await sessionCookie(app, admin) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(lines[0]).toBe(
        '"When (UTC)","User","User id","IP address","Action","Entity","Entity id","Title","Changed fields","Details","What happened"',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
      const all = await app.inject({ url: '/api/audit/export', headers: { cookie: await sessionCookie(app, admin) } });
      expect(all.body).toContain('"Fête, ""école"""');
      expect(all.body).toContain('"title, location"');
      expect((await app.inject('/api/audit/export')).statusCode).toBe(401);
    });

    it('quotes every cell and keeps a formula after a separator as text (`;=1+1`)', async () => {
      const who = { userId: admin.id, username: 'x|@SUM(A1)', ip: '127.0.0.1' };
      await audit(app.db, who, { action: 'create', entity: 'post', entityId: 1, title: ';=1+1' });
      await audit(app.db, who, { action: 'create', entity: 'post', entityId: 2, title: 'Sports day, -2+3' });
      const res = await app.inject({
        url: '/api/audit/export?entity=post',
        headers: { cookie: await sessionCookie(app, admin) },
      });
      const [, ...rows] = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row).toMatch(
          /^"[^"]+","'x\|@SUM\(A1\)","\d+","127\.0\.0\.1","Created","Post","\d","[^"]+","","","'?Added the blog post [^"]+"$/,
        );
      }
      expect(res.body).toContain(`"';=1+1"`);
      expect(res.body).toContain(`"'Sports day, -2+3"`);
    });

    it('says what happened in sentences a head teacher understands, with the names read now (issue 31)', async () => {
      const who = { userId: admin.id, username: 'admin', ip: '127.0.0.1' };
      const [child] = await app.db
        .insert(enquiries)
        .values({ type: 'admission', name: 'Aarav Shah', email: 'shah@example.com', stage: 'visit_booked' })
        .returning();
      const asha = await createUser(app, { role: 'user', username: 'asha' });
      await audit(app.db, who, {
        action: 'status-change',
        entity: 'enquiry',
        entityId: child!.id,
        title: 'Admission enquiry',
        details: { from: 'new', to: 'visit_booked' },
      });
      await audit(app.db, who, {
        action: 'status-change',
        entity: 'enquiry',
        entityId: 987654,
        title: 'Admission enquiry',
        details: { from: 'contacted', to: 'offered' },
      });
      await audit(app.db, who, {
        action: 'update',
        entity: 'event',
        entityId: 4,
        title: 'Sports Day',
        changes: ['location', 'start_date'],
      });
      await audit(app.db, who, {
        action: 'role-change',
        entity: 'user',
        entityId: asha.id,
        title: 'asha',
        details: { role: 'manager' },
      });
      await audit(app.db, who, { action: 'unpublish', entity: 'gallery', entityId: 3, title: 'Art Week' });
      await audit(app.db, who, {
        action: 'delete',
        entity: 'enquiry',
        title: 'Retention: 12 enquiries older than 24 months',
        details: { count: 12, months: 24 },
      });
      const res = await app.inject({ url: '/api/audit?limit=6', headers: { cookie: await sessionCookie(app, admin) } });
      expect(res.statusCode, res.body).toBe(200);
      const summaries = (res.json().data as { summary: string }[]).map((e) => e.summary);
      expect(summaries).toEqual([
        'Deleted 12 enquiries older than 24 months, as the school keeps them no longer',
        'Took the gallery “Art Week” off the site',
        `Gave ${asha.firstName} ${asha.lastName} the role “Manager”`,
        'Changed the event “Sports Day”: place and start',
        'Moved admission #987654 (since deleted) to “Offered”',
        'Moved the admission of Aarav Shah to “Visit booked”',
      ]);
      // The log keeps no family's name: it is read from the enquiry while there is one.
      expect(JSON.stringify(await entries())).not.toContain('Aarav');
    });

    it('refuses a day that does not exist with a 400, on the list and on the export', async () => {
      const cookie = await sessionCookie(app, admin);
      for (const url of ['/api/audit', '/api/audit/export']) {
        for (const bad of ['from=2027-02-30', 'to=2023-02-29', 'from=2020-13-01', 'from=2020-01-32']) {
          const res = await app.inject({ url: `${url}?${bad}`, headers: { cookie } });
          expect(res.statusCode, `${url}?${bad}`).toBe(400);
          expect(res.headers['content-type']).toContain('application/json');
          expect(res.json().fields).toEqual({ [bad.split('=')[0]!]: 'There is no such day' });
        }
      }
      const leap = await app.inject({ url: '/api/audit/export?from=2024-02-29&to=2024-02-29', headers: { cookie } });
      expect(leap.statusCode).toBe(200);
    });
  });

  it('is append-only: the database refuses to change an entry, and retention removes entries past the setting', async () => {
    await audit(app.db, { userId: admin.id, username: 'admin', ip: null }, { action: 'sign-in', entity: 'user' });
    await expect(app.db.update(auditLog).set({ title: 'changed' })).rejects.toThrow();
    const old = (months: number) => new Date(Date.now() - months * 31 * 24 * 3600 * 1000);
    await app.db.insert(auditLog).values([
      { createdAt: old(13), action: 'sign-in' },
      { createdAt: old(11), action: 'sign-in' },
      { createdAt: old(3), action: 'sign-in' },
    ]);
    expect((await runSecurityMaintenance(app.db)).auditRemoved).toBe(1);
    expect(await entries()).toHaveLength(3);
    await send('PUT', '/api/security/settings', await sessionCookie(app, admin), { auditRetentionMonths: 2 });
    expect((await runSecurityMaintenance(app.db)).auditRemoved).toBe(2);
    expect((await entries()).map((e) => e.action)).toEqual(['sign-in', 'update']);
    // No route changes or deletes an entry.
    const routes = app.routeTable.filter((r) => r.url.startsWith('/api/audit')).map((r) => r.method);
    expect(routes.filter((m) => m !== 'GET' && m !== 'HEAD')).toEqual([]);
  });
});
