import { describe, expect, it } from 'vitest';
import { grantsMap, ROLE_PRESETS, type Module, type PermissionMap, type SystemRole } from '../../../../../shared/permissions.ts';
import { CMS_SCREENS } from '../cms-screens.ts';
import { menuItemForScreen, screenRefusal } from './screen-access.ts';

const readsOf = (permissions: PermissionMap) => (module: Module) => permissions[module].read;
const refusalFor = (role: SystemRole, pathname: string) =>
  screenRefusal(pathname, readsOf(ROLE_PRESETS[role].permissions), role === 'admin');
/** The screens (as /cms addresses, a sample id for a parameter) a role is refused. */
const refused = (role: SystemRole) =>
  CMS_SCREENS.map(({ path }) => `/cms/${path.replace(/:\w+/g, '3')}`.replace(/\/$/, '')).filter((p) => refusalFor(role, p));

// Opening an address the menu does not offer shows "no access", not the screen and its refusals.
describe('which back-office screens the signed-in user may open', () => {
  it('refuses a teacher with the User role every screen the menu hides from them', () => {
    expect(refused('user')).toEqual([
      '/cms/category',
      '/cms/admissions',
      '/cms/families',
      '/cms/families/new',
      '/cms/families/3',
      '/cms/notices',
      '/cms/notices/new',
      '/cms/notices/closure',
      '/cms/notices/mailings',
      '/cms/notices/mailings/3',
      '/cms/notices/newsletter',
      '/cms/notices/3',
      '/cms/website',
      '/cms/website/pages',
      '/cms/website/pages/3',
      '/cms/website/3',
      '/cms/enquiries',
      '/cms/settings/school',
      '/cms/settings/security',
      '/cms/audit',
      '/cms/settings/backups',
      '/cms/users',
      '/cms/roles',
      '/cms/permissions',
    ]);
  });

  it('refuses a Manager staff administration and backups only', () => {
    expect(refused('manager')).toEqual(['/cms/audit', '/cms/settings/backups', '/cms/users', '/cms/roles', '/cms/permissions']);
  });

  it('refuses an administrator nothing', () => {
    expect(refused('admin')).toEqual([]);
  });

  it('says in plain words what a screen needs, and links to the first screen the user may use', () => {
    expect(refusalFor('user', '/cms/users')).toMatchObject({
      item: { name: 'Users', module: 'users' },
      needs: 'Opening Users needs the “Users and roles” permission. Ask an administrator if you need it.',
    });
    expect(refusalFor('user', '/cms/enquiries')?.needs).toBe(
      'Opening Enquiries needs the “Leads (enquiries)” permission. Ask an administrator if you need it.',
    );
    expect(refusalFor('manager', '/cms/settings/backups')?.needs).toBe('Only administrators can open Backups.');
  });

  it('refuses the event form to staff who may read events but not change them (issue 31)', () => {
    const map = grantsMap({ events: ['read'] });
    const can = (module: Module, action: 'read' | 'write' | 'delete') => map[module][action];
    expect(screenRefusal('/cms/events', readsOf(map), false, can)).toBeNull();
    expect(screenRefusal('/cms/events/3', readsOf(map), false, can)).toBeNull();
    expect(screenRefusal('/cms/events/new', readsOf(map), false, can)?.needs).toBe(
      'Adding an event needs permission to change “Events”. Ask an administrator if you need it.',
    );
    expect(screenRefusal('/cms/events/edit/3', readsOf(map), false, can)?.needs).toBe(
      'Changing an event needs permission to change “Events”. Ask an administrator if you need it.',
    );
    const writes = grantsMap({ events: ['read', 'write'] });
    expect(screenRefusal('/cms/events/new', readsOf(writes), false, (m, a) => writes[m][a])).toBeNull();
  });

  it('opens a family read-only to those who read families, and Add family only to those who change them (issue 32)', () => {
    const map = grantsMap({ families: ['read'] });
    const can = (module: Module, action: 'read' | 'write' | 'delete') => map[module][action];
    expect(screenRefusal('/cms/families', readsOf(map), false, can)).toBeNull();
    expect(screenRefusal('/cms/families/3', readsOf(map), false, can)).toBeNull();
    expect(screenRefusal('/cms/families/new', readsOf(map), false, can)?.needs).toBe(
      'Adding a family needs permission to change “Families and children”. Ask an administrator if you need it.',
    );
    expect(menuItemForScreen('/cms/families/new')?.name).toBe('Families');
  });

  it('keeps the school profile open, read-only, to those who read the settings', () => {
    const readsSettings = readsOf(grantsMap({ blog: ['read'], settings: ['read'] }));
    expect(screenRefusal('/cms/settings/school', readsSettings, false)).toBeNull();
    expect(screenRefusal('/cms/settings/school', readsOf(grantsMap({ blog: ['read'] })), false)?.needs).toBe(
      'Opening School profile needs the “Settings” permission. Ask an administrator if you need it.',
    );
  });

  it('guards a screen by its menu entry, or its parent’s, and leaves the rest to the screen', () => {
    expect(menuItemForScreen('/cms/events/edit/3')?.name).toBe('Events');
    expect(menuItemForScreen('/cms/events/new')?.name).toBe('Events');
    expect(menuItemForScreen('/cms/users/')?.name).toBe('Users');
    expect(menuItemForScreen('/cms/settings/backups')?.name).toBe('Backups');
    expect(menuItemForScreen('/cms/blogpage')?.name).toBe('Blog');
    // The dashboard (an overview of what each may read) and the account are everyone's.
    for (const open of ['/cms', '/cms/', '/cms/account', '/cms/no-such-page']) {
      expect(menuItemForScreen(open), open).toBeUndefined();
      expect(
        screenRefusal(open, () => false, false),
        open,
      ).toBeNull();
    }
  });
});
