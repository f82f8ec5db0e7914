import { describe, expect, it } from 'vitest';
import { ROLE_PRESETS, type Module, type SystemRole } from '../../../../../shared/permissions.ts';
import { ADMIN_MENU, isCurrentEntry, MAIN_MENU, visibleMenu } from './menu.ts';

const names = (role: SystemRole) => {
  const canRead = (module: Module) => ROLE_PRESETS[role].permissions[module].read;
  return {
    main: visibleMenu(MAIN_MENU, canRead).map((i) => i.name),
    admin: visibleMenu(ADMIN_MENU, canRead, role === 'admin').map((i) => i.name),
    settings: visibleMenu(ADMIN_MENU, canRead, role === 'admin')[0]?.submenu?.map((i) => i.name),
  };
};

// Issue 29: the built-in roles are fixed sets, and the sidebar shows only what they may open.
describe('the back-office menu of the built-in roles', () => {
  it('shows a teacher with the User role the website and, as they run events, the school year', () => {
    expect(names('user')).toEqual({
      main: ['Dashboard', 'Gallery', 'Events', 'Blog'],
      admin: ['Settings'],
      settings: ['School year'],
    });
  });

  it('shows a Manager the enquiries, the families, the notices and the settings they read, but no staff administration or backups', () => {
    expect(names('manager')).toEqual({
      main: [
        'Dashboard',
        'Gallery',
        'Events',
        'Blog',
        'Website',
        'Pages',
        'Enquiries',
        'Admissions',
        'Families',
        'Notices',
        'Mailings',
        'Newsletter',
      ],
      admin: ['Settings'],
      settings: ['Category', 'School profile', 'School year', 'Security'],
    });
  });

  it('shows an administrator everything', () => {
    expect(names('admin').admin).toEqual(['Settings', 'Users', 'Roles', 'Permissions', 'Audit log']);
    expect(names('admin').settings).toEqual(['Category', 'School profile', 'School year', 'Security', 'Backups']);
  });
});

describe('the current entry of the menu', () => {
  it('is Website on the public pages’ words, and Pages (not Website) on the school’s own pages', () => {
    expect(isCurrentEntry('/cms/website', '/cms/website')).toBe(true);
    expect(isCurrentEntry('/cms/website', '/cms/website/home')).toBe(true);
    expect(isCurrentEntry('/cms/website', '/cms/website/pages/3')).toBe(false);
    expect(isCurrentEntry('/cms/website/pages', '/cms/website/pages/3')).toBe(true);
    expect(isCurrentEntry('/cms', '/cms/events')).toBe(false);
    expect(isCurrentEntry('/cms/events', '/cms/events/edit/2')).toBe(true);
  });
});
