import { History, RotateCcw, Trash2 } from 'lucide-react';
import { memo, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { FormProvider, useFormState, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { AlertDialog } from '#client/components/ui/alert-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { showServerErrors, useZodForm } from '#client/lib/zod-form.ts';
import { SECTION_PATHS, SECTION_TITLES } from '#shared/schemas/site-content-defaults.ts';
import { SECTION_SCHEMAS } from '#shared/schemas/site-content.ts';
import {
  previewUrl,
  useDiscardDraft,
  usePublish,
  useResetToDefault,
  useSaveDraft,
  type SectionChange,
  type SectionDocument,
} from '../api/sections.ts';
import { useRestoreVersion } from '../api/versions.ts';
import { useLeaveWarning } from '../hooks/use-leave-warning.ts';
import { HistoryDialog } from './history-dialog.tsx';
import { PreviewDialog } from './preview-dialog.tsx';
import { SectionState } from './section-state.tsx';

/** What an editor draws inside the form: the section's fields (the form is in context). */
export type SectionFields = ComponentType<{ doc: SectionDocument }>;

const DRAFT_SAVED = 'Draft saved. Parents see it once you publish.';

type Form = UseFormReturn<FieldValues, unknown, FieldValues>;
type Confirm = 'discard' | 'reset' | null;

/** The server names a field of the saved document `content.hero.headline`; the form, `hero.headline`. */
function withFormPaths(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([path, message]) => [path.replace(/^content\./, ''), message]),
  );
  return new ApiError(error.status, error.message, fields, error.body);
}

/**
 * One section's editor: its fields bound to the section's schema (SECTION_SCHEMAS), and the
 * actions on it: save the draft, preview it, publish it, discard it, reset to the default text,
 * and the history. The fields are drawn once: the actions redraw only themselves.
 */
export function SectionEditor({
  doc,
  Fields,
  canWrite,
  when,
}: {
  doc: SectionDocument;
  Fields: SectionFields;
  canWrite: boolean;
  when: (iso: string | null) => string;
}) {
  const key = doc.key;
  const form = useZodForm(SECTION_SCHEMAS[key] as unknown as z.ZodType<FieldValues, FieldValues>, {
    defaultValues: (doc.draft ?? doc.published) as FieldValues,
  }) as Form;
  // Read here, the editor is drawn again when the form becomes changed or unchanged (the fields are not).
  const { isDirty } = useFormState({ control: form.control });
  const saveDraft = useSaveDraft(key);
  const discard = useDiscardDraft(key);
  const publish = usePublish(key);
  const reset = useResetToDefault(key);
  const restore = useRestoreVersion(key);
  const [notices, setNotices] = useState<string[]>([]);
  const [previewing, setPreviewing] = useState(false);
  const [history, setHistory] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const title = SECTION_TITLES[key];
  const busy = saveDraft.isPending || publish.isPending || discard.isPending || reset.isPending || restore.isPending;

  /** After any change the server answers with the section: the form holds what it now holds. */
  const took = (section: SectionChange) => {
    form.reset((section.draft ?? section.published) as FieldValues);
    setNotices(section.notices ?? []);
    return section;
  };
  const failed = (error: unknown, fallback: string) => {
    const unshown = showServerErrors(form, withFormPaths(error));
    toast.error(unshown ?? fallback);
  };
  const invalid = () => toast.error('Some fields need your attention: see the messages in red.');

  /** Saves what the form holds as the draft when it differs from the saved one. */
  const saveIfChanged = async (values: FieldValues) => {
    if (!isDirty && doc.draft) return doc;
    return took(await saveDraft.mutateAsync(values as never));
  };

  const onSave = form.handleSubmit(async (values) => {
    try {
      took(await saveDraft.mutateAsync(values as never));
      toast.success(DRAFT_SAVED);
    } catch (error) {
      failed(error, 'The draft was not saved.');
    }
  }, invalid);

  const onPreview = form.handleSubmit(async (values) => {
    try {
      if (canWrite && isDirty) {
        await saveIfChanged(values);
        toast.success(DRAFT_SAVED);
      }
      setPreviewing(true);
    } catch (error) {
      failed(error, 'The draft was not saved, so it cannot be previewed.');
    }
  }, invalid);

  const onPublish = form.handleSubmit(async (values) => {
    try {
      await saveIfChanged(values);
      took(await publish.mutateAsync());
      toast.success(`Published: parents see the new ${title} page.`);
    } catch (error) {
      failed(error, 'The page was not published.');
    }
  }, invalid);

  const onDiscard = async () => {
    try {
      if (doc.draft) took(await discard.mutateAsync());
      else form.reset();
      toast.success('Draft discarded: the editor shows the published text.');
    } catch (error) {
      toast.error((error as Error).message);
    }
    setConfirm(null);
  };

  const onReset = async () => {
    try {
      took(await reset.mutateAsync());
      toast.success('The default text is in the draft: preview it, then publish.');
    } catch (error) {
      toast.error((error as Error).message);
    }
    setConfirm(null);
  };

  const onRestore = async (version: { id: number }) => {
    try {
      took(await restore.mutateAsync(version.id));
      toast.success(`Version restored: parents see it on the ${title} page.`);
    } catch (error) {
      toast.error((error as Error).message);
      throw error;
    }
  };

  const stamp = encodeURIComponent(doc.draftAt ?? doc.publishedAt ?? 'default');
  return (
    <FormProvider {...form}>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{title} page</h1>
          <p className="mt-1 text-sm text-slate-600">
            The words and photos of{' '}
            <a href={SECTION_PATHS[key]} target="_blank" rel="noreferrer" className="font-semibold text-brand-700 underline">
              {SECTION_PATHS[key]}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            . The layout stays as it is.
          </p>
          <div className="mt-2">
            <SectionState section={doc} when={when} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setHistory(true)}>
            <History className="h-4 w-4" aria-hidden="true" /> History
          </Button>
          {canWrite && (
            <>
              <Button variant="secondary" size="sm" onClick={() => setConfirm('discard')} disabled={!doc.draft && !isDirty}>
                <Trash2 className="h-4 w-4" aria-hidden="true" /> Discard draft
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setConfirm('reset')}>
                <RotateCcw className="h-4 w-4" aria-hidden="true" /> Reset to the default text
              </Button>
            </>
          )}
        </div>
      </div>
      {notices.length > 0 && (
        <div role="status" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <ul className="list-disc space-y-1 pl-5">
            {notices.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </div>
      )}
      <form onSubmit={onSave} noValidate aria-label={`${title} page`}>
        <fieldset disabled={!canWrite} className="min-w-0 space-y-6">
          {!canWrite && (
            <p className="text-sm text-slate-700">
              You can read this section; changing it needs the “Website: write” permission.
            </p>
          )}
          <MemoFields doc={doc} Fields={Fields} />
        </fieldset>
        <ActionBar
          isDirty={isDirty}
          canWrite={canWrite}
          hasDraft={doc.draft !== null}
          busy={busy}
          saving={saveDraft.isPending}
          publishing={publish.isPending}
          onPreview={onPreview}
          onPublish={onPublish}
        />
      </form>
      <LeaveWarning unsaved={isDirty} />
      <PreviewDialog
        open={previewing}
        onClose={() => setPreviewing(false)}
        src={`${previewUrl(key)}&v=${stamp}`}
        pageTitle={`${title} page`}
      />
      <HistoryDialog
        sectionKey={key}
        open={history}
        onClose={() => setHistory(false)}
        published={doc.published}
        when={when}
        canWrite={canWrite}
        restoring={restore.isPending}
        unsaved={isDirty}
        onRestore={onRestore}
      />
      <AlertDialog
        open={confirm === 'discard'}
        onOpenChange={(o) => !o && setConfirm(null)}
        title="Discard the draft?"
        description="Your changes since the last publish are thrown away. Parents keep seeing the published text."
        confirmLabel="Discard the draft"
        pendingLabel="Discarding…"
        pending={discard.isPending}
        onConfirm={() => void onDiscard()}
      />
      <AlertDialog
        open={confirm === 'reset'}
        onOpenChange={(o) => !o && setConfirm(null)}
        title="Reset to the default text?"
        description={`The draft becomes the text ${title} had when Sprout was installed; your photos are taken out of it.${isDirty ? ' Your unsaved changes are lost.' : ''} Parents see it once you publish; the history keeps every published version.`}
        confirmLabel="Reset the draft"
        pendingLabel="Resetting…"
        pending={reset.isPending}
        onConfirm={() => void onReset()}
      />
    </FormProvider>
  );
}

/** The fields, drawn again only when the saved section changes (never as the actions do). */
const MemoFields = memo(function MemoFields({ doc, Fields }: { doc: SectionDocument; Fields: SectionFields }) {
  return <Fields doc={doc} />;
});

/** Save, preview and publish, kept in view at the foot of the screen; says when changes are unsaved. */
function ActionBar({
  isDirty,
  canWrite,
  hasDraft,
  busy,
  saving,
  publishing,
  onPreview,
  onPublish,
}: {
  isDirty: boolean;
  canWrite: boolean;
  hasDraft: boolean;
  busy: boolean;
  saving: boolean;
  publishing: boolean;
  onPreview: () => void;
  onPublish: () => void;
}) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 sm:-mx-6 sm:px-6">
      <p className="mr-auto text-sm text-slate-700" aria-live="polite">
        {isDirty ? 'Unsaved changes' : hasDraft ? 'Draft saved, not published' : 'Everything is published'}
      </p>
      <Button variant="secondary" onClick={onPreview} disabled={busy}>
        Preview
      </Button>
      {canWrite && (
        <>
          <Button variant="secondary" type="submit" disabled={busy || !isDirty}>
            {saving ? 'Saving…' : 'Save draft'}
          </Button>
          <Button onClick={onPublish} disabled={busy || (!isDirty && !hasDraft)}>
            {publishing ? 'Publishing…' : 'Publish'}
          </Button>
        </>
      )}
    </div>
  );
}

/** Asks before a link leaves the screen with unsaved changes (and the browser, before a reload). */
function LeaveWarning({ unsaved }: { unsaved: boolean }) {
  const { pending, stay } = useLeaveWarning(unsaved);
  const navigate = useNavigate();
  return (
    <AlertDialog
      open={pending !== null}
      onOpenChange={(o) => !o && stay()}
      title="Leave without saving?"
      description="Your changes to this page are not saved. Stay to save them as a draft, or leave and lose them."
      confirmLabel="Leave and lose the changes"
      onConfirm={() => {
        const to = pending!;
        stay();
        navigate(to);
      }}
    />
  );
}
