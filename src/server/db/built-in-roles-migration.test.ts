import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MODULES, ROLE_PRESETS } from '../../shared/permissions.ts';
import { rowsToMap } from '../modules/auth/permissions.service.ts';
import { MIGRATIONS_DIR } from './client.ts';
import { migrationsUpTo, removeMigrationCopies } from '../test/migrations-up-to.ts';

// 0010 (issue 29): the built-in Manager and User roles had every switch on; an install made before
// gets their fixed sets, and a note for the administrators of whom it changed.

afterAll(removeMigrationCopies);

// The modules as they were at 0009 (0012 adds `website`, 0015 `families`).
const LATER = ['website', 'families', 'notices'];
const modules = MODULES.filter((m) => !LATER.includes(m))
  .map((m) => `('${m}')`)
  .join(', ');

describe('migration 0010 (built-in role sets)', () => {
  it('gives Manager and User their fixed sets, and notes who had every permission through them', async () => {
    const client = await PGlite.create();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo(9) });
    // An install as the old wizard made it: every system role with every switch on.
    await client.exec(`
      insert into roles (name, display_name, is_system) values
        ('admin', 'Administrator', true), ('manager', 'Manager', true), ('user', 'User', true), ('teacher', 'Teacher', false);
      insert into role_permissions (role_id, module, can_read, can_write, can_delete)
        select roles.id, m.module, true, true, true from roles cross join (values ${modules}) as m(module);
      insert into users (username, email, password_hash, role_id, first_name) values
        ('asha', 'asha@x.test', 'h', (select id from roles where name = 'user'), 'Asha'),
        ('bina', 'bina@x.test', 'h', (select id from roles where name = 'manager'), 'Bina'),
        ('copied', 'copied@x.test', 'h', (select id from roles where name = 'user'), 'Copy'),
        ('narrow', 'narrow@x.test', 'h', (select id from roles where name = 'user'), 'Nora'),
        ('boss', 'boss@x.test', 'h', (select id from roles where name = 'admin'), 'Boss'),
        ('custom', 'custom@x.test', 'h', (select id from roles where name = 'teacher'), 'Cus');
      insert into user_permissions (user_id, module, enabled, can_read, can_write, can_delete)
        select users.id, m.module, true, true, true, true from users cross join (values ${modules}) as m(module)
        where username = 'copied';
      insert into user_permissions (user_id, module, enabled, can_read) select id, 'leads', true, true from users where username = 'narrow';
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

    const rows = await client.query<{
      name: string;
      module: (typeof MODULES)[number];
      canRead: boolean;
      canWrite: boolean;
      canDelete: boolean;
    }>(
      `select name, module, can_read "canRead", can_write "canWrite", can_delete "canDelete"
       from role_permissions join roles on roles.id = role_id`,
    );
    const roleMap = (name: string) => rowsToMap(rows.rows.filter((r) => r.name === name));
    expect(roleMap('manager')).toEqual(ROLE_PRESETS.manager.permissions);
    expect(roleMap('user')).toEqual(ROLE_PRESETS.user.permissions);
    expect(roleMap('admin')).toEqual(ROLE_PRESETS.admin.permissions);
    // A custom role keeps its switches (0012 adds `website` to it off, 0015 `families`).
    const teacher = roleMap('teacher');
    expect(MODULES.filter((m) => !LATER.includes(m)).every((m) => teacher[m].read && teacher[m].write && teacher[m].delete)).toBe(
      true,
    );
    expect(rows.rows.filter((r) => r.name === 'user')).toHaveLength(MODULES.length);

    const own = await client.query<{ username: string; n: number }>(
      `select username, count(*)::int n from user_permissions join users on users.id = user_id
       where module not in ('website', 'families', 'notices') group by username order by username`,
    );
    expect(own.rows).toEqual([{ username: 'narrow', n: 1 }]);

    const notice = await client.query<{ value: { changedAt: string; affected: Array<Record<string, unknown>> } }>(
      `select value from settings where key = 'built_in_roles_notice'`,
    );
    expect(notice.rows[0]!.value.affected).toEqual([
      { id: 1, username: 'asha', firstName: 'Asha', lastName: '', role: 'user' },
      { id: 2, username: 'bina', firstName: 'Bina', lastName: '', role: 'manager' },
      { id: 3, username: 'copied', firstName: 'Copy', lastName: '', role: 'user' },
    ]);
    await client.close();
  }, 60_000);

  it('changes nothing and notes nothing in a database not yet installed', async () => {
    const client = await PGlite.create();
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    expect((await client.query(`select * from settings`)).rows).toEqual([]);
    await client.close();
  }, 60_000);
});
