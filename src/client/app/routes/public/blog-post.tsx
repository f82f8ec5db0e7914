import { PageLink } from '#client/components/public/page-link.tsx';
import { Icon } from '#client/components/public/icon.tsx';
import { ArrowLeft } from '#client/components/public/icons.ts';
import { useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ResponsiveImage } from '#client/components/public/responsive-image.tsx';
import { ShareButton } from '#client/components/public/share-button.tsx';
import { TagLinks } from '#client/components/public/post-card.tsx';
import { publicData } from '#client/lib/public-data.ts';
import { formatLongDate, formatShortDate } from '#shared/dates.ts';
import type { RouteHandle } from '../../meta.ts';
import { notFoundMeta, notFoundResponse } from './not-found.tsx';
import type { PublicLayoutData } from './public-layout.tsx';
import { blogPostingJsonLd } from './structured-data.ts';

export async function postLoader({ context, params }: LoaderFunctionArgs) {
  const post = await publicData(context)
    .post(params.slug ?? '')
    .catch((error: unknown) => {
      console.warn('Failed to load post', error);
      return null;
    });
  if (!post) throw notFoundResponse('Post not found');
  return { post };
}
type PostData = Awaited<ReturnType<typeof postLoader>>;

export const postHandle: RouteHandle = {
  meta: (data, _match, school, origin) => {
    // The loader threw (404): its data is missing.
    if (!data) return notFoundMeta('Post not found');
    const { post } = data as PostData;
    const path = `/blog/${post.slug}`;
    return {
      title: post.title,
      description: (
        post.excerpt ||
        post.content
          .replace(/<[^<>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
      ).slice(0, 160),
      canonicalPath: path,
      image: post.cover_image ?? undefined,
      type: 'article',
      jsonLd: [blogPostingJsonLd(post, school, origin + path, origin)],
    };
  },
};

export function BlogPostPage() {
  const { post } = useLoaderData() as PostData;
  const { school } = useRouteLoaderData('public') as PublicLayoutData;
  const tz = school.timezone;
  return (
    <article>
      <header className="bg-gradient-to-br from-amber-100 via-orange-50 to-sky-100 px-4 pb-28 pt-10 sm:pt-14">
        <div className="mx-auto max-w-3xl">
          <PageLink to="/blog" className="inline-flex items-center gap-2 font-bold text-brand-700 hover:underline">
            <Icon icon={ArrowLeft} size={18} /> All posts
          </PageLink>
          <h1 className="mt-6 text-3xl font-black leading-tight tracking-tight text-slate-900 sm:text-5xl">{post.title}</h1>
          {/* §8: missing excerpt and author on the detail page. */}
          <p className="mt-4 text-xl leading-relaxed text-slate-700">{post.excerpt || 'An insightful read awaits below.'}</p>
          <p className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-700">
            <span
              aria-hidden="true"
              className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 font-black text-white"
            >
              {(post.author || 'Admin').charAt(0)}
            </span>
            <span className="font-bold text-slate-900">{post.author || 'Admin'}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={post.created_at}>{formatLongDate(post.created_at, tz)}</time>
          </p>
        </div>
      </header>
      <div className="mx-auto -mt-20 max-w-3xl px-4 pb-20">
        {post.cover_image && (
          <ResponsiveImage
            src={post.cover_image}
            meta={post.cover_meta}
            alt=""
            fallbackWidth={1200}
            fallbackHeight={675}
            sizes="(min-width: 768px) 720px, 100vw"
            fetchPriority="high"
            className="aspect-video w-full rounded-[2rem] object-cover shadow-xl"
          />
        )}
        <div className="mt-8 rounded-[2rem] bg-white p-6 shadow-sm ring-1 ring-orange-100 sm:p-10">
          <TagLinks tags={post.tags} className="mb-6" large />
          {/* Sanitised on the server (posts service) before it reaches the page. */}
          <div className="prose-post" dangerouslySetInnerHTML={{ __html: post.content }} />
          <footer className="mt-10 flex flex-wrap items-center justify-between gap-4 border-t border-slate-200 pt-6 text-sm text-slate-600">
            <p>
              Published{' '}
              <time dateTime={post.published_at ?? post.created_at}>
                {formatShortDate(post.published_at ?? post.created_at, tz)}
              </time>
              {/* Issue 31: only when it was changed on another day than it was published. */}
              {post.updated_at &&
                formatShortDate(post.updated_at, tz) !== formatShortDate(post.published_at ?? post.created_at, tz) && (
                  <>
                    {' '}
                    · Updated <time dateTime={post.updated_at}>{formatShortDate(post.updated_at, tz)}</time>
                  </>
                )}
            </p>
            <ShareButton title={post.title} />
          </footer>
        </div>
      </div>
    </article>
  );
}
