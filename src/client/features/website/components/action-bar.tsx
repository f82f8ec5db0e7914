import { useNavigate } from 'react-router';
import { AlertDialog } from '#client/components/ui/alert-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useLeaveWarning } from '../hooks/use-leave-warning.ts';

/** Save, preview and publish, kept in view at the foot of the screen; says when changes are unsaved. */
export function ActionBar({
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
export function LeaveWarning({ unsaved }: { unsaved: boolean }) {
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
