import { X } from 'lucide-react';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { SafeImage } from '#client/features/media/components/safe-image.tsx';
import { TextArea } from '#client/features/media/components/textarea.tsx';
import { UploadProgress } from '#client/features/media/components/upload-progress.tsx';
import { usePost, useSavePost } from '#client/features/posts/api/posts.ts';
import { PostHtml } from '#client/features/posts/components/post-html.tsx';
import { useSlugCheck } from '#client/features/posts/hooks/use-slug-check.ts';
import { htmlHasContent, slugify, type Post } from '#shared/schemas/post.ts';

/**
 * TipTap (about 110 KB compressed) comes in its own chunk, after the form is drawn: the blog screen
 * opens without it, and a member of staff who only reads the blog never downloads it.
 */
const RichTextEditor = lazy(async () => ({
  default: (await import('#client/features/posts/components/rich-text-editor.tsx')).RichTextEditor,
}));

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

const draftOf = (p: Post): Draft => ({
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

export const parseTags = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];

/**
 * The blog editor: a new post, or the post `postId` read whole from the server. Its state is its
 * own, so typing re-renders the form and nothing else on the screen (the list below is a sibling).
 * `onDone` runs after a save or Cancel; the screen then shows an empty editor.
 */
export const PostEditor = memo(function PostEditor({ postId, onDone }: { postId: number | null; onDone: () => void }) {
  const post = usePost(postId);
  if (postId === null) return <PostForm initial={EMPTY} onDone={onDone} />;
  if (post.isError)
    return (
      <p role="alert" className="mt-6 rounded-2xl border border-red-200 bg-white p-4 text-red-700">
        Failed to load post
      </p>
    );
  if (!post.data) return <p className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 text-slate-600">Loading post...</p>;
  return <PostForm initial={draftOf(post.data)} onDone={onDone} />;
});

function PostForm({ initial, onDone }: { initial: Draft; onDone: () => void }) {
  const [progress, setProgress] = useState<number | null>(null);
  const save = useSavePost(setProgress);
  const [draft, setDraft] = useState<Draft>(initial);
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [error, setError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const slugState = useSlugCheck(draft.slug, draft.id);
  const previewUrl = useMemo(() => (draft.coverFile ? URL.createObjectURL(draft.coverFile) : null), [draft.coverFile]);
  useEffect(() => {
    if (initial.id !== null) formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [initial.id]);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setContent = useCallback((content: string) => setDraft((d) => ({ ...d, content })), []);
  const reset = onDone;

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

  const coverShown = previewUrl ?? (draft.removeCover ? null : draft.cover);

  return (
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
              slugState === 'taken' ? 'This URL is already in use.' : slugState === 'error' ? 'Error checking slug' : undefined
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
          <Suspense fallback={<div className="h-64 rounded-lg border border-slate-300 bg-white" />}>
            <RichTextEditor value={draft.content} onChange={setContent} labelId="post-body-label" />
          </Suspense>
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
  );
}
