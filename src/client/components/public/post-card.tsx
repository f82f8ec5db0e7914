import { PageLink } from '#client/components/public/page-link.tsx';
import { formatShortDate } from '#shared/dates.ts';
import { blogHref } from '#shared/public-lists.ts';
import type { PublicPost } from '#client/lib/public-data.ts';
import { ResponsiveImage } from './responsive-image.tsx';
import { TextArrow } from './text-arrow.tsx';

/** A post's tags, each a link to its posts (`/blog?tag=`, issue 31). */
export function TagLinks({ tags, className = '', large = false }: { tags: string[]; className?: string; large?: boolean }) {
  if (tags.length === 0) return null;
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`} aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          <PageLink
            to={blogHref({ tag })}
            className={`inline-block rounded-full bg-sky-100 px-3 py-1 font-semibold text-sky-900 underline-offset-2 hover:bg-sky-200 hover:underline ${large ? 'text-sm' : 'text-xs'}`}
          >
            <span className="sr-only">Posts tagged </span>#{tag}
          </PageLink>
        </li>
      ))}
    </ul>
  );
}

export function PostCard({ post, timeZone }: { post: PublicPost; timeZone: string }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-3xl bg-white shadow-md ring-1 ring-orange-100 transition hover:-translate-y-1 hover:shadow-xl">
      {post.cover_image && (
        <ResponsiveImage
          src={post.cover_image}
          meta={post.cover_meta}
          alt=""
          fallbackWidth={640}
          fallbackHeight={360}
          sizes="(min-width: 1024px) 360px, (min-width: 768px) 50vw, 100vw"
          loading="lazy"
          className="aspect-video w-full object-cover"
        />
      )}
      <div className="flex flex-1 flex-col p-6">
        <h2 className="text-xl font-extrabold text-slate-900">{post.title}</h2>
        {/* §8: missing excerpt and author on cards. */}
        <p className="mt-2 line-clamp-3 flex-1 text-slate-600">{post.excerpt || 'No excerpt available.'}</p>
        <p className="mt-4 text-sm text-slate-600">
          By <span className="font-semibold text-slate-800">{post.author || 'Unknown'}</span> ·{' '}
          <time dateTime={post.created_at}>{formatShortDate(post.created_at, timeZone)}</time>
        </p>
        <TagLinks tags={post.tags} className="mt-3" />
        <PageLink
          to={`/blog/${post.slug}`}
          className="mt-5 inline-block w-fit rounded-full bg-brand-600 px-4 py-2 text-sm font-bold text-white hover:bg-brand-700"
        >
          Read More<span className="sr-only"> about {post.title}</span> <TextArrow />
        </PageLink>
      </div>
    </article>
  );
}
