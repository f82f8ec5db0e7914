import type { SectionKey } from '#shared/schemas/site-content-defaults.ts';
import { useVersion, useVersions, type VersionSummary } from '../api/versions.ts';
import { contentChanges, fieldLabel } from '../lib/content-diff.ts';
import { VersionHistory } from '#client/components/cms/version-history.tsx';

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
  return (
    <VersionHistory
      open={open}
      onClose={onClose}
      versions={versions}
      byline={(v) => `Published by ${v.publishedBy ?? 'someone no longer on the staff'} ${when(v.publishedAt)}`}
      what="text"
      restoreNote={`It is published again at once, and the text published now joins the history.${unsaved ? ' Your unsaved changes are lost.' : ''}`}
      canWrite={canWrite}
      restoring={restoring}
      onRestore={onRestore}
      comparison={(v) => <Comparison sectionKey={sectionKey} version={v} published={published} />}
    />
  );
}

function Comparison({ sectionKey, version, published }: { sectionKey: SectionKey; version: VersionSummary; published: unknown }) {
  const full = useVersion(sectionKey, version.id);
  const changes = full.data ? contentChanges(full.data.content, published) : [];
  return (
    <>
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
    </>
  );
}
