import { useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Pager } from '#client/components/public/pager.tsx';
import { PostCard } from '#client/components/public/post-card.tsx';
import { PageLink } from '#client/components/public/page-link.tsx';
import { SubscribeForm } from '#client/features/newsletter/components/subscribe-form.tsx';
import { publicData, type Page, type PublicPost } from '#client/lib/public-data.ts';
import { blogHref, blogQueryOf } from '#shared/public-lists.ts';
import type { RouteHandle } from '../../meta.ts';
import { notFoundMeta, notFoundResponse } from './not-found.tsx';
import type { PublicLayoutData } from './public-layout.tsx';

export const POSTS_PER_PAGE = 9;

export async function blogLoader({ context, request }: LoaderFunctionArgs) {
  const query = blogQueryOf(new URL(request.url).searchParams);
  const { page, tag } = query;
  let posts;
  try {
    posts = await publicData(context).posts({ limit: POSTS_PER_PAGE, offset: (page - 1) * POSTS_PER_PAGE, tag });
  } catch {
    return { query, posts: { items: [], hasMore: false } as Page<PublicPost>, failed: true };
  }
  // A page past the last, or a tag no post has, is not a page (and not one more cached copy of an
  // empty list per number or word).
  if ((page > 1 || tag) && posts.items.length === 0) throw notFoundResponse();
  return { query, posts, failed: false };
}
type BlogData = Awaited<ReturnType<typeof blogLoader>>;

export const blogHandle: RouteHandle = {
  meta: (data, _match, school) => {
    // The loader threw (404, a page past the last): its data is missing.
    if (!data) return notFoundMeta();
    const { query } = data as BlogData;
    const title = query.tag ? `Posts tagged #${query.tag}` : 'Our Latest Blog Posts';
    return {
      title: query.page > 1 ? `${title} (page ${query.page})` : title,
      description: query.tag
        ? `Stories, tips and news about ${query.tag} from the classrooms of ${school?.name ?? 'our preschool'}.`
        : `Stories, tips and news from the classrooms of ${school?.name ?? 'our preschool'}.`,
      canonicalPath: blogHref(query),
    };
  },
};

export function BlogPage() {
  const { query, posts, failed } = useLoaderData() as BlogData;
  const { page, tag } = query;
  const { school } = useRouteLoaderData('public') as PublicLayoutData;
  return (
    <>
      <section className="bg-gradient-to-r from-orange-200 via-amber-100 to-sky-200 px-4 py-16 text-center sm:py-20">
        <p className="text-sm font-bold uppercase tracking-widest text-brand-700">From our classrooms</p>
        <h1 className="mt-2 text-4xl font-black tracking-tight text-slate-900 sm:text-5xl">
          {tag ? `Posts tagged #${tag}` : 'Our Latest Blog Posts'}
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">
          Ideas for learning at home, news from school and little moments worth sharing.
        </p>
        <p className="mt-4">
          <a href="/blog/rss.xml" className="text-sm font-bold text-brand-700 underline">
            Subscribe with RSS
          </a>
        </p>
      </section>
      <div className="mx-auto max-w-6xl px-4 py-16">
        {tag && (
          <p className="mb-8 flex flex-wrap items-center gap-3 text-slate-700">
            Showing the posts tagged <span className="font-bold text-slate-900">#{tag}</span>
            <PageLink to="/blog" className="font-bold text-brand-700 underline underline-offset-4">
              Show all posts
            </PageLink>
          </p>
        )}
        {failed ? (
          <p role="alert" className="rounded-3xl bg-red-50 p-10 text-center font-semibold text-red-800">
            Failed to load blogs. Please try again later.
          </p>
        ) : posts.items.length === 0 ? (
          <p className="rounded-3xl bg-amber-50 p-10 text-center text-lg text-slate-700">No blogs found.</p>
        ) : (
          <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {posts.items.map((post) => (
              <li key={post.id} className="flex">
                <PostCard post={post} timeZone={school.timezone} />
              </li>
            ))}
          </ul>
        )}
        <Pager basePath={blogHref({ tag })} page={page} hasMore={posts.hasMore} />
        <section aria-labelledby="blog-newsletter" className="mt-16 rounded-3xl bg-amber-50 p-6 sm:p-8">
          <h2 id="blog-newsletter" className="text-2xl font-black text-slate-900">
            Get new posts by e-mail
          </h2>
          <p className="mt-2 max-w-2xl text-slate-700">
            Our newest posts and the events coming up, in your inbox. You can unsubscribe in one click.
          </p>
          <div className="mt-5">
            <SubscribeForm source="blog" labelledBy="blog-newsletter" branches={school.branches.map((b) => b.name)} />
          </div>
        </section>
      </div>
    </>
  );
}
