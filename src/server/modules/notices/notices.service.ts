import { and, asc, desc, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Notice, NoticeBanner, NoticeState, NoticeValues } from '../../../shared/schemas/notice.ts';
import type { Db } from '../../db/client.ts';
import { mailings, notices } from '../../db/schema/index.ts';
import { audienceOf, checkAudience } from '../families/audience.ts';
import { forFamiliesOf, type FamilyGroup } from '../families/family-content.ts';

type NoticeRow = typeof notices.$inferSelect;

/** Ended notices the list shows: the latest ones (the others stay for the audit log's numbers). */
const ENDED_SHOWN = 50;

export function noticeState(n: Pick<NoticeRow, 'published' | 'startsAt' | 'endsAt'>, now = Date.now()): NoticeState {
  if (n.endsAt.getTime() <= now) return 'ended';
  if (!n.published) return 'draft';
  return n.startsAt.getTime() > now ? 'scheduled' : 'live';
}

const mailingOf = sql`'notice:' || ${notices.id}`;
const selectNotices = (db: Db) =>
  db
    .select({ notice: notices, mailingId: mailings.id, mailingState: mailings.state })
    .from(notices)
    .leftJoin(mailings, eq(mailings.sourceKey, mailingOf));

function toDto(row: { notice: NoticeRow; mailingId: number | null; mailingState: string | null }, now = Date.now()): Notice {
  const n = row.notice;
  return {
    id: n.id,
    title: n.title,
    body: n.body,
    urgency: n.urgency,
    audience: n.audience,
    audienceBranch: n.audienceBranch,
    audienceProgramme: n.audienceProgramme,
    published: n.published,
    state: noticeState(n, now),
    startsAt: n.startsAt.toISOString(),
    endsAt: n.endsAt.toISOString(),
    mailing: row.mailingId === null ? null : { id: row.mailingId, state: row.mailingState! },
    createdAt: n.createdAt.toISOString(),
    updatedAt: n.updatedAt.toISOString(),
  };
}

/** Notices not over (drafts, scheduled, live), ending soonest first, then the latest ended ones. */
export async function listNotices(db: Db, now = new Date()): Promise<Notice[]> {
  const [current, ended] = await Promise.all([
    selectNotices(db).where(gt(notices.endsAt, now)).orderBy(asc(notices.endsAt), asc(notices.id)),
    selectNotices(db).where(lte(notices.endsAt, now)).orderBy(desc(notices.endsAt), desc(notices.id)).limit(ENDED_SHOWN),
  ]);
  return [...current, ...ended].map((row) => toDto(row, now.getTime()));
}

export async function getNotice(db: Db, id: number): Promise<Notice | null> {
  const [row] = await selectNotices(db).where(eq(notices.id, id));
  return row ? toDto(row) : null;
}

async function columnsOf(db: Db, values: NoticeValues, current?: Notice) {
  const audience = await checkAudience(db, audienceOf(values, current));
  return {
    title: values.title,
    body: values.body,
    urgency: values.urgency,
    ...audience,
    ...(values.published === undefined ? {} : { published: values.published }),
    // A start left out is now: the row's default on insert; an edit without one starts it now too.
    startsAt: values.startsAt ? new Date(values.startsAt) : current ? new Date() : undefined,
    endsAt: new Date(values.endsAt),
  };
}

export async function createNotice(db: Db, values: NoticeValues, actor: { id: number } | null): Promise<Notice> {
  const columns = await columnsOf(db, values);
  const [row] = await db
    .insert(notices)
    .values({ ...columns, createdBy: actor?.id ?? null, updatedBy: actor?.id ?? null })
    .returning({ id: notices.id });
  return (await getNotice(db, row!.id))!;
}

/** Replaces a notice's words, audience and times; `current` is the notice as it was. */
export async function updateNotice(db: Db, current: Notice, values: NoticeValues, actor: { id: number } | null): Promise<Notice> {
  // Its start stays where it was when it has started already and none is sent.
  const startsAt = values.startsAt ?? (Date.parse(current.startsAt) <= Date.now() ? current.startsAt : null);
  const columns = await columnsOf(db, { ...values, startsAt }, current);
  await db
    .update(notices)
    .set({ ...columns, updatedBy: actor?.id ?? null, updatedAt: new Date() })
    .where(eq(notices.id, current.id));
  return (await getNotice(db, current.id))!;
}

export async function deleteNotice(db: Db, id: number): Promise<void> {
  await db.delete(notices).where(eq(notices.id, id));
}

const bannerColumns = {
  id: notices.id,
  title: notices.title,
  body: notices.body,
  urgency: notices.urgency,
  branch: sql<string | null>`case when ${notices.audience} = 'branch' then ${notices.audienceBranch} end`,
  startsAt: notices.startsAt,
  endsAt: notices.endsAt,
};
type BannerRow = Omit<NoticeBanner, 'startsAt' | 'endsAt'> & { startsAt: Date; endsAt: Date };
const toBanner = (r: BannerRow): NoticeBanner => ({
  ...r,
  startsAt: r.startsAt.toISOString(),
  endsAt: r.endsAt.toISOString(),
});
/** Closures first, then the latest to start. */
const bannerOrder = [sql`${notices.urgency} = 'closure' desc`, desc(notices.startsAt), desc(notices.id)];

/**
 * The public site's notices not over at `now` (live and scheduled): what a page's render keeps in
 * memory between writes (liveBanners picks those showing at the moment it draws). Those for
 * everyone, and a branch's closure too: a parent or a visitor on the way to a closed branch must
 * see it, and it says nothing private (the e-mail still goes to that branch's families only).
 */
export async function publicNoticesToCome(db: Db, now = new Date()): Promise<NoticeBanner[]> {
  const rows = await db
    .select(bannerColumns)
    .from(notices)
    .where(
      and(
        eq(notices.published, true),
        or(eq(notices.audience, 'everyone'), and(eq(notices.urgency, 'closure'), eq(notices.audience, 'branch'))),
        gt(notices.endsAt, now),
      ),
    )
    .orderBy(...bannerOrder)
    .limit(20);
  return rows.map(toBanner);
}

/** The banners showing at `now`: started, not ended. */
export const liveBanners = (banners: NoticeBanner[], now = Date.now()) =>
  banners.filter((b) => Date.parse(b.startsAt) <= now && now < Date.parse(b.endsAt));

const showing = (now: Date): SQL => and(eq(notices.published, true), lte(notices.startsAt, now), gt(notices.endsAt, now))!;

/** The notices a family sees in the family area at `now`: the public ones and those for its groups. */
export async function familyBanners(db: Db, groups: FamilyGroup[], now = new Date()): Promise<NoticeBanner[]> {
  const rows = await db
    .select(bannerColumns)
    .from(notices)
    .where(and(showing(now), or(eq(notices.audience, 'everyone'), forFamiliesOf(notices, groups))))
    .orderBy(...bannerOrder)
    .limit(20);
  return rows.map(toBanner);
}

/** The next time after `now` a published notice starts or ends, or null when none will. */
export async function nextNoticeChange(db: Db, now = new Date()): Promise<Date | null> {
  const [row] = await db
    .select({
      at: sql<
        string | Date | null
      >`min(case when ${notices.startsAt} > ${now.toISOString()}::timestamptz then ${notices.startsAt} else ${notices.endsAt} end)`,
    })
    .from(notices)
    .where(and(eq(notices.published, true), gt(notices.endsAt, now)));
  const at = row?.at;
  return at ? new Date(at) : null;
}
