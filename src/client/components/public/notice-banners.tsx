import { useEffect, useState } from 'react';
import { formatTime, formatWeekdayDate } from '#shared/dates.ts';
import type { NoticeBanner } from '#shared/schemas/notice.ts';

/** setTimeout's longest wait (about 24 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The school's notices showing now (issue 33), under the header: a closure in strong red, other
 * news calmer. Each is a region named by its title, not an alert (it is part of the page, not a
 * change to it). Drawn by the server; in the browser, one that ends while the page is open goes.
 */
export function NoticeBanners({
  notices,
  timeZone,
  width = 'max-w-6xl',
}: {
  notices: NoticeBanner[];
  timeZone: string;
  /** The page's column: the banner's words line up with the header's. */
  width?: string;
}) {
  // null until the first end passes: hydration draws what the server drew.
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const ends = notices.map((n) => Date.parse(n.endsAt)).filter((end) => now === null || end > now);
    if (!ends.length) return;
    const wait = Math.max(0, Math.min(Math.min(...ends) - Date.now(), MAX_TIMER_MS));
    const timer = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(timer);
  }, [notices, now]);
  const shown = now === null ? notices : notices.filter((n) => Date.parse(n.endsAt) > now);
  if (shown.length === 0) return null;
  return (
    <div>
      {shown.map((n) => (
        <Banner key={n.id} notice={n} timeZone={timeZone} width={width} />
      ))}
    </div>
  );
}

function Banner({ notice, timeZone, width }: { notice: NoticeBanner; timeZone: string; width: string }) {
  const closure = notice.urgency === 'closure';
  const titleId = `notice-${notice.id}`;
  return (
    <section
      aria-labelledby={titleId}
      className={closure ? 'bg-red-800 text-white' : 'border-b border-amber-200 bg-amber-50 text-slate-900'}
    >
      <div className={`mx-auto ${width} px-4 py-3`}>
        <p className={`text-xs font-bold tracking-wide uppercase ${closure ? 'text-red-50' : 'text-amber-900'}`}>
          {`${closure ? 'Closure notice' : 'Notice'}${notice.branch ? ` · ${notice.branch}` : ''}`}
        </p>
        {/* A region named by its title, not a heading: the page's first heading is its own h1. */}
        <p id={titleId} className="text-lg font-extrabold leading-snug">
          {notice.title}
        </p>
        <p className="mt-1 whitespace-pre-line">{notice.body}</p>
        <p className={`mt-1 text-sm ${closure ? 'text-red-50' : 'text-slate-700'}`}>
          Until {formatWeekdayDate(notice.endsAt, timeZone)}, {formatTime(notice.endsAt, timeZone)}
        </p>
      </div>
    </section>
  );
}
