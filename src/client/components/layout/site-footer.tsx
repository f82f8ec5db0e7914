import { Icon } from '#client/components/public/icon.tsx';
import { Clock, Mail, MapPin, Phone } from '#client/components/public/icons.ts';
import type { SchoolProfile } from '#shared/schemas/school.ts';
import { SocialIcons } from './social-icons.tsx';

// §2: shown as plain text, not linked.
const QUICK_LINKS = ['Privacy Policy', 'Term Of Service', 'Disclaimer', 'Credits', 'FAQ'];

export function SiteFooter({ school }: { school: SchoolProfile }) {
  return (
    <footer className="bg-slate-900 text-slate-200">
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
            {QUICK_LINKS.map((label) => (
              <li key={label}>{label}</li>
            ))}
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
                      <Icon icon={Phone} size={14} /> {branch.phone}
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
