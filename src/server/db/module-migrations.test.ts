import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MODULES, ROLE_PRESETS, type Module } from '../../shared/permissions.ts';
import { ownEntries, ownRows, presetRows, rolePermissionMaps } from '../test/module-migration.ts';
import { MIGRATIONS_DIR } from './client.ts';
import { migrationsUpTo, removeMigrationCopies } from '../test/migrations-up-to.ts';

// A module added to the permission grid by a migration: 0015 (issue 32) `families`, 0020 (issue 33)
// `notices`. The built-in roles gain it as their presets say (Administrator every action, Manager
// what ROLE_PRESETS gives it, User none), custom roles get it off; staff whose own entries are their
// role's set follow the role.

afterAll(removeMigrationCopies);

const ADDED = [
  { migration: 15, module: 'families', later: ['notices'], manager: { read: true, write: true, delete: false } },
  { migration: 20, module: 'notices', later: [], manager: { read: true, write: true, delete: true } },
] as const satisfies readonly { migration: number; module: Module; later: readonly Module[]; manager: object }[];

describe.each(ADDED)('migration $migration (the $module module)', ({ migration, module, later, manager }) => {
  const OLD_MODULES = MODULES.filter((m) => m !== module && !(later as readonly Module[]).includes(m));
  const presets = (role: 'admin' | 'manager' | 'user') => presetRows(OLD_MODULES, role);
  const own = (username: string, role: 'admin' | 'manager' | 'user') => ownRows(OLD_MODULES, username, role);

  it('gives Administrator every action, Manager its preset, User and custom roles none; own entries follow their role', async () => {
    const client = await PGlite.create();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo(migration - 1) });
    await client.exec(`
      insert into roles (name, display_name, is_system) values
        ('admin', 'Administrator', true), ('manager', 'Manager', true), ('user', 'User', true), ('teacher', 'Teacher', false);
      insert into role_permissions (role_id, module, can_read, can_write, can_delete) values
        ${presets('admin')}, ${presets('manager')}, ${presets('user')};
      insert into role_permissions (role_id, module, can_read, can_write, can_delete)
        select id, 'blog', true, true, true from roles where name = 'teacher';
      insert into users (username, email, password_hash, role_id) values
        ('ada', 'ada@x.test', 'h', (select id from roles where name = 'admin')),
        ('mina', 'mina@x.test', 'h', (select id from roles where name = 'manager')),
        ('narrowed', 'narrowed@x.test', 'h', (select id from roles where name = 'manager')),
        ('rolefree', 'rolefree@x.test', 'h', (select id from roles where name = 'manager')),
        ('tara', 'tara@x.test', 'h', (select id from roles where name = 'user'));
      insert into user_permissions (user_id, module, enabled, can_read, can_write, can_delete) values
        ${own('ada', 'admin')}, ${own('mina', 'manager')}, ${own('narrowed', 'manager')}, ${own('tara', 'user')};
      update user_permissions set can_delete = false
        where module = 'website' and user_id = (select id from users where username = 'narrowed');
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

    const { roleMap, rowsOfModule } = await rolePermissionMaps(client, module);
    expect(roleMap('admin')).toEqual(ROLE_PRESETS.admin.permissions);
    expect(roleMap('manager')).toEqual(ROLE_PRESETS.manager.permissions);
    expect(roleMap('user')).toEqual(ROLE_PRESETS.user.permissions);
    expect(roleMap('manager')[module]).toEqual(manager);
    expect(roleMap('teacher')[module]).toEqual({ read: false, write: false, delete: false });
    expect(roleMap('teacher').blog).toEqual({ read: true, write: true, delete: true });
    expect(rowsOfModule).toBe(4);

    expect(await ownEntries(client, module)).toEqual([
      { username: 'ada', enabled: true, r: true, w: true, d: true },
      { username: 'mina', enabled: true, r: manager.read, w: manager.write, d: manager.delete },
      { username: 'narrowed', enabled: false, r: false, w: false, d: false },
      { username: 'tara', enabled: false, r: false, w: false, d: false },
    ]);
    await expect(
      client.exec(`insert into user_permissions (user_id, module) select id, 'payroll' from users limit 1`),
    ).rejects.toThrow(/user_permissions_module_check/);
    await client.close();
  }, 180_000);
});
