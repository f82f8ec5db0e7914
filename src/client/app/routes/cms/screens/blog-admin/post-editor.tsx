import { X } from 'lucide-react';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type ComponentProps, type RefObject } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { AudienceFields } from '#client/components/cms/audience-fields.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { LazyRichTextEditor } from '#client/features/posts/components/lazy-rich-text-editor.tsx';
import { SafeImage } from '#client/features/media/components/safe-image.tsx';
import { TextArea } from '#client/features/media/components/textarea.tsx';
import { UploadProgress } from '#client/features/media/components/upload-progress.tsx';
import { usePost, useSavePost } from '#client/features/posts/api/posts.ts';
import { PostHtml } from '#client/features/posts/components/post-html.tsx';
import { useSlugCheck, type SlugState } from '#client/features/posts/hooks/use-slug-check.ts';
import { useProgrammes } from '#client/features/admissions/api/get-programmes.ts';
import { useCan } from '#client/features/auth/hooks/use-can.ts';
import { useMailPost } from '#client/features/newsletter/api/mail-post.ts';
import { useSchoolProfile } from '#client/features/school/api/school.ts';
import { PostHistoryDialog } from '#client/features/posts/components/post-history-dialog.tsx';
import { ScheduleBox } from '#client/features/posts/components/schedule-box.tsx';
import { AlertDialog } from '#client/components/ui/alert-dialog.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { showServerErrors, useZodForm } from '#client/lib/zod-form.ts';
import { formatScheduledFor } from '#shared/dates.ts';
import { CONTENT_AUDIENCES } from '#shared/schemas/audience.ts';
import { PostFormSchema, slugify, type Post, type PostFormValues } from '#shared/schemas/post.ts';
import { PUBLISH_AT_PAST } from '#shared/schemas/publish-at.ts';

/** The post the editor holds: its id (null: a new one), cover and fields. */
interface Draft {
  id: number | null;
  cover: string | null;
  /** Issue 34: published now, and when the server publishes it (a scheduled draft). */
  published: boolean;
  publishAt: string | null;
  values: PostFormValues;
}

const EMPTY: Draft = {
  id: null,
  cover: null,
  published: false,
  publishAt: null,
  values: {
    title: '',
    slug: '',
    excerpt: '',
    tags: '',
    content: '',
    audience: 'everyone',
    audienceBranch: null,
    audienceProgramme: null,
    coverFile: null,
    removeCover: false,
  },
};

const draftOf = (p: Post): Draft => ({
  id: p.id,
  cover: p.cover_image,
  published: p.status === 'published',
  publishAt: p.publishAt,
  values: {
    title: p.title,
    slug: p.slug,
    excerpt: p.excerpt,
    tags: p.tags.join(', '),
    content: p.content,
    audience: p.audience,
    audienceBranch: p.audienceBranch,
    audienceProgramme: p.audienceProgramme,
    coverFile: null,
    removeCover: false,
  },
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
  // A restore from the history changes the post: the form starts again from it.
  return <PostForm key={post.data.updated_at} initial={draftOf(post.data)} onDone={onDone} />;
});

type PostEditorControl = UseFormReturn<PostFormValues, unknown, z.output<typeof PostFormSchema>>['control'];

/** What the slug field accepts as typed: a URL segment, spaces as hyphens. */
const typedSlug = (value: string) => slugify(value.replace(/ /g, '-')) || value.toLowerCase().replace(/[^a-z0-9-]/g, '');

/** The first message the form holds (the one the editor shows), field by field in the form's order. */
function firstMessage(errors: object): string | undefined {
  for (const value of Object.values(errors) as unknown[]) {
    if (!value || typeof value !== 'object') continue;
    const own = (value as { message?: unknown }).message;
    const found = typeof own === 'string' && own ? own : firstMessage(value);
    if (found) return found;
  }
  return undefined;
}

/**
 * The fields live in the form library, not in React state: typing re-renders only the parts that
 * show what is typed (the slug's address, the tags, the preview), not the whole editor.
 */
function PostForm({ initial, onDone }: { initial: Draft; onDone: () => void }) {
  const [progress, setProgress] = useState<number | null>(null);
  const save = useSavePost(setProgress);
  // Issue 33: staff who send mailings may e-mail a post for everyone to the newsletter's subscribers.
  const canMail = useCan('notices', 'write');
  const mail = useMailPost();
  const [mailIt, setMailIt] = useState(false);
  // Checked when saved, then as fields change: the editor's one message is an alert, not for every Tab.
  const form = useZodForm(PostFormSchema, { defaultValues: initial.values, mode: 'onSubmit' });
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const formRef = useRef<HTMLFormElement>(null);
  const slugTouched = useRef(initial.id !== null);
  const slugState = useRef<SlugState>('idle');
  const problemId = useId();
  const [coverFile, removeCover] = useWatch({ control: form.control, name: ['coverFile', 'removeCover'] });
  const school = useSchoolProfile().data;
  const branches = school?.branches ?? [];
  const timeZone = school?.timezone ?? 'UTC';
  const canWrite = useCan('blog', 'write');
  const [historyOpen, setHistoryOpen] = useState(false);
  const [scheduling, setScheduling] = useState(initial.publishAt !== null);
  /** The time chosen had passed when saved: the editor asks whether to publish now instead. */
  const [askPublishNow, setAskPublishNow] = useState(false);
  const programmes = useProgrammes().data ?? [];
  const previewUrl = useMemo(() => (coverFile ? URL.createObjectURL(coverFile) : null), [coverFile]);
  useEffect(() => {
    if (initial.id !== null) formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [initial.id]);

  const setContent = useCallback(
    (content: string) => form.setValue('content', content, { shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
    [form],
  );
  const reset = onDone;

  /** Saves as a draft or published; `publishAt` schedules the draft (an ISO time), null cancels, left out keeps. */
  const submit = (status: 'draft' | 'published', publishAt?: string | null) =>
    form.handleSubmit(async ({ coverFile, removeCover, ...post }) => {
      if (slugState.current === 'taken')
        return form.setError('root.slug', { type: 'taken', message: 'Fix slug error before submitting' });
      try {
        const saved = await save.mutateAsync({ id: initial.id, form: { ...post, status, coverFile, removeCover, publishAt } });
        toast.success(
          saved.publishAt
            ? `Scheduled for ${formatScheduledFor(saved.publishAt, timeZone)}`
            : publishAt === null
              ? 'Schedule cancelled'
              : initial.id !== null
                ? 'Post updated'
                : status === 'published'
                  ? 'Published!'
                  : 'Saved',
        );
        if (status === 'published' && mailIt && post.audience === 'everyone') await mailToSubscribers(saved.id);
        reset();
      } catch (err) {
        if (err instanceof ApiError && (err.body as { code?: string } | undefined)?.code === PUBLISH_AT_PAST) {
          setAskPublishNow(true);
          return;
        }
        const message = showServerErrors(form, err) ?? (err as Error).message;
        if (message) form.setError('root.server', { type: 'server', message });
        toast.error(message || 'Server error');
      } finally {
        setProgress(null);
      }
    });

  /** After the post is saved: its own message, whatever the answer (an e-mail already sent is a 409 said as it is). */
  const mailToSubscribers = async (postId: number) => {
    try {
      const started = await mail.mutateAsync(postId);
      toast.success(`E-mailing the post to ${started.recipients} subscriber${started.recipients === 1 ? '' : 's'}`);
    } catch (err) {
      toast.error((err as Error).message || 'The post could not be e-mailed');
    }
  };

  const problem = firstMessage(form.formState.errors);
  /** A field the editor's message is about points to it. */
  const marked = (name: 'title' | 'slug' | 'excerpt' | 'tags') =>
    form.formState.errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': problemId } : {};
  const coverShown = previewUrl ?? (removeCover ? null : initial.cover);
  const title = form.register('title');
  const slug = form.register('slug');

  return (
    <form
      ref={formRef}
      onSubmit={(e) => void submit('published')(e)}
      noValidate
      className="mt-6 scroll-mt-20 space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold text-slate-900">{initial.id !== null ? 'Edit Post' : 'New Post'}</h2>
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
          maxLength={200}
          {...title}
          {...marked('title')}
          onChange={(e) => {
            if (!slugTouched.current) form.setValue('slug', slugify(e.target.value));
            return title.onChange(e);
          }}
        />
        <SlugField
          control={form.control}
          postId={initial.id}
          slugStateRef={slugState}
          {...slug}
          {...marked('slug')}
          onChange={(e) => {
            e.target.value = typedSlug(e.target.value);
            slugTouched.current = true;
            return slug.onChange(e);
          }}
        />
        <TextArea label="Excerpt" rows={2} maxLength={500} {...form.register('excerpt')} {...marked('excerpt')} />
        <div>
          <Label htmlFor="post-cover">Cover image</Label>
          <input
            id="post-cover"
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            onChange={(e) => form.setValue('coverFile', e.target.files?.[0] ?? null, { shouldDirty: true })}
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
                onClick={() => {
                  form.setValue('coverFile', null, { shouldDirty: true });
                  form.setValue('removeCover', true, { shouldDirty: true });
                }}
                className="absolute top-1 right-1 rounded-full bg-white/90 p-1 shadow"
                aria-label="Remove cover image"
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </button>
            </div>
          )}
        </div>
        <Field label="Tags" {...form.register('tags')} {...marked('tags')} hint="Separate tags with commas, e.g. Play, Nature" />
        <TagList control={form.control} />
        <AudienceFields
          form={form}
          audiences={CONTENT_AUDIENCES}
          branches={branches}
          programmes={programmes}
          note="Not on the public website, its blog, feed or sitemap: only these families read it, in the family area."
        />
        <div>
          <p id="post-body-label" className="mb-1 text-sm font-semibold text-slate-800">
            Content
          </p>
          {/* TipTap comes in its own chunk, after the form is painted: a member of staff who only reads the blog never loads it. */}
          <LazyRichTextEditor value={initial.values.content} onChange={setContent} labelId="post-body-label" />
        </div>
      </div>
      {mode === 'preview' && <PostPreview control={form.control} cover={coverShown} />}
      {canMail && <MailOption control={form.control} checked={mailIt} onChange={setMailIt} scheduling={scheduling} />}
      {scheduling && !initial.published && (
        <ScheduleBox
          timeZone={timeZone}
          scheduledAt={initial.publishAt}
          pending={save.isPending}
          onSchedule={(at) => void submit('draft', at)()}
          onCancelSchedule={() => void submit('draft', null)()}
        />
      )}

      {problem && (
        <p id={problemId} role="alert" className="text-sm font-semibold text-red-700">
          {problem}
        </p>
      )}
      <UploadProgress value={progress} label="Saving" />
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        {initial.id !== null && (
          <Button variant="ghost" onClick={reset}>
            Cancel
          </Button>
        )}
        {initial.id !== null && (
          <Button variant="secondary" onClick={() => setHistoryOpen(true)}>
            History
          </Button>
        )}
        <Button variant="secondary" disabled={save.isPending} onClick={() => void submit('draft')()}>
          Save Draft
        </Button>
        {!initial.published && !scheduling && (
          <Button variant="secondary" onClick={() => setScheduling(true)}>
            Schedule…
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          Publish
        </Button>
      </div>
      <AlertDialog
        open={askPublishNow}
        onOpenChange={setAskPublishNow}
        title="That time has already passed."
        description="That time has already passed. Publish now instead?"
        confirmLabel="Publish now"
        pendingLabel="Publishing…"
        pending={save.isPending}
        onConfirm={() => {
          setAskPublishNow(false);
          void submit('published')();
        }}
      />
      {initial.id !== null && (
        <PostHistoryDialog
          postId={initial.id}
          open={historyOpen}
          onClose={() => setHistoryOpen(false)}
          timeZone={timeZone}
          canWrite={canWrite}
          unsaved={form.formState.isDirty}
          onRestored={() => setHistoryOpen(false)}
        />
      )}
    </form>
  );
}

/** The slug as typed, its address, and whether another post has it (checked as it changes). */
function SlugField({
  control,
  postId,
  slugStateRef,
  ...input
}: Omit<ComponentProps<typeof Field>, 'label'> & {
  control: PostEditorControl;
  postId: number | null;
  slugStateRef: RefObject<SlugState>;
}) {
  const slug = useWatch({ control, name: 'slug' });
  const state = useSlugCheck(slug, postId);
  useEffect(() => {
    slugStateRef.current = state;
  }, [slugStateRef, state]);
  return (
    <div>
      <Field
        label="Slug"
        required
        maxLength={120}
        {...input}
        hint={`/blog/${slug || 'your-post'}`}
        error={state === 'taken' ? 'This URL is already in use.' : state === 'error' ? 'Error checking slug' : undefined}
      />
      {state === 'available' && <p className="mt-1 text-xs font-medium text-green-700">This URL is available.</p>}
    </div>
  );
}

/** Issue 33: a post for everyone can go to the newsletter's subscribers when it is published (once). */
function MailOption({
  control,
  checked,
  onChange,
  scheduling,
}: {
  control: PostEditorControl;
  checked: boolean;
  onChange: (on: boolean) => void;
  /** Issue 34: the server's publish at the scheduled time e-mails nobody. */
  scheduling: boolean;
}) {
  const audience = useWatch({ control, name: 'audience' });
  if (audience !== 'everyone') return null;
  return (
    <div className="flex items-start gap-2 rounded-xl bg-slate-50 p-3">
      <input
        id="post-mail-subscribers"
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby="post-mail-subscribers-hint"
        className="mt-1 h-4 w-4"
      />
      <div>
        <Label htmlFor="post-mail-subscribers">E-mail this post to newsletter subscribers</Label>
        <p id="post-mail-subscribers-hint" className="text-xs text-slate-600">
          Sent once, when you press Publish, to everyone subscribed to news. A post already e-mailed is not sent again.
          {scheduling && ' Not when the server publishes a scheduled post: tick it and press Publish once it is out.'}
        </p>
      </div>
    </div>
  );
}

function TagList({ control }: { control: PostEditorControl }) {
  const tags = parseTags(useWatch({ control, name: 'tags' }));
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Tags">
      {tags.map((t) => (
        <li key={t} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
          #{t}
        </li>
      ))}
    </ul>
  );
}

function PostPreview({ control, cover }: { control: PostEditorControl; cover: string | null }) {
  const [title, excerpt, content] = useWatch({ control, name: ['title', 'excerpt', 'content'] });
  return (
    <article className="rounded-xl border border-slate-200 p-4">
      <h3 className="text-2xl font-bold text-slate-900">{title || 'Untitled'}</h3>
      {excerpt && <p className="mt-1 text-slate-600">{excerpt}</p>}
      {cover && <SafeImage src={cover} alt="" className="mt-3 aspect-video w-full rounded-xl" />}
      <PostHtml html={content} className="mt-4" />
    </article>
  );
}
