import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './_columns.ts';
import { galleries } from './content.ts';
import { children } from './families.ts';

/**
 * The children tagged in a gallery's photos (issue 32): `photo` is the URL as `galleries.images`
 * stores it. Goes with the gallery and with the child.
 */
export const galleryPhotoChildren = pgTable(
  'gallery_photo_children',
  {
    galleryId: integer('gallery_id')
      .notNull()
      .references(() => galleries.id, { onDelete: 'cascade' }),
    photo: text('photo').notNull(),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'gallery_photo_children_pkey', columns: [t.galleryId, t.photo, t.childId] }),
    index('gallery_photo_children_child_idx').on(t.childId),
  ],
);
