import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { categories, enquiries, events, galleries, posts, userPermissions } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { TABLES_NOT_KEPT } from '../modules/backups/archive-format.ts';
import { ident, tableShapes } from '../modules/backups/database-dump.ts';
import { rowsOf } from '../modules/backups/schema-history.ts';
import { storeImage } from '../modules/media/media.service.ts';
import { seedSampleContent } from '../modules/sample/sample-content.ts';
import { pngBytes } from './content-factories.ts';

export interface SchoolSize {
  posts: number;
  events: number;
  galleries: number;
  enquiries: number;
  staff: number;
}

export const FULL_SCHOOL: SchoolSize = { posts: 500, events: 200, galleries: 50, enquiries: 100, staff: 6 };

/**
 * Years of a school in one go: the installer's sample content, then posts, events, galleries with
 * their own uploaded images, enquiries, custom roles and staff with their own passwords and
 * permissions. Returns the staff's passwords to sign in with afterwards.
 */
export async function seedSchool(db: Db, dataDir: string, adminId: number, size: SchoolSize = FULL_SCHOOL) {
  await seedSampleContent(db, { dataDir, adminId });
  const [category] = await db.insert(categories).values({ name: 'Festivals' }).returning();
  const images: string[] = [];
  for (let i = 0; i < size.galleries; i++) {
    const png = await pngBytes(48 + (i % 7), 32 + (i % 5), `#${(0x203040 + i * 0x030507).toString(16).slice(-6)}`);
    images.push((await storeImage(db, dataDir, png, { id: adminId })).url);
  }
  const day = 24 * 3600_000;
  const start = Date.UTC(2024, 0, 1);
  const galleryRows = await db
    .insert(galleries)
    .values(
      images.map((url, i) => ({
        title: `Gallery ${i} — Diwali & Holi «${i}»`,
        description: `Photos of day ${i}\nsecond line`,
        images: [url, images[(i + 1) % images.length]!],
        thumbnail: url,
        published: i % 3 !== 0,
        createdBy: adminId,
      })),
    )
    .returning({ id: galleries.id });
  await db.insert(events).values(
    Array.from({ length: size.events }, (_, i) => ({
      slug: `event-${i}`,
      title: `Event ${i}: "Sports" day`,
      description: `<p>Event ${i} ✨ with emoji 🎉 and 'quotes'</p>`,
      categoryId: category!.id,
      location: i % 2 ? 'Main branch' : 'Lake branch',
      startDate: new Date(start + i * day + 123),
      endDate: i % 4 ? new Date(start + i * day + 3 * 3600_000) : null,
      status: (['upcoming', 'ongoing', 'completed'] as const)[i % 3],
      galleryId: i < galleryRows.length ? galleryRows[i]!.id : null,
      coverImage: images[i % images.length],
      createdBy: adminId,
    })),
  );
  await db.insert(posts).values(
    Array.from({ length: size.posts }, (_, i) => ({
      title: `Post ${i} – learning through play`,
      slug: `post-${i}`,
      excerpt: i % 5 ? `Excerpt ${i}` : '',
      content: `<h2>Week ${i}</h2><p>${'Children painted leaves. '.repeat(20 + (i % 30))}</p><img src="${images[i % images.length]}">`,
      status: i % 4 ? ('published' as const) : ('draft' as const),
      tags: i % 3 ? ['art', `week-${i % 52}`] : [],
      authorId: adminId,
      publishedAt: i % 4 ? new Date(start + i * 3600_000 + 456) : null,
      coverImage: i % 2 ? images[i % images.length] : null,
    })),
  );
  await db.insert(enquiries).values(
    Array.from({ length: size.enquiries }, (_, i) => ({
      type: i % 2 ? ('admission' as const) : ('contact' as const),
      name: `Parent ${i}`,
      email: `parent${i}@family.test`,
      phone: i % 3 ? `+91 98765 ${String(10000 + i)}` : null,
      message: `We would like to visit.\nChild ${i} is ${2 + (i % 4)}.`,
      details: (i % 2 ? { childName: `Child ${i}`, birthDate: '2022-03-01', department: 'nursery' } : {}) as Record<
        string,
        string
      >,
      status: i % 5 ? ('new' as const) : ('handled' as const),
      handledAt: i % 5 ? null : new Date(start + i * day),
      handledBy: i % 5 ? null : adminId,
      mailState: 'not_configured' as const,
      ip: `10.0.0.${i % 250}`,
    })),
  );

  await db.execute(sql`insert into roles (name, display_name, description, created_by)
    values ('teacher', 'Teacher', 'Writes the blog', ${adminId}), ('office', 'Office', null, ${adminId}),
           ('gallery_keeper', 'Gallery keeper', 'Photos only', ${adminId})`);
  await db.execute(sql`insert into role_permissions (role_id, module, can_read, can_write, can_delete)
    select r.id, m.module, true, r.name <> 'office', r.name = 'gallery_keeper'
    from roles r cross join (values ('blog'), ('gallery'), ('leads')) as m(module) where not r.is_system`);
  const staff: { username: string; password: string }[] = [];
  const roleNames = ['teacher', 'office', 'gallery_keeper', 'manager', 'user', null];
  for (let i = 0; i < size.staff; i++) {
    const username = `staff${i}`;
    const password = `pass-${i}-${'x'.repeat(i)}-wörd`;
    const role = roleNames[i % roleNames.length];
    const [user] = await rowsOf<{ id: number }>(
      db,
      sql`insert into users (username, email, password_hash, first_name, last_name, role_id, status, created_by)
          values (${username}, ${`${username}@school.test`}, ${await hashPassword(password)}, ${`Staff ${i}`}, 'Ñoño',
                  (select id from roles where name = ${role}), 'active', ${adminId}) returning id`,
    );
    if (i % 2 === 0) {
      await db
        .insert(userPermissions)
        .values({ userId: user!.id, module: 'events', enabled: true, canRead: true, canWrite: true });
    }
    staff.push({ username, password });
  }
  return { staff };
}

/** Every kept table as its rows' JSON, in primary key order: two databases hold the same data when these are equal. */
export async function snapshotTables(db: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx.execute(sql`set local timezone = 'UTC'`);
    for (const shape of await tableShapes(tx)) {
      if (TABLES_NOT_KEPT.has(shape.name)) continue;
      const order = (shape.primaryKey.length ? shape.primaryKey : shape.columns).map(ident).join(', ');
      const rows = await rowsOf<{ j: string }>(
        tx,
        sql.raw(`select row_to_json(t)::text as j from public.${ident(shape.name)} t order by ${order}`),
      );
      out[shape.name] = rows.map((r) => r.j);
    }
  });
  return out;
}

/** Every file under a folder with its sha256. */
export function snapshotFiles(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const name of readdirSync(join(dir, rel))) {
      const path = join(dir, rel, name);
      if (statSync(path).isDirectory()) walk(join(rel, name));
      else out[join(rel, name)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk('');
  return out;
}
