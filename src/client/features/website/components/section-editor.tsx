import { History, RotateCcw, Trash2 } from 'lucide-react';
import { memo, useState, type ComponentType } from 'react';
import { FormProvider, useFormState, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { AlertDialog } from '#client/components/ui/alert-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useZodForm } from '#client/lib/zod-form.ts';
import { SECTION_PATHS, SECTION_TITLES } from '#shared/schemas/site-content-defaults.ts';
import { SECTION_SCHEMAS } from '#shared/schemas/site-content.ts';
import { previewUrl, type SectionDocument } from '../api/sections.ts';
import { useSectionActions } from '../hooks/use-section-actions.ts';
import { ActionBar, LeaveWarning } from './action-bar.tsx';
import { HistoryDialog } from './history-dialog.tsx';
import { PreviewDialog } from './preview-dialog.tsx';
import { SectionState } from './section-state.tsx';

/** What an editor draws inside the form: the section's fields (the form is in context). */
export type SectionFields = ComponentType<{ doc: SectionDocument }>;

type Dialog = 'preview' | 'history' | 'discard' | 'reset' | null;

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
  }) as UseFormReturn<FieldValues, unknown, FieldValues>;
  // Read here, the editor is drawn again when the form becomes changed or unchanged (the fields are not).
  const { isDirty } = useFormState({ control: form.control });
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const actions = useSectionActions({ doc, form, isDirty, canWrite, onPreview: () => setDialog('preview') });
  const title = SECTION_TITLES[key];
  const lost = isDirty ? ' Your unsaved changes are lost.' : '';

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
          <Button variant="secondary" size="sm" onClick={() => setDialog('history')}>
            <History className="h-4 w-4" aria-hidden="true" /> History
          </Button>
          {canWrite && (
            <>
              <Button variant="secondary" size="sm" onClick={() => setDialog('discard')} disabled={!doc.draft && !isDirty}>
                <Trash2 className="h-4 w-4" aria-hidden="true" /> Discard draft
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setDialog('reset')}>
                <RotateCcw className="h-4 w-4" aria-hidden="true" /> Reset to the default text
              </Button>
            </>
          )}
        </div>
      </div>
      {actions.notices.length > 0 && (
        <div role="status" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <ul className="list-disc space-y-1 pl-5">
            {actions.notices.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </div>
      )}
      <form onSubmit={actions.save} noValidate aria-label={`${title} page`}>
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
          busy={actions.busy}
          saving={actions.saving}
          publishing={actions.publishing}
          onPreview={actions.preview}
          onPublish={actions.publish}
        />
      </form>
      <LeaveWarning unsaved={isDirty} />
      <PreviewDialog
        open={dialog === 'preview'}
        onClose={close}
        src={`${previewUrl(key)}&v=${encodeURIComponent(doc.draftAt ?? doc.publishedAt ?? 'default')}`}
        pageTitle={`${title} page`}
      />
      <HistoryDialog
        sectionKey={key}
        open={dialog === 'history'}
        onClose={close}
        published={doc.published}
        when={when}
        canWrite={canWrite}
        restoring={actions.restoring}
        unsaved={isDirty}
        onRestore={actions.restore}
      />
      <AlertDialog
        open={dialog === 'discard'}
        onOpenChange={(o) => !o && close()}
        title="Discard the draft?"
        description="Your changes since the last publish are thrown away. Parents keep seeing the published text."
        confirmLabel="Discard the draft"
        pendingLabel="Discarding…"
        pending={actions.discarding}
        onConfirm={() => void actions.discard().then(close)}
      />
      <AlertDialog
        open={dialog === 'reset'}
        onOpenChange={(o) => !o && close()}
        title="Reset to the default text?"
        description={`The draft becomes the text ${title} had when Sprout was installed; your photos are taken out of it.${lost} Parents see it once you publish; the history keeps every published version.`}
        confirmLabel="Reset the draft"
        pendingLabel="Resetting…"
        pending={actions.resetting}
        onConfirm={() => void actions.reset().then(close)}
      />
    </FormProvider>
  );
}

/** The fields, drawn again only when the saved section changes (never as the actions do). */
const MemoFields = memo(function MemoFields({ doc, Fields }: { doc: SectionDocument; Fields: SectionFields }) {
  return <Fields doc={doc} />;
});
