import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../../../components/ui/badge.tsx';
import { useSchoolTimezone } from '../../../../features/school/api/school.ts';
import { SafeImage } from '../../../../features/media/components/safe-image.tsx';
import { usePost, type PostRef } from '../../../../features/posts/api/get-post.ts';
import { PostHtml } from '../../../../features/posts/components/post-html.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { formatLongDate, formatShortDate } from '../../../../../shared/dates.ts';

/** §2 /cms/blogpage?slug=… (or ?id=…): any post, drafts included, as parents will see it. */
export default function PostViewScreen() {
  const [params] = useSearchParams();
  const slug = params.get('slug');
  const id = params.get('id');
  const ref: PostRef | null = slug ? { slug } : id ? { id } : null;
  const post = usePost(ref);
  const timeZone = useSchoolTimezone() ?? 'UTC';

  const back = (
    <Link to="/cms/blog" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Blog
    </Link>
  );
  // §8: the three messages of the post view; a refusal (403) shows the server's own words.
  const problem = !ref
    ? 'No post ID or slug provided'
    : post.isError
      ? post.error instanceof ApiError && post.error.status === 404
        ? 'Post not found'
        : post.error instanceof ApiError && post.error.status === 403
          ? post.error.message
          : 'Failed to load post'
      : null;

  if (problem)
    return (
      <div className="mx-auto max-w-3xl">
        {back}
        <p
          role="alert"
          className="mt-8 rounded-2xl border border-slate-200 bg-white p-10 text-center font-semibold text-slate-800"
        >
          {problem}
        </p>
      </div>
    );
  if (!post.data) return <p className="text-center text-slate-600">Loading post...</p>;

  const p = post.data;
  return (
    <div className="mx-auto max-w-3xl">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {back}
        <Badge tone={p.status === 'published' ? 'green' : 'amber'}>{p.status === 'published' ? 'Published' : 'Draft'}</Badge>
      </div>
      <article className="mt-4 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {p.cover_image && <SafeImage src={p.cover_image} alt="" className="aspect-video w-full" sizes="48rem" />}
        <div className="p-5 sm:p-8">
          <h1 className="text-3xl font-black tracking-tight text-slate-900">{p.title}</h1>
          <p className="mt-3 text-lg text-slate-700">{p.excerpt || 'An insightful read awaits below.'}</p>
          <p className="mt-4 text-sm text-slate-600">
            <span className="font-bold text-slate-900">{p.author || 'Admin'}</span> ·{' '}
            <time dateTime={p.created_at}>{formatLongDate(p.created_at, timeZone)}</time>
          </p>
          {p.tags.length > 0 && (
            <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
              {p.tags.map((tag) => (
                <li key={tag} className="rounded-full bg-sky-100 px-3 py-1 text-sm font-semibold text-sky-900">
                  #{tag}
                </li>
              ))}
            </ul>
          )}
          <PostHtml html={p.content} className="mt-6" />
          <p className="mt-8 border-t border-slate-200 pt-4 text-sm text-slate-600">
            {p.published_at ? (
              <>
                Published <time dateTime={p.published_at}>{formatShortDate(p.published_at, timeZone)}</time> ·{' '}
              </>
            ) : (
              'Not published yet · '
            )}
            Updated <time dateTime={p.updated_at}>{formatShortDate(p.updated_at, timeZone)}</time>
          </p>
        </div>
      </article>
    </div>
  );
}
