import { ExternalLink, Eye, Pencil, Trash2 } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useCan } from '#client/features/auth/hooks/use-can.ts';
import { memo, useState } from 'react';
import { toast } from 'sonner';
import { AudienceBadge } from '#client/components/cms/audience-fields.tsx';
import { ListPager } from '#client/components/cms/list-pager.tsx';
import { SearchBox } from '#client/components/cms/search-box.tsx';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { NativeSelect } from '#client/components/ui/input.tsx';
import { programmesQueryOptions } from '#client/features/admissions/api/get-programmes.ts';
import { ConfirmDialog } from '#client/features/media/components/confirm-dialog.tsx';
import { SafeImage } from '#client/features/media/components/safe-image.tsx';
import { useCancelPostSchedule, useDeletePost, usePostsList } from '#client/features/posts/api/posts.ts';
import { useSchoolTimezone } from '#client/features/school/api/school.ts';
import { usePageInRange, useListParams } from '#client/lib/use-list-params.ts';
import { formatScheduledFor, formatShortDate } from '#shared/dates.ts';
import type { ProgrammeOption } from '#shared/schemas/enquiry-options.ts';
import { POST_SORTS, POST_STATUSES, type PostSummary } from '#shared/schemas/post.ts';

export const POSTS_PAGE_SIZE = 20;
export const POSTS_LIST_FILTERS = { status: POST_STATUSES, sort: POST_SORTS } as const;

const SORT_LABELS: Record<(typeof POST_SORTS)[number], string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  title: 'Title A–Z',
  updated: 'Recently updated',
};

/** The page of the list the address asks for: shared by the counters and the list (one request). */
export function usePostsListPage() {
  const list = useListParams(POSTS_LIST_FILTERS, POSTS_PAGE_SIZE);
  const query = usePostsList({
    limit: POSTS_PAGE_SIZE,
    offset: list.offset,
    q: list.q || undefined,
    status: list.filters.status || undefined,
    sort: list.filters.sort || undefined,
  });
  return { list, query };
}

/**
 * The posts below the editor: one page, searched, filtered and sorted by the server. Its own
 * component with its own query, so the editor's typing never re-renders it.
 */
export const PostsList = memo(function PostsList({
  onEdit,
  onDeleted,
}: {
  onEdit: (id: number) => void;
  onDeleted: (id: number) => void;
}) {
  const { list, query } = usePostsListPage();
  const { data, isPending, isError, isPlaceholderData } = query;
  usePageInRange(list, data?.total, POSTS_PAGE_SIZE, isPlaceholderData);
  const timeZone = useSchoolTimezone() ?? 'UTC';
  const remove = useDeletePost();
  const canWrite = useCan('blog', 'write');
  const canDelete = useCan('blog', 'delete');
  const [confirm, setConfirm] = useState<PostSummary | null>(null);
  const posts = data?.data ?? [];
  // The programmes' names only when a row is for a programme's families.
  const programmes = useQuery({ ...programmesQueryOptions(), enabled: posts.some((p) => p.audience === 'programme') }).data;
  const textFiltered = list.q !== '' || list.filters.status !== '';

  const doDelete = async () => {
    if (!confirm) return;
    try {
      await remove.mutateAsync(confirm.id);
      toast.success('Post deleted');
      onDeleted(confirm.id);
    } catch (err) {
      toast.error((err as Error).message || 'Failed to delete');
    } finally {
      setConfirm(null);
    }
  };

  return (
    <section className="mt-8" aria-labelledby="posts-heading">
      <h2 id="posts-heading" className="text-lg font-bold text-slate-900">
        Posts{data ? ` (${data.total.toLocaleString('en-US')})` : ''}
      </h2>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row">
        <SearchBox
          className="flex-1"
          label="Search posts"
          placeholder="Search posts..."
          value={list.q}
          onSearch={list.setSearch}
        />
        <NativeSelect
          aria-label="Filter by status"
          className="sm:w-40"
          value={list.filters.status}
          onChange={(e) => list.setFilter('status', e.target.value)}
        >
          <option value="">All posts</option>
          <option value="published">Published</option>
          <option value="draft">Drafts</option>
        </NativeSelect>
        <NativeSelect
          aria-label="Sort posts"
          className="sm:w-44"
          value={list.filters.sort || 'newest'}
          onChange={(e) => list.setFilter('sort', e.target.value === 'newest' ? '' : e.target.value)}
        >
          {POST_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {isPending && <p className="mt-3 text-slate-600">Loading...</p>}
      {isError && <p className="mt-3 text-red-700">Failed to load blogs. Please try again later.</p>}
      {data && posts.length === 0 && (
        <div className="mt-3 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {textFiltered ? (
            <>
              <p className="font-semibold text-slate-900">No posts found</p>
              <p className="mt-1 text-sm">Try adjusting your search or filter</p>
            </>
          ) : (
            <p>No blogs found.</p>
          )}
        </div>
      )}
      <ul
        className={`mt-3 space-y-3 ${isPlaceholderData ? 'opacity-60' : ''}`}
        aria-label="Posts"
        aria-busy={isPlaceholderData || undefined}
      >
        {posts.map((p, i) => (
          <PostRow
            key={p.id}
            post={p}
            first={i === 0}
            timeZone={timeZone}
            onEdit={canWrite ? onEdit : undefined}
            onDelete={canDelete ? setConfirm : undefined}
            programmes={programmes}
          />
        ))}
      </ul>
      {data && (
        <ListPager
          label="Posts pages"
          page={list.page}
          pageSize={POSTS_PAGE_SIZE}
          total={data.total}
          busy={isPlaceholderData}
          onPage={list.setPage}
        />
      )}
      <ConfirmDialog
        open={!!confirm}
        message="Delete this post? This cannot be undone."
        pending={remove.isPending}
        onConfirm={doDelete}
        onCancel={() => setConfirm(null)}
      />
    </section>
  );
});

function PostRow({
  post: p,
  first,
  timeZone,
  onEdit,
  onDelete,
  programmes,
}: {
  post: PostSummary;
  first: boolean;
  timeZone: string;
  /** The programmes' names, for the audience badge (read only when a row needs them). */
  programmes: readonly ProgrammeOption[] | undefined;
  /** Absent when the signed-in user may not edit (or delete): the control is not shown. */
  onEdit?: (id: number) => void;
  onDelete?: (post: PostSummary) => void;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center">
      <SafeImage
        src={p.cover_image}
        alt=""
        className="aspect-video w-full shrink-0 rounded-xl sm:w-36"
        sizes="9rem"
        eager={first}
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold break-words text-slate-900">{p.title}</h3>
          {p.publishAt ? (
            <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
              Scheduled for {formatScheduledFor(p.publishAt, timeZone)}
            </span>
          ) : (
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${p.status === 'published' ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'}`}
            >
              {p.status === 'published' ? 'Published' : 'Draft'}
            </span>
          )}
          <AudienceBadge item={p} programmes={programmes} />
        </div>
        <p className="mt-0.5 text-xs break-words text-slate-600">
          /blog/{p.slug} · Created {formatShortDate(p.created_at, timeZone)} · Updated {formatShortDate(p.updated_at, timeZone)}
          {p.author ? ` · ${p.author}` : ''}
        </p>
        {p.excerpt && <p className="mt-1 line-clamp-2 text-sm text-slate-700">{p.excerpt}</p>}
        {p.tags.length > 0 && <p className="mt-1 text-xs text-slate-700">{p.tags.map((t) => `#${t}`).join(' ')}</p>}
      </div>
      <div className="flex shrink-0 flex-wrap gap-1">
        {p.status === 'published' && p.audience === 'everyone' && (
          <a
            href={`/blog/${p.slug}`}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('ghost', 'sm')}
            aria-label={`View on site: ${p.title} (opens in a new tab)`}
          >
            <ExternalLink className="h-4 w-4" aria-hidden="true" /> View on site
          </a>
        )}
        <Link
          to={`/cms/blogpage?slug=${encodeURIComponent(p.slug)}`}
          className={buttonClass('ghost', 'sm')}
          aria-label={`View ${p.title}`}
        >
          <Eye className="h-4 w-4" aria-hidden="true" /> View
        </Link>
        {onEdit && p.publishAt && (
          <>
            <Button variant="secondary" size="sm" onClick={() => onEdit(p.id)} aria-label={`Change the schedule of ${p.title}`}>
              Change schedule
            </Button>
            <CancelSchedule post={p} />
          </>
        )}
        {onEdit && (
          <Button variant="secondary" size="sm" onClick={() => onEdit(p.id)} aria-label={`Edit ${p.title}`}>
            <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
          </Button>
        )}
        {onDelete && (
          <Button variant="ghost" size="sm" className="text-red-700" onClick={() => onDelete(p)} aria-label={`Delete ${p.title}`}>
            <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
          </Button>
        )}
      </div>
    </li>
  );
}

/** A scheduled post back to a plain draft (issue 34). */
function CancelSchedule({ post }: { post: PostSummary }) {
  const cancel = useCancelPostSchedule();
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={cancel.isPending}
      aria-label={`Cancel the schedule of ${post.title}`}
      onClick={() =>
        cancel.mutate(post.id, {
          onSuccess: () => toast.success('Schedule cancelled: the post stays a draft'),
          onError: (err) => toast.error(err.message || 'The schedule could not be cancelled'),
        })
      }
    >
      Cancel schedule
    </Button>
  );
}
