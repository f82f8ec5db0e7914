import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_OFF, needsMessage, ROLE_PRESETS, type Action, type Module, type PermissionMap } from '../../shared/permissions.ts';
import { roles } from '../db/schema/index.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { createRole, createUser, installTestSchool, sessionCookie } from '../test/factories.ts';
import { effectivePermissions } from '../modules/auth/permissions.service.ts';

/**
 * DESIGN §6 on every /api route. The routes come from the running app, so a route added without a
 * line here fails this test; each is called by six callers and must answer 401, 403 (naming the
 * missing permission) or get past the check (any other status: a 400 or 404 from the handler is fine).
 * `sign-in-challenge` routes answer 401 to everybody without the cookie a right password gives.
 */
type Rule = 'public' | 'signed-in' | 'sign-in-challenge' | 'family-session' | 'admin' | ReadonlyArray<readonly [Module, Action]>;
const needs = (module: Module, action: Action): Rule => [[module, action]];

const EXPECTED: Record<string, Rule> = {
  // Health, installation (refused with 409 once installed), sign-in.
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /api/install/status': 'public',
  'POST /api/install/check-code': 'public',
  'POST /api/install/check-password': 'public',
  'POST /api/testDatabaseDetails': 'public',
  'POST /api/install': 'public',
  'POST /api/install/restore': 'public',
  'POST /api/auth/login': 'public',
  'GET /api/auth/user': 'public',
  'POST /api/logout': 'public',
  'POST /api/change-password': 'signed-in',
  'GET /api/auth/password-policy': 'public',
  // "Forgot password?" (issue 31): a link by e-mail; the link's token is what authorises the change.
  'GET /api/auth/password-reset': 'public',
  'POST /api/auth/password-reset': 'public',
  'POST /api/auth/password-reset/check': 'public',
  'POST /api/auth/password-reset/confirm': 'public',
  // The second step of a sign-in: reached with the challenge cookie a right password gave (401 without).
  'POST /api/auth/two-factor/verify': 'sign-in-challenge',
  'POST /api/auth/two-factor/setup': 'sign-in-challenge',
  'POST /api/auth/two-factor/enable': 'sign-in-challenge',

  // The signed-in user's own second factor and sessions.
  'GET /api/account/two-factor': 'signed-in',
  'POST /api/account/two-factor/setup': 'signed-in',
  'POST /api/account/two-factor/enable': 'signed-in',
  'POST /api/account/two-factor/disable': 'signed-in',
  'POST /api/account/two-factor/recovery-codes': 'signed-in',
  'GET /api/account/sessions': 'signed-in',
  'DELETE /api/account/sessions/:id': 'signed-in',
  'POST /api/account/sessions/end-others': 'signed-in',
  // The back office's overview (issue 31): every member of staff; each part is checked in the handler.
  'GET /api/overview': 'signed-in',

  // Staff, roles and permissions: the users module.
  'GET /api/auth/users': needs('users', 'read'),
  'POST /api/users/create': needs('users', 'write'),
  'POST /api/register': needs('users', 'write'),
  'PUT /api/users/update/:id': needs('users', 'write'),
  'PUT /api/users/password/:id': needs('users', 'write'),
  'POST /api/admin/user/:id/change-password': needs('users', 'write'),
  'PUT /api/users/role/:id': needs('users', 'write'),
  'GET /api/users/permission/:id': needs('users', 'read'),
  'PUT /api/users/permission/:id': needs('users', 'write'),
  'DELETE /api/users/:id': needs('users', 'delete'),
  'GET /api/roles/get': needs('users', 'read'),
  'GET /api/roles/get/:id': needs('users', 'read'),
  'POST /api/roles/create': needs('users', 'write'),
  'PUT /api/roles/update/:id': needs('users', 'write'),
  'DELETE /api/roles/delete/:id': needs('users', 'delete'),
  'POST /api/users/:id/two-factor/reset': needs('users', 'write'),
  'POST /api/users/:id/sessions/end': needs('users', 'write'),
  'GET /api/users/built-in-roles-notice': needs('users', 'read'),
  'DELETE /api/users/built-in-roles-notice': needs('users', 'write'),

  // The audit log (users: read) and Settings > Security: the policy is settings, the 2FA requirement users.
  'GET /api/audit': needs('users', 'read'),
  'GET /api/audit/export': needs('users', 'read'),
  'GET /api/security': [
    ['settings', 'read'],
    ['users', 'read'],
  ],
  'PUT /api/security/settings': 'admin',
  'PUT /api/security/two-factor': 'admin',

  // School profile and categories: the settings module; reading stays public.
  'GET /api/school': 'public',
  'PUT /api/school': needs('settings', 'write'),
  'GET /api/categories': 'public',
  'POST /api/categories': needs('settings', 'write'),
  'PUT /api/categories/:id': needs('settings', 'write'),
  'DELETE /api/categories/:id': needs('settings', 'delete'),

  // The public pages' data.
  'GET /api/site/events': 'public',
  'GET /api/site/event-list': 'public',
  'GET /api/site/events/:key': 'public',
  'GET /api/site/galleries/:key': 'public',
  'GET /api/site/posts': 'public',
  'GET /api/site/posts/:key': 'public',
  'GET /api/site/content/:key': 'public',
  'GET /api/site/pages': 'public',
  'GET /api/site/pages/:slug': 'public',
  // The public site's notice banners (issue 33).
  'GET /api/site/notices': 'public',

  // Events, galleries, posts (reads public; drafts need the module's read), uploads.
  'GET /api/events': 'public',
  'GET /api/events/:id': 'public',
  'POST /api/events': needs('events', 'write'),
  'PUT /api/events/:id': needs('events', 'write'),
  'DELETE /api/events/:id': needs('events', 'delete'),
  // The school year (issue 34): terms, half-terms and closures, under the events module.
  'GET /api/school-year': needs('events', 'read'),
  'POST /api/school-year': needs('events', 'write'),
  'PUT /api/school-year/:id': needs('events', 'write'),
  'DELETE /api/school-year/:id': needs('events', 'delete'),
  'GET /api/school-year/:id/cancelled': needs('events', 'read'),
  'GET /api/admin/galleries': 'public',
  'GET /api/admin/galleries/:id': 'public',
  'POST /api/admin/galleries': needs('gallery', 'write'),
  'PUT /api/admin/galleries/:id': needs('gallery', 'write'),
  'DELETE /api/admin/galleries/:id': needs('gallery', 'delete'),
  'PUT /api/admin/galleries/:id/tags': needs('gallery', 'write'),
  // Photos hidden by a withdrawn consent: they name children (issue 32).
  'GET /api/admin/galleries/hidden-photos': needs('families', 'read'),
  'GET /api/posts': 'public',
  'GET /api/posts/check-slug/:slug': needs('blog', 'read'),
  'GET /api/posts/slug/:slug': 'public',
  'GET /api/posts/:id': 'public',
  'POST /api/posts': needs('blog', 'write'),
  'PUT /api/posts/:id': needs('blog', 'write'),
  'DELETE /api/posts/:id': needs('blog', 'delete'),
  'GET /api/posts/:id/versions': needs('blog', 'read'),
  'GET /api/posts/:id/versions/:versionId': needs('blog', 'read'),
  'POST /api/posts/:id/versions/:versionId/restore': needs('blog', 'write'),
  'POST /api/cover': [
    ['gallery', 'write'],
    ['blog', 'write'],
    ['website', 'write'],
  ],
  'POST /api/upload-multiple': [
    ['gallery', 'write'],
    ['blog', 'write'],
    ['website', 'write'],
  ],

  // Enquiries: parents submit (public, with a form token); the inbox is the leads module.
  'GET /api/enquiries/form-token': 'public',
  'POST /api/enquiries/admission': 'public',
  'POST /api/enquiries/contact': 'public',
  'GET /api/enquiries': needs('leads', 'read'),
  'GET /api/enquiries/new-count': needs('leads', 'read'),
  'GET /api/enquiries/:id': needs('leads', 'read'),
  'PATCH /api/enquiries/:id': needs('leads', 'write'),
  'POST /api/enquiries/:id/resend': needs('leads', 'write'),
  'DELETE /api/enquiries/:id': needs('leads', 'delete'),
  // Admissions (issue 14): the pipeline is the leads module too.
  'GET /api/admissions/board': needs('leads', 'read'),
  'GET /api/admissions/export.csv': needs('leads', 'read'),
  'GET /api/admissions/tallies': needs('leads', 'read'),
  // The programmes' names: the admissions board, the seats editor, the families' screens (issue 32) and notices (issue 33).
  'GET /api/admissions/programmes': [
    ['leads', 'read'],
    ['settings', 'read'],
    ['families', 'read'],
    ['notices', 'read'],
  ],
  'GET /api/enquiries/:id/timeline': needs('leads', 'read'),
  'POST /api/enquiries/:id/stage': needs('leads', 'write'),
  'POST /api/enquiries/:id/notes': needs('leads', 'write'),
  'POST /api/enquiries/:id/reply': needs('leads', 'write'),

  // The public pages' words (issue 30): drafts and history are the website module's.
  'GET /api/website/sections': needs('website', 'read'),
  'GET /api/website/sections/:key': needs('website', 'read'),
  'PUT /api/website/sections/:key/draft': needs('website', 'write'),
  'DELETE /api/website/sections/:key/draft': needs('website', 'write'),
  'POST /api/website/sections/:key/publish': needs('website', 'write'),
  'POST /api/website/sections/:key/reset': needs('website', 'write'),
  'GET /api/website/sections/:key/versions': needs('website', 'read'),
  'GET /api/website/sections/:key/versions/:id': needs('website', 'read'),
  'POST /api/website/sections/:key/versions/:id/restore': needs('website', 'write'),
  'GET /api/website/preview': needs('website', 'read'),
  // The school's own pages (issue 30): deleting one is the website module's delete.
  'GET /api/website/pages': needs('website', 'read'),
  'GET /api/website/pages/:id': needs('website', 'read'),
  'POST /api/website/pages': needs('website', 'write'),
  'POST /api/website/pages/privacy-notice': needs('website', 'write'),
  'PUT /api/website/pages/:id/draft': needs('website', 'write'),
  'POST /api/website/pages/:id/publish': needs('website', 'write'),
  'POST /api/website/pages/:id/unpublish': needs('website', 'write'),
  'DELETE /api/website/pages/:id': needs('website', 'delete'),
  'GET /api/website/pages/:id/versions': needs('website', 'read'),
  'GET /api/website/pages/:id/versions/:versionId': needs('website', 'read'),
  'POST /api/website/pages/:id/versions/:versionId/restore': needs('website', 'write'),
  'GET /api/website/pages/:id/preview': needs('website', 'read'),

  // Families and children (issue 32): the families module.
  'GET /api/families': needs('families', 'read'),
  'GET /api/families/:id': needs('families', 'read'),
  'POST /api/families': needs('families', 'write'),
  'PUT /api/families/:id': needs('families', 'write'),
  'DELETE /api/families/:id': needs('families', 'delete'),
  'POST /api/families/from-enquiry/:id': needs('families', 'write'),
  'POST /api/families/:id/children/from-enquiry/:enquiryId': needs('families', 'write'),
  // Data protection (decision 26): the export takes everything off the system in one file.
  'GET /api/families/:id/export': needs('families', 'write'),
  'POST /api/families/:id/erase': needs('families', 'delete'),
  'GET /api/families/children/:id/consents': needs('families', 'read'),
  'POST /api/families/children/:id/consents': needs('families', 'write'),
  'POST /api/families/:id/contacts/:contactId/sign-in-link': needs('families', 'write'),
  // Parents (issue 32): a link for anyone, the rest a family session only (no staff session opens it).
  'POST /api/family/sign-in-link': 'public',
  'GET /api/family/me': 'family-session',
  'POST /api/family/sign-out': 'public',

  // Notices and closure alerts (issue 33): the notices module.
  'GET /api/notices': needs('notices', 'read'),
  'GET /api/notices/recipients': needs('notices', 'read'),
  'GET /api/notices/:id': needs('notices', 'read'),
  'POST /api/notices': needs('notices', 'write'),
  'PUT /api/notices/:id': needs('notices', 'write'),
  'DELETE /api/notices/:id': needs('notices', 'delete'),
  'POST /api/notices/:id/email': needs('notices', 'write'),
  // Mailings (issue 33): progress, failures, a test to oneself, the rate, the DNS check.
  'GET /api/mailings': needs('notices', 'read'),
  'GET /api/mailings/:id': needs('notices', 'read'),
  'GET /api/mailings/settings': needs('notices', 'read'),
  'GET /api/mailings/dns-check': needs('notices', 'read'),
  'PUT /api/mailings/settings': needs('notices', 'write'),
  'POST /api/mailings/test': needs('notices', 'write'),
  'POST /api/mailings/:id/retry-failed': needs('notices', 'write'),
  // The newsletter (issue 33): anyone subscribes (a form token, the enquiry forms' guards); staff
  // see and delete subscribers, set the weekly digest and e-mail a published post (notices module).
  'GET /api/newsletter/form-token': 'public',
  'POST /api/newsletter/subscribe': 'public',
  'GET /api/newsletter/subscribers': needs('notices', 'read'),
  'DELETE /api/newsletter/subscribers/:id': needs('notices', 'delete'),
  'GET /api/newsletter/digest': needs('notices', 'read'),
  'PUT /api/newsletter/digest': needs('notices', 'write'),
  'POST /api/posts/:id/newsletter': needs('notices', 'write'),

  // Backups hold every account and enquiry, and a restore replaces everything: administrators only
  // (issue 29), each download and restore confirmed with the password again.
  'GET /api/backups': 'admin',
  'POST /api/backups/archive': 'admin',
  'POST /api/backups/files/:name': 'admin',
  'PUT /api/backups/schedule': 'admin',
  'PUT /api/backups/passphrase': 'admin',
  'POST /api/backups/restore': 'admin',
};

let app: FastifyInstance;
type Caller = { name: string; user: { id: number } | null; permissions: PermissionMap | null };
const callers: Caller[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  const { admin } = await installTestSchool(app);
  await createRole(app, 'blog_writer', { blog: { read: true, write: true } });
  const users = {
    anonymous: null,
    unassigned: await createUser(app, { role: null }),
    'blog writer (custom role)': await createUser(app, { role: 'blog_writer' }),
    'manager (built-in role)': await createUser(app, { role: 'manager' }),
    'teacher (built-in User role)': await createUser(app, { role: 'user' }),
    admin,
  };
  for (const [name, user] of Object.entries(users)) {
    const permissions = user
      ? await effectivePermissions(app.db, { id: user.id, roleId: user.roleId, roleName: await roleName(user.roleId) })
      : null;
    callers.push({ name, user, permissions });
  }
});
afterAll(() => app.close());

async function roleName(roleId: number | null) {
  if (roleId === null) return null;
  const [role] = await app.db.select({ name: roles.name }).from(roles).where(eq(roles.id, roleId));
  return role?.name ?? null;
}

const apiRoutes = () =>
  app.routeTable
    .filter((r) => r.url.startsWith('/api/') && r.url !== '/api/*' && r.method !== 'HEAD')
    .map((r) => `${r.method} ${r.url}`);

/** A URL for the pattern: ids and keys nobody has (the handler's 404 is past the check). */
const concrete = (url: string) => url.replace(/:id\b/g, '987654').replace(/:(slug|key)\b/g, 'no-such-thing');

describe('authorization matrix', () => {
  it('has an expectation for every /api route, and none for a route that does not exist', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(50);
    expect(
      routes.filter((r) => !(r in EXPECTED)),
      'routes without a line in EXPECTED',
    ).toEqual([]);
    expect(
      Object.keys(EXPECTED).filter((r) => !routes.includes(r)),
      'lines in EXPECTED without a route',
    ).toEqual([]);
  });

  it('answers each caller on each route as the permission table says', async () => {
    const mismatches: string[] = [];
    for (const route of apiRoutes()) {
      const rule = EXPECTED[route];
      if (!rule) continue;
      const [method, url] = route.split(' ') as [string, string];
      for (const caller of callers) {
        const cookie = caller.user ? await sessionCookie(app, caller.user) : undefined;
        const res = await app.inject({
          method: method as 'GET',
          url: concrete(url),
          headers: cookie ? { cookie } : {},
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        let expected: 'allowed' | 401 | 403 = 'allowed';
        if (rule === 'sign-in-challenge' || rule === 'family-session' || (rule !== 'public' && !caller.user)) expected = 401;
        else if (typeof rule !== 'string' && !rule.some(([m, a]) => caller.permissions?.[m][a])) expected = 403;
        else if (rule === 'admin' && caller.name !== 'admin') expected = 403;
        const got = res.statusCode === 401 || res.statusCode === 403 ? res.statusCode : 'allowed';
        if (got !== expected)
          mismatches.push(`${route} as ${caller.name}: expected ${expected}, got ${res.statusCode} ${res.body}`);
        if (expected === 403 && typeof rule !== 'string' && res.json().message !== needsMessage(rule)) {
          mismatches.push(`${route} as ${caller.name}: 403 message ${res.json().message}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    // Six callers on every route: some 900 requests, a minute on a busy two-core machine.
  }, 120_000);

  it('gives the six callers the permissions the matrix assumes (issue 29: the built-in roles are fixed sets)', () => {
    const [anonymous, unassigned, writer, manager, teacher, admin] = callers;
    expect(anonymous!.permissions).toBeNull();
    expect(Object.values(unassigned!.permissions!).some((p) => p.read || p.write || p.delete)).toBe(false);
    expect(writer!.permissions!.blog).toEqual({ read: true, write: true, delete: false });
    expect(writer!.permissions!.gallery.write).toBe(false);
    expect(manager!.permissions).toEqual(ROLE_PRESETS.manager.permissions);
    expect(teacher!.permissions).toEqual(ROLE_PRESETS.user.permissions);
    for (const limited of [manager!, teacher!]) {
      expect(limited.permissions!.users).toEqual(ALL_OFF);
      expect(limited.permissions!.settings.write || limited.permissions!.settings.delete).toBe(false);
    }
    expect(Object.values(admin!.permissions!).every((p) => p.read && p.write && p.delete)).toBe(true);
  });
});
