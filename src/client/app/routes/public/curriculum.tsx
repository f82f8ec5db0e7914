import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PageBanner } from '#client/components/public/page-banner.tsx';
import { SiteIconGlyph } from '#client/components/public/site-icon.tsx';
import { publicData, type SiteSection } from '#client/lib/public-data.ts';
import type { RouteHandle } from '../../meta.ts';

export const curriculumLoader = ({ context }: LoaderFunctionArgs) => publicData(context).content('curriculum');

export const curriculumHandle: RouteHandle = {
  meta: (data) => {
    const content = (data as SiteSection<'curriculum'> | undefined)?.content;
    const areas = content?.areas.map((a) => a.name) ?? [];
    return {
      title: 'Curriculum',
      description: content
        ? [content.banner.text, areas.length ? `Learning areas: ${areas.join(', ')}.` : ''].filter(Boolean).join(' ')
        : undefined,
      canonicalPath: '/curriculum',
    };
  },
};

/** The approaches' colours, in turn. */
const COLOURS = ['bg-orange-100 text-orange-900', 'bg-green-100 text-green-900', 'bg-sky-100 text-sky-900'];

export function CurriculumPage() {
  const { content } = useLoaderData() as SiteSection<'curriculum'>;
  const { banner, approaches, areas } = content;
  return (
    <>
      <PageBanner eyebrow={banner.eyebrow} title={banner.title}>
        {banner.text}
      </PageBanner>
      <div className="mx-auto max-w-6xl px-4 py-20">
        {approaches.length > 0 && (
          <ul className="grid gap-6 md:grid-cols-3">
            {approaches.map((a, i) => (
              <li key={i} className={`rounded-[2rem] p-8 shadow-sm ${COLOURS[i % 3]}`}>
                <h2 className="text-2xl font-black">{a.name}</h2>
                <p className="mt-3 leading-relaxed">{a.text}</p>
              </li>
            ))}
          </ul>
        )}
        <section aria-labelledby="areas-title" className="mt-24">
          <h2 id="areas-title" className="text-center text-3xl font-black text-slate-900 sm:text-4xl">
            {content.areasTitle}
          </h2>
          {content.areasIntro && (
            <p className="mx-auto mt-3 max-w-2xl text-center text-lg text-slate-600">{content.areasIntro}</p>
          )}
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {areas.map((area, i) => (
              <li key={i} className="rounded-3xl bg-white p-6 shadow-md ring-1 ring-orange-100">
                <span className="inline-flex h-14 w-14 items-center justify-center rounded-2xl bg-sky-100" aria-hidden="true">
                  <SiteIconGlyph name={area.icon} size={28} className="text-blue-800" />
                </span>
                <h3 className="mt-3 text-lg font-extrabold text-slate-900">{area.name}</h3>
                <ul className="mt-3 space-y-1.5 text-sm text-slate-700">
                  {area.focus.map((f, j) => (
                    <li key={j} className="flex gap-2">
                      <span aria-hidden="true" className="mt-[0.45rem] h-2 w-2 shrink-0 rounded-full bg-leaf-700" />
                      {f}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
