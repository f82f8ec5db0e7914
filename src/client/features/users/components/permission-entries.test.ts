import { describe, expect, it } from 'vitest';
import { MODULES, permissionMap } from '../../../../shared/permissions.ts';
import { completeEntries, enabledOnly, entriesForRole, hasFullAccess, setAction, setEnabled } from './permission-entries.ts';

const none = completeEntries([]);
const entryOf = (list: ReturnType<typeof completeEntries>, module: string) => list.find((e) => e.module === module)!;

describe('permission entries of the permissions dialog', () => {
  it('lists every module once, in the grid order, off unless the server said otherwise', () => {
    const list = completeEntries([{ module: 'blog', enabled: true, canRead: true, canWrite: false, canDelete: false }]);
    expect(list.map((e) => e.module)).toEqual([...MODULES]);
    expect(entryOf(list, 'blog')).toMatchObject({ enabled: true, canRead: true });
    expect(entryOf(list, 'events')).toMatchObject({ enabled: false, canRead: false, canWrite: false, canDelete: false });
  });

  it('switches a module on when Read, Write or Delete is chosen, and off with the last one', () => {
    let list = setAction(none, 'events', 'delete', true);
    expect(entryOf(list, 'events')).toMatchObject({ enabled: true, canDelete: true, canRead: false });
    list = setAction(list, 'events', 'delete', false);
    expect(entryOf(list, 'events').enabled).toBe(false);
  });

  it("gives read when a module's switch goes on, and takes everything when it goes off", () => {
    let list = setEnabled(none, 'gallery', true);
    expect(entryOf(list, 'gallery')).toMatchObject({ enabled: true, canRead: true, canWrite: false });
    list = setAction(list, 'gallery', 'write', true);
    list = setEnabled(list, 'gallery', false);
    expect(entryOf(list, 'gallery')).toMatchObject({ enabled: false, canRead: false, canWrite: false, canDelete: false });
  });

  it('sends only the enabled modules', () => {
    const list = setAction(setAction(none, 'blog', 'write', true), 'events', 'read', true);
    expect(enabledOnly(list).map((e) => e.module)).toEqual(['events', 'blog']);
  });

  it('computes the set of a role: admin everything, another role its stored permissions, none nothing', () => {
    const admin = entriesForRole({ name: 'admin', permissions: {} });
    expect(hasFullAccess(admin)).toBe(true);
    const teacher = entriesForRole({
      name: 'teacher',
      permissions: {
        ...permissionMap(() => ({ read: false, write: false, delete: false })),
        blog: { read: true, write: true, delete: false },
      },
    });
    expect(enabledOnly(teacher)).toEqual([{ module: 'blog', enabled: true, canRead: true, canWrite: true, canDelete: false }]);
    expect(hasFullAccess(teacher)).toBe(false);
    expect(enabledOnly(entriesForRole(null))).toEqual([]);
  });
});
