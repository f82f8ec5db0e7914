import { CalendarDays, DatabaseBackup, FilePen, History, Inbox, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useUser } from '#client/features/auth/api/get-user.ts';
import { useOverview } from '#client/features/overview/api/overview.ts';
import { useSchoolTimezone } from '#client/features/school/api/school.ts';
import { formatShortDate, formatTime, formatWeekdayDate } from '#shared/dates.ts';
import type { Overview } from '#shared/schemas/overview.ts';
import { ServerMessage } from '../shell/server-message.tsx';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline';

/** One part of the overview: a titled card with a link to the screen it summarises. */
function Card({
  title,
  icon: Icon,
  more,
  children,
}: {
  title: string;
  icon: LucideIcon;
  more: { href: string; label: string };
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={id} className="flex items-center gap-2 font-bold text-slate-900">
        <Icon className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
        {title}
      </h2>
      <div className="mt-3 flex-1 text-sm text-slate-700">{children}</div>
      <Link to={more.href} className={`mt-3 self-start text-sm ${linkClass}`}>
        {more.label}
      </Link>
    </section>
  );
}

/** A short list with its empty message. */
function Rows<T>({ items, empty, render }: { items: readonly T[]; empty: string; render: (item: T) => ReactNode }) {
  if (items.length === 0) return <p className="text-slate-600">{empty}</p>;
  return <ul className="divide-y divide-slate-100">{items.map(render)}</ul>;
}

function Enquiries({ data, timeZone }: { data: NonNullable<Overview['enquiries']>; timeZone: string }) {
  return (
    <Card title="New enquiries" icon={Inbox} more={{ href: '/cms/enquiries', label: 'All messages' }}>
      {/* Each lives on its own screen: contact messages on Enquiries, admissions on the board. */}
      <p className="mb-3 flex flex-wrap gap-x-6 gap-y-1 text-base">
        <Link to="/cms/enquiries?status=new" className={linkClass}>
          {count(data.newMessages, 'new message', 'new messages')}
        </Link>
        <Link to="/cms/admissions" className={linkClass}>
          {count(data.newAdmissions, 'new admission', 'new admissions')}
        </Link>
      </p>
      <Rows
        items={data.latest}
        empty="Nothing waits for an answer."
        render={(e) => (
          <li key={e.id} className="flex flex-wrap justify-between gap-x-3 py-1.5">
            <span className="font-medium text-slate-900">
              {e.name} <span className="font-normal text-slate-600">· {e.type === 'admission' ? 'admission' : 'message'}</span>
            </span>
            <time dateTime={e.createdAt} className="text-slate-600">
              {formatShortDate(e.createdAt, timeZone)}
            </time>
          </li>
        )}
      />
    </Card>
  );
}

function Events({ data, timeZone }: { data: NonNullable<Overview['events']>; timeZone: string }) {
  return (
    <Card title="Next events" icon={CalendarDays} more={{ href: '/cms/events', label: 'All events' }}>
      <Rows
        items={data.next}
        empty="No event is planned yet."
        render={(e) => (
          <li key={e.id} className="py-1.5">
            <Link to={`/cms/events/${e.id}`} className={`block ${linkClass}`}>
              {e.title}
            </Link>
            <span className="text-slate-600">
              <time dateTime={e.start_date}>
                {formatWeekdayDate(e.start_date, timeZone)}, {formatTime(e.start_date, timeZone)}
              </time>{' '}
              · {e.location}
            </span>
          </li>
        )}
      />
    </Card>
  );
}

function Drafts({ data }: { data: NonNullable<Overview['drafts']> }) {
  const { posts, galleries } = data;
  return (
    <Card
      title="Drafts"
      icon={FilePen}
      more={
        posts
          ? { href: '/cms/blog?status=draft', label: 'Draft posts' }
          : { href: '/cms/gallery?status=draft', label: 'Draft galleries' }
      }
    >
      {posts && (
        <>
          <h3 className="font-semibold text-slate-900">{count(posts.count, 'blog post', 'blog posts')} not published</h3>
          <Rows
            items={posts.latest}
            empty="None: every post is out."
            render={(p) => (
              <li key={p.id} className="py-1.5">
                <Link to={`/cms/blogpage?id=${p.id}`} className={linkClass}>
                  {p.title}
                </Link>
              </li>
            )}
          />
        </>
      )}
      {galleries && (
        <>
          <h3 className={`font-semibold text-slate-900 ${posts ? 'mt-3' : ''}`}>
            <Link to="/cms/gallery?status=draft" className={linkClass}>
              {count(galleries.count, 'gallery', 'galleries')} not published
            </Link>
          </h3>
          <Rows
            items={galleries.latest}
            empty="None: every gallery is out."
            render={(g) => (
              <li key={g.id} className="py-1.5 text-slate-800">
                {g.title}
              </li>
            )}
          />
        </>
      )}
    </Card>
  );
}

function Backup({ data, timeZone }: { data: NonNullable<Overview['backup']>; timeZone: string }) {
  const { last, dailyOn, stale } = data;
  return (
    <Card title="Backups" icon={DatabaseBackup} more={{ href: '/cms/settings/backups', label: 'Open Backups' }}>
      {last ? (
        <p>
          Last backup:{' '}
          <time dateTime={last.createdAt} className="font-semibold text-slate-900">
            {formatShortDate(last.createdAt, timeZone)}, {formatTime(last.createdAt, timeZone)}
          </time>
        </p>
      ) : (
        <p className="font-semibold text-red-800">No backup has been made on this server yet.</p>
      )}
      {last && stale && <p className="mt-1 font-semibold text-red-800">That is more than two days ago.</p>}
      <p className="mt-1">{dailyOn ? 'Daily backups are on.' : 'Daily backups are off.'}</p>
    </Card>
  );
}

function Activity({ data, timeZone }: { data: NonNullable<Overview['activity']>; timeZone: string }) {
  return (
    <Card title="Recent activity" icon={History} more={{ href: '/cms/audit', label: 'Open the audit log' }}>
      <Rows
        items={data}
        empty="Nothing yet."
        render={(e) => (
          <li key={e.id} className="py-1.5">
            <span className="text-slate-900">{e.summary}</span>
            <span className="block text-slate-600">
              {e.username ? `@${e.username}` : 'Nobody signed in'} ·{' '}
              <time dateTime={e.createdAt}>
                {formatShortDate(e.createdAt, timeZone)}, {formatTime(e.createdAt, timeZone)}
              </time>
            </span>
          </li>
        )}
      />
    </Card>
  );
}

/**
 * /cms (issue 31): what needs doing, at a glance. Each part shows only for staff whose permissions
 * let them read it, from one request (GET /api/overview); the gallery list is under Gallery.
 */
export default function OverviewScreen() {
  const overview = useOverview();
  const timeZone = useSchoolTimezone() ?? 'UTC';
  const firstName = useUser().data?.firstName;
  const data = overview.data;
  const empty = data && Object.keys(data).length === 0;
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold text-slate-900">{firstName ? `Welcome, ${firstName}` : 'Welcome'}</h1>
      <p className="text-sm text-slate-600">What is new, what is coming and what is waiting to be published.</p>
      {overview.isError && <ServerMessage error={overview.error} />}
      {overview.isPending && (
        <p role="status" className="mt-8 text-center text-slate-600">
          Loading...
        </p>
      )}
      {empty && (
        <p className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 text-center text-slate-700">
          Your account has no access to the back office yet. Ask an administrator.
        </p>
      )}
      {data && !empty && (
        <div className="mt-6 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {data.enquiries && <Enquiries data={data.enquiries} timeZone={timeZone} />}
          {data.events && <Events data={data.events} timeZone={timeZone} />}
          {data.drafts && <Drafts data={data.drafts} />}
          {data.backup && <Backup data={data.backup} timeZone={timeZone} />}
          {data.activity && <Activity data={data.activity} timeZone={timeZone} />}
        </div>
      )}
    </div>
  );
}
