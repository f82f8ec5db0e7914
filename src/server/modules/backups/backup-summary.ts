import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import type { Manifest } from './archive-format.ts';
import { rowsOf } from './schema-history.ts';

/**
 * What a person restoring wants to know the backup holds (issue 31): the school's name and clock,
 * and how many posts, events, staff accounts and gallery photos, (issue 32) families, children
 * and children's tags in photos, and (issue 33) newsletter subscribers. Read inside the dump's snapshot, so the numbers are the rows the
 * archive carries.
 */
export async function backupSummary(tx: Db): Promise<Required<Pick<Manifest, 'school' | 'counts'>>> {
  const school = await getSchoolProfile(tx);
  // A database still at an older schema (a restore brought forward step by step) has no families yet.
  const [{ families, newsletter } = { families: false, newsletter: false }] = await rowsOf<{
    families: boolean;
    newsletter: boolean;
  }>(
    tx,
    sql`select to_regclass('gallery_photo_children') is not null as families,
               to_regclass('newsletter_subscribers') is not null as newsletter`,
  );
  const familyCounts = families
    ? sql`, (select count(*) from families)::int as families,
          (select count(*) from children)::int as children,
          (select count(*) from gallery_photo_children)::int as "photoTags"`
    : sql``;
  const subscriberCount = newsletter ? sql`, (select count(*) from newsletter_subscribers)::int as subscribers` : sql``;
  const [counts] = await rowsOf<Required<Manifest>['counts']>(
    tx,
    sql`select (select count(*) from posts)::int as posts,
               (select count(*) from events)::int as events,
               (select count(*) from users)::int as staff,
               (select coalesce(sum(cardinality(images)), 0) from galleries)::int as photos ${familyCounts} ${subscriberCount}`,
  );
  return {
    school: { name: school.name, timezone: school.timezone },
    counts: counts ?? { posts: 0, events: 0, staff: 0, photos: 0, families: 0, children: 0, photoTags: 0 },
  };
}
