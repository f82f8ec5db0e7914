import { useId, useState } from 'react';
import { filterSlug } from '#shared/public-lists.ts';
import { copied } from './share-button.tsx';

/** The addresses of the school's calendar feed, or one branch's (issue 34). */
export function feedLinks(origin: string, schoolName: string, branch: string | null) {
  const https = `${origin}/events.ics${branch ? `?branch=${filterSlug(branch)}` : ''}`;
  const webcal = https.replace(/^https?:\/\//, 'webcal://');
  const name = branch ? `${schoolName}: ${branch}` : schoolName;
  return {
    https,
    webcal,
    google: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`,
    outlook: `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(https)}&name=${encodeURIComponent(name)}`,
  };
}

const linkClass =
  'inline-flex min-h-11 items-center rounded-full bg-white px-4 text-sm font-bold text-slate-900 ring-1 ring-orange-200 hover:bg-brand-50';

/**
 * "Subscribe": the calendar in the visitor's own calendar app, kept up to date. Plain links (no
 * script needed); with several branches, a choice of which branch's calendar (with the whole
 * school's events), starting from the branch the list shows.
 */
export function CalendarSubscribe({
  origin,
  schoolName,
  branches,
  initialBranch,
}: {
  origin: string;
  schoolName: string;
  branches: string[];
  initialBranch: string | null;
}) {
  const [branch, setBranch] = useState(initialBranch ?? '');
  const [status, setStatus] = useState('');
  const id = useId();
  const links = feedLinks(origin, schoolName, branch || null);
  const copy = async () => setStatus((await copied(links.https)) ? 'Address copied.' : 'Select the address above and copy it.');
  return (
    <details id="subscribe" className="group rounded-3xl bg-white p-4 shadow-sm ring-1 ring-orange-100 open:p-5">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-bold text-brand-800">
        Subscribe to the calendar
        <span aria-hidden="true" className="ml-2 transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="mt-3 space-y-4">
        <p className="text-slate-700">Add our events and term dates to your calendar app: it stays up to date on its own.</p>
        {branches.length > 1 && (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-branch`} className="text-sm font-bold text-slate-800">
              Calendar for
            </label>
            <select
              id={`${id}-branch`}
              value={branch}
              onChange={(e) => {
                setBranch(e.target.value);
                setStatus('');
              }}
              className="min-h-11 max-w-xs rounded-xl border border-orange-200 bg-white px-3"
            >
              <option value="">The whole school</option>
              {branches.map((name) => (
                <option key={name} value={name}>
                  {name} (and the whole school’s)
                </option>
              ))}
            </select>
          </div>
        )}
        <ul className="flex flex-wrap gap-2" aria-label="Add to a calendar app">
          <li>
            <a href={links.webcal} className={linkClass}>
              Apple Calendar (and others)
            </a>
          </li>
          <li>
            <a href={links.google} className={linkClass} target="_blank" rel="noopener noreferrer">
              Google Calendar
            </a>
          </li>
          <li>
            <a href={links.outlook} className={linkClass} target="_blank" rel="noopener noreferrer">
              Outlook
            </a>
          </li>
        </ul>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={`${id}-address`} className="text-sm font-bold text-slate-800">
              Calendar address
            </label>
            <input
              id={`${id}-address`}
              type="url"
              readOnly
              value={links.https}
              onFocus={(e) => e.currentTarget.select()}
              className="min-h-11 w-full rounded-xl border border-orange-200 bg-amber-50 px-3 text-sm text-slate-900"
            />
          </div>
          <button type="button" onClick={copy} className={linkClass}>
            Copy the address
          </button>
        </div>
        <p role="status" className="text-sm text-slate-700">
          {status}
        </p>
      </div>
    </details>
  );
}
