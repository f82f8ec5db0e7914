import type { ReactNode } from 'react';
import { Icon } from '#client/components/public/icon.tsx';
import { phoneText } from '#client/components/public/phone.ts';
import { CalendarDays, CalendarPlus, Clock, Mail, MapPin, Phone } from '#client/components/public/icons.ts';
import type { SchoolProfile } from '#shared/schemas/school.ts';
import type { PublicPageLink } from '#client/lib/public-data.ts';
import { PageLink } from '#client/components/public/page-link.tsx';
import { SocialIcons } from './social-icons.tsx';

/**
 * §2: shown as plain text, not linked, until the school publishes a page of that title (issue 30;
 * any case, and the usual other names of the same page).
 */
const QUICK_LINKS: { label: string; titles: string[] }[] = [
  { label: 'Privacy Policy', titles: ['privacy policy', 'privacy notice', 'privacy'] },
  { label: 'Term Of Service', titles: ['term of service', 'terms of service', 'terms of use', 'terms and conditions', 'terms'] },
  { label: 'Disclaimer', titles: ['disclaimer'] },
  { label: 'Credits', titles: ['credits'] },
  { label: 'FAQ', titles: ['faq', 'faqs', 'frequently asked questions'] },
];

/** The Quick Links: the spec's five (linked once their page is published), then the other pages placed in the footer. */
export function quickLinks(pages: readonly PublicPageLink[]): { label: string; to: string | null }[] {
  const used = new Set<PublicPageLink>();
  const fixed = QUICK_LINKS.map(({ label, titles }) => {
    const page = pages.find((p) => !used.has(p) && titles.includes(p.title.trim().toLowerCase()));
    if (!page) return { label, to: null };
    used.add(page);
    return { label: page.title, to: `/${page.slug}` };
  });
  const others = pages.filter((p) => p.placement === 'footer' && !used.has(p)).map((p) => ({ label: p.title, to: `/${p.slug}` }));
  return [...fixed, ...others];
}

export function SiteFooter({
  school,
  pages = [],
  newsletter,
}: {
  school: SchoolProfile;
  pages?: readonly PublicPageLink[];
  /** The newsletter's subscribe form (issue 33), in a band of its own. */
  newsletter?: ReactNode;
}) {
  return (
    <footer className="bg-slate-900 text-slate-200">
      {newsletter && (
        <section aria-labelledby="footer-newsletter" className="border-b border-white/10">
          <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 lg:grid-cols-3">
            <div>
              <h2 id="footer-newsletter" className="text-lg font-bold text-white">
                Our newsletter
              </h2>
              <p className="mt-2 text-sm leading-relaxed text-slate-300">
                News from our classrooms and the events coming up, by e-mail.
              </p>
            </div>
            <div className="lg:col-span-2">{newsletter}</div>
          </div>
        </section>
      )}
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-3">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="text-lg font-bold text-white">
            About {school.name}
          </h2>
          <p className="mt-3 text-sm leading-relaxed text-slate-300">{school.about}</p>
          <div className="mt-5">
            <SocialIcons social={school.social} />
          </div>
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links" className="text-lg font-bold text-white">
            Quick Links
          </h2>
          <ul className="mt-3 space-y-2 text-sm text-slate-300">
            {quickLinks(pages).map(({ label, to }) => (
              <li key={to ?? label}>
                {to ? (
                  <PageLink to={to} className="underline underline-offset-4 hover:text-white">
                    {label}
                  </PageLink>
                ) : (
                  label
                )}
              </li>
            ))}
          </ul>
          {/* Issue 31: the events list, and the calendar feed (/events.ics) a phone's calendar can subscribe to. */}
          <ul className="mt-5 space-y-2 text-sm text-slate-300">
            <li>
              <PageLink to="/events" className="inline-flex items-center gap-2 underline underline-offset-4 hover:text-white">
                <Icon icon={CalendarDays} size={16} /> Events
              </PageLink>
            </li>
            <li>
              {/* Issue 34: to the Subscribe control (the school's or a branch's calendar, in Google, Apple or Outlook). */}
              <a
                href="/events#subscribe"
                className="inline-flex items-center gap-2 underline underline-offset-4 hover:text-white"
              >
                <Icon icon={CalendarPlus} size={16} /> Subscribe to our calendar
              </a>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-enrolling" className="rounded-2xl bg-white/5 p-5">
          <h2 id="footer-enrolling" className="text-lg font-bold text-amber-300">
            Now Enrolling
          </h2>
          {school.ages && <p className="mt-1 text-sm text-slate-300">Ages {school.ages} years</p>}
          {/* Only the details the school gave: no branch, phone, hours or e-mail is made up. */}
          {school.branches.length > 0 && (
            <ul className="mt-4 space-y-3 text-sm">
              {school.branches.map((branch) => (
                <li key={branch.name}>
                  <p className="flex items-center gap-2 font-semibold text-white">
                    <Icon icon={MapPin} size={16} /> {branch.name}
                  </p>
                  {branch.phone && (
                    <a
                      href={`tel:${branch.phone.replace(/[^+\d]/g, '')}`}
                      className="ml-6 flex items-center gap-2 text-slate-300 hover:text-white"
                    >
                      <Icon icon={Phone} size={14} /> {phoneText(branch.phone)}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          )}
          {school.hours && (
            <p className="mt-4 flex items-center gap-2 text-sm text-slate-300">
              <Icon icon={Clock} size={16} /> Open {school.hours}
            </p>
          )}
          {school.email && (
            <a href={`mailto:${school.email}`} className="mt-2 flex items-center gap-2 text-sm text-slate-300 hover:text-white">
              <Icon icon={Mail} size={16} /> {school.email}
            </a>
          )}
        </section>
      </div>
      <p className="border-t border-white/10 py-5 text-center text-xs text-slate-400">© {school.name}. All rights reserved.</p>
    </footer>
  );
}
