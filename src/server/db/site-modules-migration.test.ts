import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsUpTo, removeMigrationCopies } from '../test/migrations-up-to.ts';

// 0004 adds the website's modules (gallery, events, blog). Until then any signed-in user wrote
// content; a school that upgrades keeps that for its roles and for users with their own entries.

afterAll(removeMigrationCopies);

describe('migration 0004 (site permission modules)', () => {
  it("gives existing roles and users' own entries the three site modules, and nothing else changes", async () => {
    const client = await PGlite.create();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo(3) });
    await client.exec(`
      insert into roles (name, display_name, is_system) values ('manager', 'Manager', true), ('teacher', 'Teacher', false);
      insert into role_permissions (role_id, module, can_read) select id, 'users', true from roles where name = 'manager';
      insert into users (username, email, password_hash) values ('own', 'own@x.test', 'h'), ('plain', 'plain@x.test', 'h');
      insert into user_permissions (user_id, module, enabled, can_read) select id, 'leads', true, true from users where username = 'own';
    `);
    await migrate(db, { migrationsFolder: migrationsUpTo(4) });

    const roleRows = await client.query<{ name: string; module: string; r: boolean; w: boolean; d: boolean }>(
      `select name, module, can_read r, can_write w, can_delete d from role_permissions join roles on roles.id = role_id order by name, module`,
    );
    expect(roleRows.rows).toEqual([
      { name: 'manager', module: 'blog', r: true, w: true, d: true },
      { name: 'manager', module: 'events', r: true, w: true, d: true },
      { name: 'manager', module: 'gallery', r: true, w: true, d: true },
      { name: 'manager', module: 'users', r: true, w: false, d: false },
      { name: 'teacher', module: 'blog', r: true, w: true, d: true },
      { name: 'teacher', module: 'events', r: true, w: true, d: true },
      { name: 'teacher', module: 'gallery', r: true, w: true, d: true },
    ]);
    const userRows = await client.query<{ username: string; module: string; enabled: boolean; w: boolean }>(
      `select username, module, enabled, can_write w from user_permissions join users on users.id = user_id order by username, module`,
    );
    expect(userRows.rows).toEqual([
      { username: 'own', module: 'blog', enabled: true, w: true },
      { username: 'own', module: 'events', enabled: true, w: true },
      { username: 'own', module: 'gallery', enabled: true, w: true },
      { username: 'own', module: 'leads', enabled: true, w: false },
    ]);
    await expect(
      client.exec(`insert into user_permissions (user_id, module) select id, 'payroll' from users limit 1`),
    ).rejects.toThrow(/user_permissions_module_check/);
    await client.close();
  }, 180_000);
});
