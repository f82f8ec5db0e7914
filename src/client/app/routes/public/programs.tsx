import { PageLink } from '#client/components/public/page-link.tsx';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PageBanner } from '#client/components/public/page-banner.tsx';
import { ResponsiveImage } from '#client/components/public/responsive-image.tsx';
import { SiteIconGlyph } from '#client/components/public/site-icon.tsx';
import { publicData, type SiteSection } from '#client/lib/public-data.ts';
import type { Programme } from '#shared/schemas/site-content.ts';
import type { RouteHandle } from '../../meta.ts';

export const programsLoader = ({ context }: LoaderFunctionArgs) => publicData(context).content('programs');

/** "Playgroup (ages 2-3), Nursery (ages 3-4) and Kindergarten (ages 4-6)". */
function programmeList(programmes: Pick<Programme, 'name' | 'ages'>[]) {
  const named = programmes.map((p) => (p.ages ? `${p.name} (${p.ages.charAt(0).toLowerCase()}${p.ages.slice(1)})` : p.name));
  return named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : (named[0] ?? '');
}

export const programsHandle: RouteHandle = {
  meta: (data) => {
    const content = (data as SiteSection<'programs'> | undefined)?.content;
    return {
      title: 'Programs',
      description: content ? `${programmeList(content.programmes)}. ${content.banner.text}`.trim() : undefined,
      canonicalPath: '/programs',
    };
  },
};

/** The programme cards' colours, in turn. */
const COLOURS = [
  'from-pink-100 to-rose-50 ring-rose-200',
  'from-amber-100 to-yellow-50 ring-amber-200',
  'from-sky-100 to-blue-50 ring-sky-200',
];

function ProgrammeCard({
  programme: p,
  colour,
  photos,
}: {
  programme: Programme;
  colour: string;
  photos: SiteSection['photos'];
}) {
  return (
    <li className={`flex flex-col rounded-[2rem] bg-gradient-to-br p-8 shadow-md ring-1 ${colour}`}>
      {p.photo ? (
        <ResponsiveImage
          src={p.photo.url}
          meta={photos[p.photo.url]}
          fallbackWidth={800}
          fallbackHeight={600}
          sizes="(min-width: 1152px) 320px, (min-width: 768px) calc(33vw - 5rem), calc(100vw - 6rem)"
          alt={p.photo.decorative ? '' : p.photo.alt}
          loading="lazy"
          className="aspect-[4/3] w-full rounded-2xl object-cover shadow"
        />
      ) : (
        <span className="inline-flex h-16 w-16 items-center justify-center rounded-2xl bg-white shadow" aria-hidden="true">
          <SiteIconGlyph name={p.icon} size={32} className="text-brand-700" />
        </span>
      )}
      <h2 className="mt-4 text-2xl font-black text-slate-900">{p.name}</h2>
      {p.ages && (
        <p className="mt-1 inline-block w-fit rounded-full bg-white px-3 py-1 text-sm font-bold text-brand-700">{p.ages}</p>
      )}
      {p.description && <p className="mt-4 leading-relaxed text-slate-700">{p.description}</p>}
      {p.points.length > 0 && (
        <ul className="mt-4 list-disc space-y-1 pl-5 text-slate-700">
          {p.points.map((point, i) => (
            <li key={i}>{point}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function ProgramsPage() {
  const { content, photos } = useLoaderData() as SiteSection<'programs'>;
  const { banner, programmes, activities, highlights } = content;
  // A hidden programme only takes no new applications: parents still read about it here.
  return (
    <>
      <PageBanner eyebrow={banner.eyebrow} title={banner.title}>
        {banner.text}
      </PageBanner>
      <div className="mx-auto max-w-6xl px-4 py-20">
        <ul className="grid gap-8 md:grid-cols-3">
          {programmes.map((p, i) => (
            <ProgrammeCard key={p.key} programme={p} colour={COLOURS[i % 3]!} photos={photos} />
          ))}
        </ul>

        {activities.length > 0 && (
          <section aria-labelledby="activities-title" className="mt-24 text-center">
            <h2 id="activities-title" className="text-3xl font-black text-slate-900 sm:text-4xl">
              {content.activitiesTitle}
            </h2>
            {content.activitiesIntro && (
              <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-600">{content.activitiesIntro}</p>
            )}
            <ul className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-4">
              {activities.map((a, i) => (
                <li key={i} className="rounded-3xl bg-white p-6 shadow-md ring-1 ring-orange-100">
                  <span
                    className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-amber-100"
                    aria-hidden="true"
                  >
                    <SiteIconGlyph name={a.icon} size={28} className="text-brand-700" />
                  </span>
                  <p className="mt-3 font-bold text-slate-900">{a.name}</p>
                </li>
              ))}
            </ul>
          </section>
        )}

        <section aria-labelledby="highlights-title" className="mt-24 rounded-[2rem] bg-green-800 px-6 py-14 text-white sm:px-12">
          <h2 id="highlights-title" className="text-center text-3xl font-black sm:text-4xl">
            {content.highlightsTitle}
          </h2>
          {highlights.length > 0 && (
            <ul className="mt-10 grid gap-6 sm:grid-cols-2">
              {highlights.map((h, i) => (
                <li key={i} className="rounded-3xl bg-black/15 p-6">
                  <h3 className="text-xl font-extrabold">{h.title}</h3>
                  <p className="mt-2 text-white">{h.text}</p>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-10 text-center">
            <PageLink
              to="/admission"
              className="inline-block rounded-full bg-white px-7 py-3 font-bold text-green-800 hover:bg-green-50"
            >
              Apply for admission
            </PageLink>
          </p>
        </section>
      </div>
    </>
  );
}
