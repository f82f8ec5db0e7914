import { Icon } from '#client/components/public/icon.tsx';
import { phoneText } from '#client/components/public/phone.ts';
import { Clock, Mail, MapPin, Phone } from '#client/components/public/icons.ts';
import { useState } from 'react';
import { useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PageBanner } from '#client/components/public/page-banner.tsx';
import { ContactForm } from '#client/features/enquiries/components/contact-form.tsx';
import { publicData, type SiteSection } from '#client/lib/public-data.ts';
import type { Branch, SchoolProfile } from '#shared/schemas/school.ts';
import type { RouteHandle } from '../../meta.ts';
import type { PublicLayoutData } from './public-layout.tsx';

export const contactLoader = ({ context }: LoaderFunctionArgs) => publicData(context).content('contact');

/** What the page offers, as the search result's description says it: only what the school gave. */
function waysToReach(school: SchoolProfile) {
  const ways = [
    school.branches.some((b) => b.phone) && 'phone numbers',
    school.email && 'e-mail',
    school.branches.length > 0 && (school.branches.length > 1 ? 'the addresses of our branches' : 'our address'),
    school.branches.some(hasPosition) && 'a map',
  ].filter((w): w is string => !!w);
  return ways.length > 1 ? `${ways.slice(0, -1).join(', ')} and ${ways.at(-1)}` : (ways[0] ?? '');
}

export const contactHandle: RouteHandle = {
  meta: (data, _match, school) => {
    const ways = school ? waysToReach(school) : '';
    const text = (data as SiteSection<'contact'> | undefined)?.content.banner.text ?? '';
    return {
      title: 'Contact Us',
      description: [ways && `Contact ${school!.name}: ${ways}.`, text].filter(Boolean).join(' ') || undefined,
      canonicalPath: '/contact',
    };
  },
};

/** A branch the school placed on the map (both coordinates). */
export const hasPosition = (b: Pick<Branch, 'lat' | 'lng'>): b is { lat: number; lng: number } =>
  typeof b.lat === 'number' && typeof b.lng === 'number';

/** OpenStreetMap's embeddable map around a branch, with a marker. */
export function mapEmbedUrl(branch: { lat: number; lng: number }) {
  const d = 0.008;
  const bbox = [branch.lng - d, branch.lat - d / 1.6, branch.lng + d, branch.lat + d / 1.6].map((n) => n.toFixed(5)).join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${branch.lat},${branch.lng}`;
}

/** The map of the branches the school placed, with a choice between them; nothing without any. */
function BranchMap({ branches }: { branches: Branch[] }) {
  const placed = branches.filter(hasPosition) as (Branch & { lat: number; lng: number })[];
  const [mapBranch, setMapBranch] = useState(0);
  const shown = placed[mapBranch] ?? placed[0];
  if (!shown) return null;
  return (
    <div className="overflow-hidden rounded-3xl shadow-lg ring-1 ring-slate-200">
      {placed.length > 1 && (
        <div className="flex gap-2 bg-white p-3" role="group" aria-label="Show on the map">
          {placed.map((b, i) => (
            <button
              key={b.name}
              type="button"
              aria-pressed={i === mapBranch}
              onClick={() => setMapBranch(i)}
              className="rounded-full px-4 py-1.5 text-sm font-bold text-slate-700 ring-1 ring-slate-300 aria-pressed:bg-brand-600 aria-pressed:text-white aria-pressed:ring-brand-600"
            >
              {b.name}
            </button>
          ))}
        </div>
      )}
      <iframe
        title={`Map of ${shown.name}, ${shown.address}`}
        src={mapEmbedUrl(shown)}
        width="600"
        height="360"
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        className="block h-80 w-full border-0"
      />
    </div>
  );
}

export function ContactPage() {
  const { school } = useRouteLoaderData('public') as PublicLayoutData;
  const { content } = useLoaderData() as SiteSection<'contact'>;
  return (
    <>
      <PageBanner eyebrow={content.banner.eyebrow} title={content.banner.title}>
        {content.banner.text}
      </PageBanner>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 lg:grid-cols-2">
        <section
          aria-labelledby="contact-form-title"
          className="rounded-[2rem] bg-white p-6 shadow-xl ring-1 ring-orange-100 sm:p-10"
        >
          <h2 id="contact-form-title" className="mb-6 text-2xl font-black text-slate-900">
            {content.formTitle}
          </h2>
          <ContactForm />
        </section>
        <section aria-labelledby="reach-title" className="space-y-6">
          <h2 id="reach-title" className="text-2xl font-black text-slate-900">
            {content.reachTitle}
          </h2>
          {school.branches.length > 0 && (
            <ul className="grid gap-4 sm:grid-cols-2">
              {school.branches.map((b) => (
                <li key={b.name} className="rounded-3xl bg-amber-50 p-6 ring-1 ring-amber-200">
                  <h3 className="flex items-center gap-2 text-lg font-extrabold text-slate-900">
                    <Icon icon={MapPin} size={18} className="text-brand-700" /> {b.name}
                  </h3>
                  <p className="mt-2 text-slate-700">{b.address}</p>
                  {b.phone && (
                    <a
                      href={`tel:${b.phone.replace(/[^+\d]/g, '')}`}
                      className="mt-3 flex items-center gap-2 font-bold text-brand-700 underline"
                    >
                      <Icon icon={Phone} size={16} /> {phoneText(b.phone)}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          )}
          {(school.email || school.hours) && (
            <div className="flex flex-wrap gap-4 rounded-3xl bg-sky-50 p-6 ring-1 ring-sky-200">
              {school.email && (
                <a href={`mailto:${school.email}`} className="flex items-center gap-2 font-bold text-blue-800 underline">
                  <Icon icon={Mail} size={18} /> {school.email}
                </a>
              )}
              {school.hours && (
                <p className="flex items-center gap-2 text-slate-700">
                  <Icon icon={Clock} size={18} /> {school.hours}
                </p>
              )}
            </div>
          )}
          <BranchMap branches={school.branches} />
        </section>
      </div>
    </>
  );
}
