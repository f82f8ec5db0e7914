import { useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PageBanner } from '#client/components/public/page-banner.tsx';
import { publicData } from '#client/lib/public-data.ts';
import { formatLongDate } from '#shared/dates.ts';
import type { PageMeta, RouteHandle } from '../../meta.ts';
import { notFoundMeta, notFoundResponse } from './not-found.tsx';
import type { PublicLayoutData } from './public-layout.tsx';
import { webPageJsonLd } from './structured-data.ts';

/** A page of the school's own at /<slug> (issue 30); an address no published page has is the 404 page. */
export async function ownPageLoader({ context, params }: LoaderFunctionArgs) {
  const page = await publicData(context)
    .page(params.slug ?? '')
    .catch((error: unknown) => {
      console.warn('Failed to load page', error);
      return null;
    });
  if (!page) throw notFoundResponse();
  return { page };
}
type OwnPageData = Awaited<ReturnType<typeof ownPageLoader>>;

/** The page's first words, for search engines and link previews. */
const summaryOf = (html: string) =>
  html
    .replace(/<[^<>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 160);

/** An image the page opens with: the body's first element, alone or at the start of its first paragraph. */
const LEAD_IMAGE = /^\s*(?:<p>\s*)?<img ([^>]*)>/;
const attributeOf = (attributes: string, name: string) =>
  new RegExp(`(?:^|\\s)${name}="([^"]*)"`)
    .exec(attributes)?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/**
 * The photo a page opens with, the largest thing a phone paints there: preloaded with the HTML at
 * high priority, as the home page's hero is. Found by the parser only after the inlined stylesheet
 * and the header, it was the page's LCP at 2.2 s on Lighthouse's slowed phone.
 */
function leadImageOf(body: string): PageMeta['preloadImage'] {
  const attributes = LEAD_IMAGE.exec(body)?.[1];
  const href = attributes && attributeOf(attributes, 'src');
  if (!href) return undefined;
  return { href, srcSet: attributeOf(attributes, 'srcset'), sizes: attributeOf(attributes, 'sizes') };
}

/** The body with its opening photo, if any, fetched at high priority (the sanitiser leaves the others lazy). */
const withLeadImageFirst = (body: string) =>
  body.replace(LEAD_IMAGE, (tag) => tag.replace('<img ', '<img fetchpriority="high" '));

export const ownPageHandle: RouteHandle = {
  meta: (data, _match, school, origin) => {
    if (!data) return notFoundMeta();
    const { page } = data as OwnPageData;
    const path = `/${page.slug}`;
    const description = summaryOf(page.body);
    return {
      title: page.title,
      description,
      canonicalPath: path,
      preloadImage: leadImageOf(page.body),
      jsonLd: [webPageJsonLd(page, description, school, origin + path, origin)],
    };
  },
};

export function OwnPage() {
  const { page } = useLoaderData() as OwnPageData;
  const { school } = useRouteLoaderData('public') as PublicLayoutData;
  return (
    <article>
      <PageBanner title={page.title}>
        <p className="text-base text-slate-600">
          Last updated <time dateTime={page.updated_at}>{formatLongDate(page.updated_at, school.timezone)}</time>
        </p>
      </PageBanner>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        {/* Sanitised on the server (the blog's sanitiser) before it reaches the page. */}
        <div className="prose-post" dangerouslySetInnerHTML={{ __html: withLeadImageFirst(page.body) }} />
      </div>
    </article>
  );
}
