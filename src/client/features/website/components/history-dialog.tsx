import { useState } from 'react';
import { AlertDialog } from '#client/components/ui/alert-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import type { SectionKey } from '#shared/schemas/site-content-defaults.ts';
import { useVersion, useVersions, type VersionSummary } from '../api/versions.ts';
import { contentChanges, fieldLabel } from '../lib/content-diff.ts';

/**
 * The section's earlier published versions (the last 50): who published each and when. Compare
 * lists the fields that differ from the text published now; Restore publishes the version again.
 */
export function HistoryDialog({
  sectionKey,
  open,
  onClose,
  published,
  when,
  canWrite,
  restoring,
  unsaved,
  onRestore,
}: {
  sectionKey: SectionKey;
  open: boolean;
  onClose: () => void;
  /** The text published now. */
  published: unknown;
  when: (iso: string | null) => string;
  canWrite: boolean;
  restoring: boolean;
  /** The editor holds changes not saved: a restore replaces them. */
  unsaved: boolean;
  /** Whether the version was restored. */
  onRestore: (version: VersionSummary) => Promise<boolean>;
}) {
  const versions = useVersions(sectionKey, open);
  const [comparing, setComparing] = useState<VersionSummary | null>(null);
  const [confirming, setConfirming] = useState<VersionSummary | null>(null);
  const byline = (v: VersionSummary) =>
    `Published by ${v.publishedBy ?? 'someone no longer on the staff'} ${when(v.publishedAt)}`;

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title="History" width="max-w-3xl">
      {comparing ? (
        <Comparison
          sectionKey={sectionKey}
          version={comparing}
          byline={byline(comparing)}
          published={published}
          onBack={() => setComparing(null)}
          canWrite={canWrite}
          onRestore={() => setConfirming(comparing)}
        />
      ) : versions.isLoading ? (
        <p className="text-slate-600">Loading…</p>
      ) : versions.isError ? (
        <p role="alert" className="text-red-700">
          Could not load the history: {versions.error.message}
        </p>
      ) : !versions.data?.length ? (
        <p className="text-slate-700">No earlier versions yet. Each publish keeps the text it replaces here.</p>
      ) : (
        <>
          <p className="-mt-2 mb-3 text-sm text-slate-600">The texts published before the current one, newest first.</p>
          <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200">
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
        </>
      )}
      <AlertDialog
        open={confirming !== null}
        onOpenChange={(o) => !o && setConfirming(null)}
        title="Restore this version?"
        description={
          confirming &&
          `${byline(confirming)}. It is published again at once, and the text published now joins the history.${unsaved ? ' Your unsaved changes are lost.' : ''}`
        }
        confirmLabel="Restore and publish"
        pendingLabel="Restoring…"
        pending={restoring}
        onConfirm={() =>
          void onRestore(confirming!).then((restored) => {
            setConfirming(null);
            if (!restored) return;
            setComparing(null);
            onClose();
          })
        }
      />
    </Dialog>
  );
}

function Comparison({
  sectionKey,
  version,
  byline,
  published,
  onBack,
  canWrite,
  onRestore,
}: {
  sectionKey: SectionKey;
  version: VersionSummary;
  byline: string;
  published: unknown;
  onBack: () => void;
  canWrite: boolean;
  onRestore: () => void;
}) {
  const full = useVersion(sectionKey, version.id);
  const changes = full.data ? contentChanges(full.data.content, published) : [];
  return (
    <div>
      <h3 className="font-bold text-slate-900">{byline}</h3>
      <p className="mb-3 text-sm text-slate-600">The fields where this version differs from the text published now.</p>
      {full.isLoading ? (
        <p className="text-slate-600">Loading…</p>
      ) : full.isError ? (
        <p role="alert" className="text-red-700">
          Could not load this version: {full.error.message}
        </p>
      ) : changes.length === 0 ? (
        <p className="text-slate-700">This version is the same as the text published now.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Differences between this version and the published text</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-700">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Field
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  This version
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Published now
                </th>
              </tr>
            </thead>
            <tbody>
              {changes.map((c) => (
                <tr key={c.path} className="border-b border-slate-100 align-top">
                  <th scope="row" className="py-2 pr-3 font-semibold text-slate-800">
                    {fieldLabel(c.path)}
                  </th>
                  <td className="py-2 pr-3 break-words whitespace-pre-line text-slate-800">{c.before}</td>
                  <td className="py-2 break-words whitespace-pre-line text-slate-800">{c.after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onBack}>
          Back to the list
        </Button>
        {canWrite && <Button onClick={onRestore}>Restore this version</Button>}
      </div>
    </div>
  );
}
