import { useState, type ReactNode } from 'react';
import { AlertDialog } from '#client/components/ui/alert-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';

/** The kept versions as a query holds them. */
interface VersionsQuery<V> {
  data?: V[];
  isError: boolean;
  error: Error | null;
}

/**
 * The History dialog of a section's words or of a page (issue 30), or of a post (issue 34): the
 * earlier versions, newest first, each with who made it and when. Compare shows what `comparison`
 * draws (what differs from now); Restore, confirmed, puts the version back.
 */
export function VersionHistory<V extends { id: number }>({
  open,
  onClose,
  versions,
  byline,
  what,
  restoreNote,
  canWrite,
  restoring,
  onRestore,
  comparison,
  description = 'The versions parents read before, newest first.',
  confirmLabel = 'Restore and publish',
  emptyNote,
}: {
  open: boolean;
  onClose: () => void;
  versions: VersionsQuery<V>;
  byline: (version: V) => string;
  /** What a version is, in "Each publish keeps the … it replaces": 'text', 'page'. */
  what: string;
  /** Said after the byline when a restore is confirmed. */
  restoreNote: string;
  canWrite: boolean;
  restoring: boolean;
  /** Whether the version was restored. */
  onRestore: (version: V) => Promise<boolean>;
  comparison: (version: V) => ReactNode;
  /** Under the dialog's title. */
  description?: string;
  /** The confirm button of a restore. */
  confirmLabel?: string;
  /** Said when there is no version yet (else: each publish keeps the `what` it replaces). */
  emptyNote?: string;
}) {
  const [comparing, setComparing] = useState<V | null>(null);
  const [confirming, setConfirming] = useState<V | null>(null);
  const close = () => {
    setComparing(null);
    onClose();
  };
  let body;
  if (comparing)
    body = (
      <div>
        <h3 className="font-bold text-slate-900">{byline(comparing)}</h3>
        {comparison(comparing)}
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setComparing(null)}>
            Back to the list
          </Button>
          {canWrite && <Button onClick={() => setConfirming(comparing)}>Restore this version</Button>}
        </div>
      </div>
    );
  else if (versions.isError)
    body = (
      <p role="alert" className="text-red-700">
        Could not load the history: {versions.error?.message}
      </p>
    );
  else if (!versions.data) body = <p className="text-slate-600">Loading…</p>;
  else if (versions.data.length === 0)
    body = (
      <p className="text-slate-700">{emptyNote ?? `No earlier versions yet. Each publish keeps the ${what} it replaces here.`}</p>
    );
  else
    body = (
      <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Earlier versions">
        {versions.data.map((v) => (
          <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <span className="text-sm text-slate-800">{byline(v)}</span>
            <span className="flex gap-2">
              <Button variant="secondary" size="sm" onClick={() => setComparing(v)} aria-label={`Compare: ${byline(v)}`}>
                Compare
              </Button>
              {canWrite && (
                <Button variant="secondary" size="sm" onClick={() => setConfirming(v)} aria-label={`Restore: ${byline(v)}`}>
                  Restore
                </Button>
              )}
            </span>
          </li>
        ))}
      </ol>
    );

  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()} title="History" description={description} width="max-w-3xl">
      {body}
      <AlertDialog
        open={confirming !== null}
        onOpenChange={(o) => !o && setConfirming(null)}
        title="Restore this version?"
        description={confirming && `${byline(confirming)}. ${restoreNote}`}
        confirmLabel={confirmLabel}
        pendingLabel="Restoring…"
        pending={restoring}
        onConfirm={() =>
          void onRestore(confirming!).then((restored) => {
            setConfirming(null);
            if (restored) close();
          })
        }
      />
    </Dialog>
  );
}
