import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from '#client/lib/api-client.ts';
import { showServerErrors } from '#client/lib/zod-form.ts';
import { SECTION_TITLES } from '#shared/schemas/site-content-defaults.ts';
import {
  useDiscardDraft,
  usePublish,
  useResetToDefault,
  useSaveDraft,
  type SectionChange,
  type SectionDocument,
} from '../api/sections.ts';
import { useRestoreVersion } from '../api/versions.ts';

const DRAFT_SAVED = 'Draft saved. Parents see it once you publish.';

/** The server names a field of the saved document `content.hero.headline`; the form, `hero.headline`. */
function withFormPaths(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([path, message]) => [path.replace(/^content\./, ''), message]),
  );
  return new ApiError(error.status, error.message, fields, error.body);
}

/**
 * What the editor's buttons do to the section: each answer from the server is the section as it
 * now is, which the form then holds; a refusal lands on the fields it names, the rest in a toast.
 * Preview and Publish save what the form holds first when it differs from the saved draft.
 */
export function useSectionActions({
  doc,
  form,
  isDirty,
  canWrite,
  onPreview,
}: {
  doc: SectionDocument;
  form: UseFormReturn<FieldValues, unknown, FieldValues>;
  isDirty: boolean;
  canWrite: boolean;
  onPreview: () => void;
}) {
  const key = doc.key;
  const saveDraft = useSaveDraft(key);
  const discard = useDiscardDraft(key);
  const publish = usePublish(key);
  const reset = useResetToDefault(key);
  const restore = useRestoreVersion(key);
  /** What the server kept and why (a programme with applications stays, hidden). */
  const [notices, setNotices] = useState<string[]>([]);
  const title = SECTION_TITLES[key];

  const took = (section: SectionChange) => {
    form.reset((section.draft ?? section.published) as FieldValues);
    setNotices(section.notices ?? []);
  };
  const failed = (error: unknown, fallback: string) => toast.error(showServerErrors(form, withFormPaths(error)) ?? fallback);
  const invalid = () => toast.error('Some fields need your attention: see the messages in red.');
  const saveIfChanged = async (values: FieldValues) => {
    if (isDirty || !doc.draft) took(await saveDraft.mutateAsync(values as never));
  };
  /** A confirmed action without fields of its own: whether it was done (a refusal is said in a toast). */
  const confirmed = async (run: () => Promise<SectionChange>, done: string): Promise<boolean> => {
    try {
      took(await run());
      toast.success(done);
      return true;
    } catch (error) {
      toast.error((error as Error).message);
      return false;
    }
  };

  return {
    notices,
    busy: saveDraft.isPending || publish.isPending || discard.isPending || reset.isPending || restore.isPending,
    saving: saveDraft.isPending,
    publishing: publish.isPending,
    discarding: discard.isPending,
    resetting: reset.isPending,
    restoring: restore.isPending,
    save: form.handleSubmit(async (values) => {
      try {
        took(await saveDraft.mutateAsync(values as never));
        toast.success(DRAFT_SAVED);
      } catch (error) {
        failed(error, 'The draft was not saved.');
      }
    }, invalid),
    preview: form.handleSubmit(async (values) => {
      try {
        if (canWrite && isDirty) {
          await saveIfChanged(values);
          toast.success(DRAFT_SAVED);
        }
        onPreview();
      } catch (error) {
        failed(error, 'The draft was not saved, so it cannot be previewed.');
      }
    }, invalid),
    publish: form.handleSubmit(async (values) => {
      try {
        await saveIfChanged(values);
        took(await publish.mutateAsync());
        toast.success(`Published: parents see the new ${title} page.`);
      } catch (error) {
        failed(error, 'The page was not published.');
      }
    }, invalid),
    /** Throws the draft away (or only the unsaved changes, when no draft was saved). */
    discard: async () => {
      if (doc.draft) return confirmed(() => discard.mutateAsync(), 'Draft discarded: the editor shows the published text.');
      form.reset();
      return true;
    },
    reset: () => confirmed(() => reset.mutateAsync(), 'The default text is in the draft: preview it, then publish.'),
    restore: (version: { id: number }) =>
      confirmed(() => restore.mutateAsync(version.id), `Version restored: parents see it on the ${title} page.`),
  };
}
