import { Eye, Pencil, Trash2, X } from 'lucide-react';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClass } from '../../../../components/ui/button.tsx';
import { useCan } from '../../../../features/auth/hooks/use-can.ts';
import { Field } from '../../../../components/ui/field.tsx';
import { Label } from '../../../../components/ui/label.tsx';
import { useSchoolTimezone } from '#client/features/school/api/school.ts';
import { ConfirmDialog } from '../../../../features/media/components/confirm-dialog.tsx';
import { SafeImage } from '../../../../features/media/components/safe-image.tsx';
import { TextArea } from '../../../../features/media/components/textarea.tsx';
import { UploadProgress } from '../../../../features/media/components/upload-progress.tsx';
import { useDeletePost, usePosts, useSavePost } from '../../../../features/posts/api/posts.ts';
import { PostHtml } from '../../../../features/posts/components/post-html.tsx';
import { RichTextEditor } from '../../../../features/posts/components/rich-text-editor.tsx';
import { useSlugCheck } from '../../../../features/posts/hooks/use-slug-check.ts';
import { htmlHasContent, slugify, type Post } from '../../../../../shared/schemas/post.ts';
import { formatShortDate } from '../../../../../shared/dates.ts';

interface Draft {
  id: number | null;
  title: string;
  slug: string;
  slugTouched: boolean;
  excerpt: string;
  content: string;
  tags: string;
  cover: string | null;
  coverFile: File | null;
  removeCover: boolean;
}

const EMPTY: Draft = {
  id: null,
  title: '',
  slug: '',
  slugTouched: false,
  excerpt: '',
  content: '',
  tags: '',
  cover: null,
  coverFile: null,
  removeCover: false,
};

const parseTags = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];

/** §2 Blog admin (/cms/blog and /cms/blogpage): counters, the editor, the list of posts. */
export default function BlogAdminScreen() {
  const { data: posts = [], isLoading, isError, error: loadError } = usePosts();
  const canWrite = useCan('blog', 'write');
  const canDelete = useCan('blog', 'delete');
  const timeZone = useSchoolTimezone() ?? 'UTC';
  const [progress, setProgress] = useState<number | null>(null);
  const save = useSavePost(setProgress);
  const remove = useDeletePost();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [error, setError] = useState<string>();
  const [confirm, setConfirm] = useState<Post | null>(null);
  const [formKey, setFormKey] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const slugState = useSlugCheck(draft.slug, draft.id);
  const previewUrl = useMemo(() => (draft.coverFile ? URL.createObjectURL(draft.coverFile) : null), [draft.coverFile]);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const reset = () => {
    setDraft(EMPTY);
    setError(undefined);
    setMode('edit');
    setFormKey((k) => k + 1);
  };

  const edit = (p: Post) => {
    setDraft({
      id: p.id,
      title: p.title,
      slug: p.slug,
      slugTouched: true,
      excerpt: p.excerpt,
      content: p.content,
      tags: p.tags.join(', '),
      cover: p.cover_image,
      coverFile: null,
      removeCover: false,
    });
    setError(undefined);
    setMode('edit');
    setFormKey((k) => k + 1);
    formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const submit = async (status: 'draft' | 'published', e?: FormEvent) => {
    e?.preventDefault();
    if (!draft.title.trim() || !draft.slug || !htmlHasContent(draft.content))
      return setError('All required fields must be filled');
    if (slugState === 'taken') return setError('Fix slug error before submitting');
    setError(undefined);
    try {
      await save.mutateAsync({
        id: draft.id,
        form: {
          title: draft.title,
          slug: draft.slug,
          excerpt: draft.excerpt,
          content: draft.content,
          status,
          tags: parseTags(draft.tags),
          coverFile: draft.coverFile,
          removeCover: draft.removeCover,
        },
      });
      toast.success(draft.id !== null ? 'Post updated' : status === 'published' ? 'Published!' : 'Saved');
      reset();
    } catch (err) {
      const message = (err as Error).message || 'Server error';
      setError(message);
      toast.error(message);
    } finally {
      setProgress(null);
    }
  };

  const doDelete = async () => {
    if (!confirm) return;
    try {
      await remove.mutateAsync(confirm.id);
      toast.success('Post deleted');
      if (draft.id === confirm.id) reset();
    } catch (err) {
      toast.error((err as Error).message || 'Failed to delete');
    } finally {
      setConfirm(null);
    }
  };

  const published = posts.filter((p) => p.status === 'published').length;
  const coverShown = previewUrl ?? (draft.removeCover ? null : draft.cover);

  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold text-slate-900">Blog</h1>
      <dl className="mt-6 grid grid-cols-3 gap-3">
        {[
          ['Total Posts', posts.length],
          ['Published', published],
          ['Drafts', posts.length - published],
        ].map(([label, value]) => (
          <div key={label} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      {canWrite && (
        <form
          ref={formRef}
          onSubmit={(e) => void submit('published', e)}
          noValidate
          className="mt-6 scroll-mt-20 space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-bold text-slate-900">{draft.id !== null ? 'Edit Post' : 'New Post'}</h2>
            <div className="inline-flex rounded-lg border border-slate-300 p-0.5" role="group" aria-label="Editor mode">
              {(['edit', 'preview'] as const).map((m) => (
                <button
                  key={m}
                  type="button"
                  aria-pressed={mode === m}
                  onClick={() => setMode(m)}
                  className={`rounded-md px-3 py-1 text-sm font-semibold ${mode === m ? 'bg-brand-600 text-white' : 'text-slate-700'}`}
                >
                  {m === 'edit' ? 'Edit' : 'Preview'}
                </button>
              ))}
            </div>
          </div>

          <div className={mode === 'edit' ? 'space-y-5' : 'hidden'}>
            <Field
              label="Title"
              required
              value={draft.title}
              maxLength={200}
              onChange={(e) => set({ title: e.target.value, ...(draft.slugTouched ? {} : { slug: slugify(e.target.value) }) })}
            />
            <div>
              <Field
                label="Slug"
                required
                value={draft.slug}
                maxLength={120}
                onChange={(e) =>
                  set({
                    slug: slugify(e.target.value.replace(/ /g, '-')) || e.target.value.toLowerCase().replace(/[^a-z0-9-]/g, ''),
                    slugTouched: true,
                  })
                }
                hint={`/blog/${draft.slug || 'your-post'}`}
                error={
                  slugState === 'taken'
                    ? 'This URL is already in use.'
                    : slugState === 'error'
                      ? 'Error checking slug'
                      : undefined
                }
              />
              {slugState === 'available' && <p className="mt-1 text-xs font-medium text-green-700">This URL is available.</p>}
            </div>
            <TextArea
              label="Excerpt"
              rows={2}
              value={draft.excerpt}
              maxLength={500}
              onChange={(e) => set({ excerpt: e.target.value })}
            />
            <div>
              <Label htmlFor="post-cover">Cover image</Label>
              <input
                id="post-cover"
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                onChange={(e) => set({ coverFile: e.target.files?.[0] ?? null })}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:font-semibold file:text-white"
              />
              {coverShown && (
                <div className="relative mt-2 w-fit">
                  <SafeImage
                    src={coverShown}
                    alt="Cover preview"
                    className="aspect-video w-64 rounded-lg border border-slate-200"
                    sizes="16rem"
                  />
                  <button
                    type="button"
                    onClick={() => set({ coverFile: null, removeCover: true })}
                    className="absolute top-1 right-1 rounded-full bg-white/90 p-1 shadow"
                    aria-label="Remove cover image"
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                  </button>
                </div>
              )}
            </div>
            <Field
              label="Tags"
              value={draft.tags}
              onChange={(e) => set({ tags: e.target.value })}
              hint="Separate tags with commas, e.g. Play, Nature"
            />
            {parseTags(draft.tags).length > 0 && (
              <ul className="flex flex-wrap gap-1" aria-label="Tags">
                {parseTags(draft.tags).map((t) => (
                  <li key={t} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                    #{t}
                  </li>
                ))}
              </ul>
            )}
            <div>
              <p id="post-body-label" className="mb-1 text-sm font-semibold text-slate-800">
                Content
              </p>
              <RichTextEditor
                key={formKey}
                value={draft.content}
                onChange={(html) => set({ content: html })}
                labelId="post-body-label"
              />
            </div>
          </div>
          {mode === 'preview' && (
            <article className="rounded-xl border border-slate-200 p-4">
              <h3 className="text-2xl font-bold text-slate-900">{draft.title || 'Untitled'}</h3>
              {draft.excerpt && <p className="mt-1 text-slate-600">{draft.excerpt}</p>}
              {coverShown && <SafeImage src={coverShown} alt="" className="mt-3 aspect-video w-full rounded-xl" />}
              <PostHtml html={draft.content} className="mt-4" />
            </article>
          )}

          {error && (
            <p role="alert" className="text-sm font-semibold text-red-700">
              {error}
            </p>
          )}
          <UploadProgress value={progress} label="Saving" />
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
            {draft.id !== null && (
              <Button variant="ghost" onClick={reset}>
                Cancel
              </Button>
            )}
            <Button variant="secondary" disabled={save.isPending} onClick={() => void submit('draft')}>
              Save Draft
            </Button>
            <Button type="submit" disabled={save.isPending}>
              Publish
            </Button>
          </div>
        </form>
      )}

      <section className="mt-8" aria-labelledby="posts-heading">
        <h2 id="posts-heading" className="text-lg font-bold text-slate-900">
          Posts ({posts.length})
        </h2>
        {isLoading && <p className="mt-3 text-slate-600">Loading...</p>}
        {isError && (
          <p role="alert" className="mt-3 text-red-700">
            {loadError?.message || 'Failed to load blogs. Please try again later.'}
          </p>
        )}
        {!isLoading && !isError && posts.length === 0 && <p className="mt-3 text-slate-600">No blogs found.</p>}
        <ul className="mt-3 space-y-3">
          {posts.map((p) => (
            <li
              key={p.id}
              className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center"
            >
              <SafeImage src={p.cover_image} alt="" className="aspect-video w-full shrink-0 rounded-xl sm:w-36" sizes="9rem" />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-semibold break-words text-slate-900">{p.title}</h3>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${p.status === 'published' ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'}`}
                  >
                    {p.status === 'published' ? 'Published' : 'Draft'}
                  </span>
                </div>
                <p className="mt-0.5 text-xs text-slate-600">
                  /blog/{p.slug} · Created {formatShortDate(p.created_at, timeZone)} · Updated{' '}
                  {formatShortDate(p.updated_at, timeZone)}
                  {p.author ? ` · ${p.author}` : ''}
                </p>
                {p.excerpt && <p className="mt-1 line-clamp-2 text-sm text-slate-700">{p.excerpt}</p>}
                {p.tags.length > 0 && <p className="mt-1 text-xs text-slate-700">{p.tags.map((t) => `#${t}`).join(' ')}</p>}
              </div>
              <div className="flex shrink-0 gap-1">
                <Link
                  to={`/cms/blogpage?slug=${encodeURIComponent(p.slug)}`}
                  className={buttonClass('ghost', 'sm')}
                  aria-label={`View ${p.title}`}
                >
                  <Eye className="h-4 w-4" aria-hidden="true" /> View
                </Link>
                {canWrite && (
                  <Button variant="secondary" size="sm" onClick={() => edit(p)} aria-label={`Edit ${p.title}`}>
                    <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
                  </Button>
                )}
                {canDelete && (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-700"
                    onClick={() => setConfirm(p)}
                    aria-label={`Delete ${p.title}`}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={!!confirm}
        message="Delete this post? This cannot be undone."
        pending={remove.isPending}
        onConfirm={doDelete}
        onCancel={() => setConfirm(null)}
      />
    </div>
  );
}
