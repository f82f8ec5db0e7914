import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { audienceBadge } from '../../../shared/schemas/audience.ts';
import type { Notice, NoticeAudienceQuery } from '../../../shared/schemas/notice.ts';
import { formatTime, formatWeekdayDate, toDatetimeLocal } from '../../../shared/dates.ts';
import type { SchoolProfile } from '../../../shared/schemas/school.ts';
import type { Db } from '../../db/client.ts';
import { children, familyContacts, newsletterSubscribers } from '../../db/schema/index.ts';
import { currentProgrammes } from '../admissions/programmes.ts';
import { startMailing } from '../mailings/mailings.service.ts';
import { getSchoolProfile } from '../site/site.service.ts';

/** Who a notice's e-mail is for: its urgency and audience. */
type Audience = Required<Pick<NoticeAudienceQuery, 'urgency' | 'audience'>> & {
  audienceBranch: string | null;
  audienceProgramme: string | null;
};

/** A child (alias `c`) of the audience: all families, a branch's, a programme's at its branch. */
function childInAudience(a: Audience): SQL {
  if (a.audience === 'branch') return sql`c.branch = ${a.audienceBranch}`;
  if (a.audience === 'programme')
    return sql`c.programme = ${a.audienceProgramme} and ${a.audienceBranch === null ? sql`c.branch is null` : sql`c.branch = ${a.audienceBranch}`}`;
  return sql`true`;
}

/** The family (its id an SQL expression) has a child of the audience who has not left by `today`. */
const familyInAudience = (familyId: SQL, a: Audience, today: string) =>
  sql`exists (select 1 from ${children} c where c.family_id = ${familyId}
    and (c.leaving_date is null or c.leaving_date >= ${today}::date) and ${childInAudience(a)})`;

/**
 * Who a notice's e-mail goes to, as one query of `email, name, subscriber_id` (the contract with
 * the mailings engine, which keeps each address once). A closure is operational: every family
 * contact with an address in the audience (children's branch and programme, children who have not
 * left), and for everyone each confirmed subscriber too. Information is the newsletter's: confirmed
 * subscribers of news, of all branches or the notice's; for a families audience only those who
 * are a contact of a family in it. `today` is the school's date (YYYY-MM-DD).
 */
export function noticeRecipients(a: Audience, today: string): SQL {
  const subscribers = sql`select s.email, null::text as name, s.id as subscriber_id from ${newsletterSubscribers} s
    where s.state = 'confirmed'`;
  if (a.urgency === 'closure') {
    const contacts = sql`select fc.email, fc.name, null::int as subscriber_id from ${familyContacts} fc
      where fc.email is not null and ${familyInAudience(sql`fc.family_id`, a, today)}`;
    return a.audience === 'everyone' ? sql`${contacts} union all ${subscribers}` : contacts;
  }
  const branch = a.audienceBranch === null ? sql`` : sql` and (s.branch is null or s.branch = ${a.audienceBranch})`;
  const ofFamilies =
    a.audience === 'everyone'
      ? sql``
      : sql` and exists (select 1 from ${familyContacts} fc where lower(fc.email) = lower(s.email)
          and ${familyInAudience(sql`fc.family_id`, a, today)})`;
  return sql`${subscribers} and 'news' = any(s.topics)${branch}${ofFamilies}`;
}

/** The school's date now, for "children who have not left". */
export const schoolToday = (school: SchoolProfile, now = new Date()) => toDatetimeLocal(now, school.timezone).slice(0, 10);

/** How many addresses an e-mail to this audience would reach now (the engine keeps each once). */
export async function countNoticeRecipients(db: Db, a: Audience): Promise<number> {
  const school = await getSchoolProfile(db);
  const result = await db.execute(
    sql`select count(distinct lower(trim(r.email))) :: int as n from (${noticeRecipients(a, schoolToday(school))}) r`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** "Families · City", "Everyone", "Subscribers to news": who the mailing went to, in words. */
async function audienceLabel(db: Db, n: Notice): Promise<string> {
  const programmes = await currentProgrammes(db);
  const group = audienceBadge(n, (key) => programmes.find((p) => p.key === key)?.name ?? key);
  if (n.urgency === 'closure') return group ?? 'Families and subscribers';
  return group ? `Subscribers to news · ${group}` : 'Subscribers to news';
}

/** The notice as an e-mail's body: its title, text, when it ends, and where to read it. */
export function noticeMessage(n: Notice, school: SchoolProfile, origin: string) {
  const until = `${formatWeekdayDate(n.endsAt, school.timezone)}, ${formatTime(n.endsAt, school.timezone)}`;
  const link = `${origin.endsWith('/') ? origin.slice(0, -1) : origin}${n.audience === 'everyone' ? '/' : '/family'}`;
  const where = n.audience === 'everyone' ? 'the school’s website' : 'the family area';
  const html = [
    `<h1 style="margin:0 0 12px;font-size:22px;line-height:1.3;color:${n.urgency === 'closure' ? '#991b1b' : '#1f2933'}">${escapeHtml(n.title)}</h1>`,
    `<p style="margin:0 0 16px">${escapeHtml(n.body).replace(/\r?\n/g, '<br>')}</p>`,
    `<p style="margin:0 0 16px;color:#52606d">This notice is shown on ${where} until ${escapeHtml(until)}.</p>`,
    `<p style="margin:0"><a href="${escapeHtml(link)}" style="color:#2f6b3a">${escapeHtml(link)}</a></p>`,
  ].join('\n');
  const text = `${n.title}\n\n${n.body}\n\nThis notice is shown on ${where} until ${until}.\n${link}`;
  return { subject: n.title, html, text };
}

/** Starts the notice's e-mail (once: a second start is the engine's 409 MAILING_EXISTS). */
export async function emailNotice(app: FastifyInstance, n: Notice, origin: string, actor: { id: number } | null) {
  const school = await getSchoolProfile(app.db);
  return startMailing(
    app,
    {
      kind: 'notice',
      sourceKey: `notice:${n.id}`,
      ...noticeMessage(n, school, origin),
      operational: n.urgency === 'closure',
      audienceLabel: await audienceLabel(app.db, n),
      siteOrigin: origin,
      createdBy: actor?.id ?? null,
    },
    noticeRecipients(n, schoolToday(school)),
  );
}
