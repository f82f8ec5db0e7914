import { useFormState } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import type { SitePage } from '#shared/schemas/site-page.ts';

/** Preview, Save draft and Publish at the foot of the form; says when changes are unsaved. */
export function PageActionBar({
  page,
  canWrite,
  busy,
  onPreview,
  onPublish,
}: {
  page: SitePage | null;
  canWrite: boolean;
  busy: boolean;
  onPreview: () => void;
  onPublish: () => void;
}) {
  const { isDirty, isSubmitting } = useFormState();
  const waiting = page?.draft ? 'Draft saved, not published' : page ? 'Everything is published' : 'Not saved yet';
  return (
    <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 sm:-mx-6 sm:px-6">
      <p className="mr-auto text-sm text-slate-700" aria-live="polite">
        {isDirty ? 'Unsaved changes' : waiting}
      </p>
      <Button variant="secondary" onClick={onPreview} disabled={busy || (!page && !canWrite)}>
        Preview
      </Button>
      {canWrite && (
        <>
          <Button variant="secondary" type="submit" disabled={busy || isSubmitting || (!!page && !isDirty)}>
            Save draft
          </Button>
          {page && (
            <Button onClick={onPublish} disabled={busy || (!isDirty && !page.draft)}>
              Publish
            </Button>
          )}
        </>
      )}
    </div>
  );
}
