import { createContext, useContext, type ReactNode } from 'react';
import { Logo } from '#client/components/layout/logo.tsx';
import { NoticeBanners } from '#client/components/public/notice-banners.tsx';
import type { NoticeBanner } from '#shared/schemas/notice.ts';
import { formatLongDate, formatTime, formatWeekdayDate } from '#shared/dates.ts';

/**
 * The family area's pages (issue 32, docs/decisions/0028-family-area-and-private-media.md): drawn on the server
 * only (renderToStaticMarkup) with the public site's stylesheet, and no script: forms post and
 * links navigate, so they work on any phone, with a keyboard and a screen reader.
 */

export interface FamilySchool {
  name: string;
  timeZone: string;
}

export interface FamilyViewer {
  name: string;
  familyName: string;
}

export interface FamilyGalleryCard {
  id: number;
  title: string;
  description: string;
  /** Where it is shown: "All families", "City branch", "Pre-school at City"... */
  audienceLabel: string;
  photoCount: number;
  /** A signed link of the first photo's small size, or null. */
  cover: string | null;
  coverAlt: string;
  updatedAt: string;
}

/** A post for families (or one of the school's), as the family area lists it. */
export interface FamilyPostItem {
  title: string;
  slug: string;
  excerpt: string;
  publishedAt: string | null;
}

/** An event coming up: the school's public ones and those for the family's groups. */
export interface FamilyEventItem {
  title: string;
  startDate: string;
  location: string;
  /** For families only (not on the public site). */
  forFamilies: boolean;
  /** The public event page, for a public event. */
  href: string | null;
}

/** The private calendar: whether the parent has an address, and the one just made (shown once). */
export interface FamilyCalendar {
  active: boolean;
  /** https address just made; null otherwise. */
  address: string | null;
}

export interface FamilyPhoto {
  /** Signed links: the small size for the grid, a large one to open. */
  src: string;
  srcSet: string;
  full: string;
  alt: string;
  caption: string;
}

export interface FamilyChildView {
  id: number;
  name: string;
  birthDate: string;
  programmeName: string;
  branch: string | null;
  startDate: string | null;
  leavingDate: string | null;
  consents: { website: boolean; families: boolean; none: boolean };
  /** When each consent was last recorded, and by whom, in words. */
  consentNotes: string[];
}

/** The school's notices for the signed-in family (issue 33), shown under the header of every page. */
export const FamilyNotices = createContext<NoticeBanner[]>([]);

const NAV = [
  { href: '/family', label: 'Home' },
  { href: '/family/children', label: 'Children and consent' },
  { href: '/family/newsletter', label: 'Newsletter' },
] as const;

const button =
  'inline-flex min-h-11 items-center justify-center rounded-full bg-leaf-700 px-5 py-2.5 font-bold text-white hover:bg-leaf-500 focus-visible:outline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700';
const quietButton =
  'inline-flex min-h-11 items-center rounded-full px-4 py-2 font-semibold text-slate-700 underline hover:text-brand-700 focus-visible:outline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

/** The frame of every family page: the school's name, the family's menu, and sign-out. */
export function FamilyLayout({
  school,
  viewer,
  current,
  children,
}: {
  school: FamilySchool;
  viewer: FamilyViewer | null;
  current?: string;
  children: ReactNode;
}) {
  const notices = useContext(FamilyNotices);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-10 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <a href="/" className="flex items-center gap-2 text-lg font-extrabold text-slate-900">
            <Logo size={32} />
            <span>{school.name}</span>
          </a>
          {viewer && (
            <form method="post" action="/family/sign-out">
              <button type="submit" className={quietButton}>
                Sign out
              </button>
            </form>
          )}
        </div>
        {viewer && (
          <nav aria-label="Family area" className="mx-auto max-w-5xl px-4 pb-2">
            <ul className="flex flex-wrap gap-1">
              {NAV.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    aria-current={current === link.href ? 'page' : undefined}
                    className={`inline-flex min-h-11 items-center rounded-full px-4 py-2 font-semibold ${
                      current === link.href ? 'bg-brand-100 text-brand-700' : 'text-slate-700 hover:bg-brand-50'
                    }`}
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      {viewer && <NoticeBanners notices={notices} timeZone={school.timeZone} width="max-w-5xl" />}
      <main id="main" className="mx-auto max-w-5xl px-4 py-8">
        {children}
      </main>
      <footer className="mt-12 border-t border-slate-200 py-6 text-center text-sm text-slate-600">
        <p>The family area of {school.name}. Photos here are for the families of the school only: please do not share them.</p>
      </footer>
    </>
  );
}

function Alert({ kind, children }: { kind: 'ok' | 'error'; children: ReactNode }) {
  return (
    <p
      role={kind === 'error' ? 'alert' : 'status'}
      className={`mb-6 rounded-2xl px-4 py-3 font-semibold ${
        kind === 'error' ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-900'
      }`}
    >
      {children}
    </p>
  );
}

/** Signed out: ask for a sign-in link by e-mail. */
export function FamilySignInPage({
  school,
  message,
  error,
  email = '',
}: {
  school: FamilySchool;
  message?: string;
  error?: string;
  email?: string;
}) {
  return (
    <FamilyLayout school={school} viewer={null}>
      <div className="mx-auto max-w-md">
        <h1 className="text-3xl font-extrabold text-slate-900">Family area</h1>
        <p className="mt-3 text-slate-700">
          Parents of {school.name} sign in with a link sent by e-mail: no password needed. Use the address you gave the school.
        </p>
        <div className="mt-6">
          {message && <Alert kind="ok">{message}</Alert>}
          {error && <Alert kind="error">{error}</Alert>}
        </div>
        <form method="post" action="/family/sign-in-link" className="mt-2 flex flex-col gap-3">
          <label htmlFor="family-email" className="font-semibold text-slate-900">
            Your e-mail address
          </label>
          <input
            id="family-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={email}
            className="min-h-11 rounded-xl border border-slate-400 px-3 py-2"
          />
          <button type="submit" className={button}>
            Send me a sign-in link
          </button>
        </form>
      </div>
    </FamilyLayout>
  );
}

/** Signed in: the family's galleries and children at a glance. */
export function FamilyHomePage({
  school,
  viewer,
  childNames,
  galleries,
  posts,
  events,
  calendar,
}: {
  school: FamilySchool;
  viewer: FamilyViewer;
  childNames: string[];
  galleries: FamilyGalleryCard[];
  posts: FamilyPostItem[];
  events: FamilyEventItem[];
  calendar: FamilyCalendar;
}) {
  return (
    <FamilyLayout school={school} viewer={viewer} current="/family">
      <h1 className="text-3xl font-extrabold text-slate-900">Hello, {viewer.name}</h1>
      <p className="mt-2 text-slate-700">
        {viewer.familyName}
        {childNames.length ? `: ${childNames.join(', ')}` : ''}
      </p>
      <section aria-labelledby="family-galleries" className="mt-8">
        <h2 id="family-galleries" className="text-2xl font-bold text-slate-900">
          Photos
        </h2>
        {galleries.length === 0 ? (
          <p className="mt-3 text-slate-700">No photos for your family yet. The school publishes them here.</p>
        ) : (
          <ul className="mt-4 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {galleries.map((g) => (
              <li key={g.id} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
                <a
                  href={`/family/galleries/${g.id}`}
                  className="block focus-visible:outline focus-visible:outline-3 focus-visible:outline-blue-700"
                >
                  {g.cover ? (
                    <img
                      src={g.cover}
                      alt={g.coverAlt}
                      width={400}
                      height={300}
                      loading="lazy"
                      className="aspect-[4/3] w-full object-cover"
                    />
                  ) : (
                    <div className="aspect-[4/3] w-full bg-brand-50" aria-hidden="true" />
                  )}
                  <div className="p-4">
                    <h3 className="text-lg font-bold text-slate-900">{g.title}</h3>
                    <p className="mt-1 text-sm text-slate-700">
                      {g.photoCount} photo{g.photoCount === 1 ? '' : 's'} · {g.audienceLabel}
                    </p>
                  </div>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="mt-10 grid grid-cols-1 gap-8 lg:grid-cols-2">
        <section aria-labelledby="family-news">
          <h2 id="family-news" className="text-2xl font-bold text-slate-900">
            News for families
          </h2>
          {posts.length === 0 ? (
            <p className="mt-3 text-slate-700">Nothing for families yet.</p>
          ) : (
            <ul className="mt-3 flex flex-col gap-4">
              {posts.map((p) => (
                <li key={p.slug}>
                  <a href={`/family/posts/${p.slug}`} className="text-lg font-bold text-brand-700 underline">
                    {p.title}
                  </a>
                  {p.publishedAt && <p className="text-sm text-slate-600">{formatLongDate(p.publishedAt, school.timeZone)}</p>}
                  {p.excerpt && <p className="mt-1 text-slate-700">{p.excerpt}</p>}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="family-events">
          <h2 id="family-events" className="text-2xl font-bold text-slate-900">
            Coming up
          </h2>
          {events.length === 0 ? (
            <p className="mt-3 text-slate-700">No events planned yet.</p>
          ) : (
            <ul className="mt-3 flex flex-col gap-3">
              {events.map((e) => (
                <li key={`${e.startDate} ${e.title}`} className="rounded-xl border border-slate-200 bg-white p-3">
                  <p className="text-sm font-semibold text-slate-600">
                    {formatWeekdayDate(e.startDate, school.timeZone)}, {formatTime(e.startDate, school.timeZone)}
                  </p>
                  <p className="font-bold text-slate-900">
                    {e.href ? (
                      <a href={e.href} className="text-brand-700 underline">
                        {e.title}
                      </a>
                    ) : (
                      e.title
                    )}
                    {e.forFamilies && (
                      <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">
                        Families
                      </span>
                    )}
                  </p>
                  {e.location && <p className="text-sm text-slate-700">{e.location}</p>}
                </li>
              ))}
            </ul>
          )}
          <CalendarLink calendar={calendar} />
        </section>
      </div>
    </FamilyLayout>
  );
}

/** The private calendar address: made, shown once, replaced or stopped by the parent. */
function CalendarLink({ calendar }: { calendar: FamilyCalendar }) {
  return (
    <div className="mt-6 rounded-2xl bg-brand-50 p-4">
      <h3 className="font-bold text-slate-900">Your calendar</h3>
      <p className="mt-1 text-sm text-slate-700">
        Add the school’s events and your group’s events to your phone’s calendar. The address is private to you: anyone who has it
        sees your family’s events.
      </p>
      {calendar.address && (
        <div className="mt-3 flex flex-col gap-2">
          <label htmlFor="calendar-address" className="text-sm font-semibold text-slate-900">
            Your calendar address (shown once: copy it now)
          </label>
          <input
            id="calendar-address"
            readOnly
            value={calendar.address}
            className="min-h-11 w-full rounded-xl border border-slate-400 bg-white px-3 py-2 text-sm"
          />
          <a href={calendar.address.replace(/^https?:/, 'webcal:')} className="font-semibold text-brand-700 underline">
            Open in my calendar app
          </a>
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <form method="post" action="/family/calendar">
          <button type="submit" className={button}>
            {calendar.active ? 'Make a new address' : 'Make my calendar address'}
          </button>
        </form>
        {calendar.active && (
          <form method="post" action="/family/calendar/stop">
            <button type="submit" className={quietButton}>
              Stop my calendar address
            </button>
          </form>
        )}
      </div>
    </div>
  );
}

/** A post for families, its body sanitised by the server as the blog's is. */
export function FamilyPostPage({
  school,
  viewer,
  title,
  publishedAt,
  html,
}: {
  school: FamilySchool;
  viewer: FamilyViewer;
  title: string;
  publishedAt: string | null;
  html: string;
}) {
  return (
    <FamilyLayout school={school} viewer={viewer}>
      <p>
        <a href="/family" className="font-semibold text-brand-700 underline">
          Family area
        </a>
      </p>
      <article className="mt-3">
        <h1 className="text-3xl font-extrabold text-slate-900">{title}</h1>
        {publishedAt && <p className="mt-1 text-sm text-slate-600">{formatLongDate(publishedAt, school.timeZone)}</p>}
        {/* Sanitised on the server (sanitizePostHtml), as the public blog's posts are. */}
        <div className="prose-post mt-6 max-w-prose" dangerouslySetInnerHTML={{ __html: html }} />
      </article>
    </FamilyLayout>
  );
}

/** One gallery's photos, each opening at a large size. */
export function FamilyGalleryPage({
  school,
  viewer,
  title,
  description,
  audienceLabel,
  photos,
}: {
  school: FamilySchool;
  viewer: FamilyViewer;
  title: string;
  description: string;
  audienceLabel: string;
  photos: FamilyPhoto[];
}) {
  return (
    <FamilyLayout school={school} viewer={viewer}>
      <p>
        <a href="/family" className="font-semibold text-brand-700 underline">
          All photos
        </a>
      </p>
      <h1 className="mt-3 text-3xl font-extrabold text-slate-900">{title}</h1>
      <p className="mt-1 text-sm text-slate-700">Shown to: {audienceLabel}</p>
      {description && <p className="mt-3 whitespace-pre-line text-slate-700">{description}</p>}
      {photos.length === 0 ? (
        <p className="mt-6 text-slate-700">This gallery has no photos to show.</p>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {photos.map((p, i) => (
            <li key={p.src}>
              <figure>
                <a
                  href={p.full}
                  className="block rounded-xl focus-visible:outline focus-visible:outline-3 focus-visible:outline-blue-700"
                >
                  <img
                    src={p.src}
                    srcSet={p.srcSet}
                    sizes="(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw"
                    alt={p.alt || `Photo ${i + 1} of ${title}`}
                    width={400}
                    height={300}
                    loading={i < 8 ? 'eager' : 'lazy'}
                    className="aspect-[4/3] w-full rounded-xl object-cover"
                  />
                </a>
                {p.caption && <figcaption className="mt-1 text-sm text-slate-700">{p.caption}</figcaption>}
              </figure>
            </li>
          ))}
        </ul>
      )}
    </FamilyLayout>
  );
}

function Choice({ name, value, checked, label }: { name: string; value: string; checked: boolean; label: string }) {
  const id = `${name}-${value}`;
  return (
    <div className="flex min-h-11 items-center gap-2">
      <input type="radio" id={id} name={name} value={value} defaultChecked={checked} className="h-5 w-5" />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** The children's details, and the photo consents a parent can change. */
export function FamilyChildrenPage({
  school,
  viewer,
  kids,
  saved,
  error,
}: {
  school: FamilySchool;
  viewer: FamilyViewer;
  kids: FamilyChildView[];
  saved?: string;
  error?: string;
}) {
  const date = (value: string | null) => (value ? formatLongDate(`${value}T12:00:00Z`, 'UTC') : 'Not set');
  return (
    <FamilyLayout school={school} viewer={viewer} current="/family/children">
      <h1 className="text-3xl font-extrabold text-slate-900">Children and photo consent</h1>
      <p className="mt-2 max-w-prose text-slate-700">
        You decide where photos of your child may be shown. The school cannot publish a photo of your child where you have not
        agreed, and a change you make here applies within a minute.
      </p>
      <div className="mt-6">
        {saved && <Alert kind="ok">{saved}</Alert>}
        {error && <Alert kind="error">{error}</Alert>}
      </div>
      {kids.length === 0 && <p className="text-slate-700">The school has not added a child to your family yet.</p>}
      {kids.map((kid) => (
        <section
          key={kid.id}
          aria-labelledby={`child-${kid.id}`}
          className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id={`child-${kid.id}`} className="text-2xl font-bold text-slate-900">
            {kid.name}
          </h2>
          <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-slate-700 sm:grid-cols-2">
            <div>
              <dt className="inline font-semibold">Born: </dt>
              <dd className="inline">{date(kid.birthDate)}</dd>
            </div>
            <div>
              <dt className="inline font-semibold">Programme: </dt>
              <dd className="inline">
                {kid.programmeName}
                {kid.branch ? `, ${kid.branch}` : ''}
              </dd>
            </div>
            <div>
              <dt className="inline font-semibold">Started: </dt>
              <dd className="inline">{date(kid.startDate)}</dd>
            </div>
            {kid.leavingDate && (
              <div>
                <dt className="inline font-semibold">Leaves: </dt>
                <dd className="inline">{date(kid.leavingDate)}</dd>
              </div>
            )}
          </dl>
          <form method="post" action={`/family/children/${kid.id}/consents`} className="mt-5 flex flex-col gap-4">
            <fieldset>
              <legend className="font-semibold text-slate-900">Photos on the school’s public website</legend>
              <Choice name="website" value="yes" checked={kid.consents.website} label="Yes, photos may be shown to everyone" />
              <Choice name="website" value="no" checked={!kid.consents.website} label="No" />
            </fieldset>
            <fieldset>
              <legend className="font-semibold text-slate-900">
                Photos in the family area (other families of the same group)
              </legend>
              <Choice
                name="families"
                value="yes"
                checked={kid.consents.families}
                label="Yes, families of the group may see them"
              />
              <Choice name="families" value="no" checked={!kid.consents.families} label="No" />
            </fieldset>
            <div className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                id={`none-${kid.id}`}
                name="none"
                value="yes"
                defaultChecked={kid.consents.none}
                className="mt-0.5 h-5 w-5 shrink-0"
              />
              <label htmlFor={`none-${kid.id}`}>
                <strong>No images anywhere</strong>: no photo of {kid.name.split(' ')[0]} is shown outside the staff, whatever is
                chosen above.
              </label>
            </div>
            {kid.consentNotes.length > 0 && (
              <ul className="text-sm text-slate-600">
                {kid.consentNotes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            )}
            <div>
              <button type="submit" className={button}>
                Save {kid.name.split(' ')[0]}’s choices
              </button>
            </div>
          </form>
        </section>
      ))}
    </FamilyLayout>
  );
}

/** A page of the family area that is not there (or not for this family). */
export function FamilyNotFoundPage({ school, viewer }: { school: FamilySchool; viewer: FamilyViewer }) {
  return (
    <FamilyLayout school={school} viewer={viewer}>
      <h1 className="text-3xl font-extrabold text-slate-900">Not found</h1>
      <p className="mt-3 text-slate-700">This page is not in your family area. It may have been removed.</p>
      <p className="mt-4">
        <a href="/family" className="font-semibold text-brand-700 underline">
          Back to the family area
        </a>
      </p>
    </FamilyLayout>
  );
}

/**
 * A page of one message (a sign-in link's page, its refusals): `alert` is read out as an alert,
 * `token` shows the button that signs in with a one-time link (a mail scanner opening the link
 * signs nobody in: decision 24).
 */
export function FamilyMessagePage({
  school,
  title,
  alert,
  text,
  token,
}: {
  school: FamilySchool;
  title: string;
  alert?: string;
  text?: string;
  token?: string;
}) {
  return (
    <FamilyLayout school={school} viewer={null}>
      <div className="mx-auto max-w-md">
        <h1 className="text-3xl font-extrabold text-slate-900">{title}</h1>
        <div className="mt-4">{alert && <Alert kind="error">{alert}</Alert>}</div>
        {text && <p className="text-slate-700">{text}</p>}
        {token && (
          <form method="post" action="/family/sign-in" className="mt-4">
            <input type="hidden" name="token" value={token} />
            <button type="submit" className={button}>
              Sign in
            </button>
          </form>
        )}
        {alert && (
          <p className="mt-4">
            <a href="/family" className="font-semibold text-brand-700 underline">
              Ask for a new sign-in link
            </a>
          </p>
        )}
      </div>
    </FamilyLayout>
  );
}
