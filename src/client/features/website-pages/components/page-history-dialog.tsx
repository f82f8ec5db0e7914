import { VersionHistory } from '#client/components/cms/version-history.tsx';
import type { SitePageContent, SitePageVersionSummary } from '#shared/schemas/site-page.ts';
import { usePageVersion, usePageVersions } from '../api/page-versions.ts';
import { pageDifference } from '../lib/page-diff.ts';

type Byline = (version: SitePageVersionSummary) => string;

/**
 * A page's earlier published versions (the last 50), newest first: Compare shows what differs from
 * the page published now (title, address, placement, paragraphs); Restore publishes one again.
 */
export function PageHistoryDialog({
  pageId,
  open,
  onClose,
  published,
  byline,
  canWrite,
  restoring,
  onRestore,
}: {
  pageId: number;
  open: boolean;
  onClose: () => void;
  /** What parents read now (null: the page is not published). */
  published: SitePageContent | null;
  byline: Byline;
  canWrite: boolean;
  restoring: boolean;
  onRestore: (versionId: number) => Promise<unknown>;
}) {
  const versions = usePageVersions(pageId, open);
  return (
    <VersionHistory
      open={open}
      onClose={onClose}
      versions={versions}
      byline={byline}
      what="page"
      restoreNote="It is published again at once; the page published now joins the history."
      canWrite={canWrite}
      restoring={restoring}
      onRestore={(v) =>
        onRestore(v.id).then(
          () => true,
          () => false,
        )
      }
      comparison={(v) => <VersionComparison pageId={pageId} version={v} published={published} />}
    />
  );
}

function VersionComparison({
  pageId,
  version,
  published,
}: {
  pageId: number;
  version: SitePageVersionSummary;
  published: SitePageContent | null;
}) {
  const full = usePageVersion(pageId, version.id);
  const difference = full.data && published ? pageDifference(full.data.content, published) : null;
  const same = difference && !difference.fields.length && !difference.removed.length && !difference.added.length;
  return (
    <>
      {full.isError ? (
        <p role="alert" className="mt-2 text-red-700">
          Could not load this version: {full.error.message}
        </p>
      ) : !full.data ? (
        <p className="mt-2 text-slate-600">Loading…</p>
      ) : !published ? (
        <p className="mt-2 text-slate-700">
          The page is not published now, so there is nothing to compare with. This version is titled “{full.data.content.title}”.
        </p>
      ) : same ? (
        <p className="mt-2 text-slate-700">This version is the same as the page published now.</p>
      ) : (
        <div className="mt-2 space-y-4 text-sm">
          {difference!.fields.length > 0 && (
            <table className="w-full text-left">
              <caption className="sr-only">Settings that differ from the page published now</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-700">
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Setting
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
                {difference!.fields.map((f) => (
                  <tr key={f.label} className="border-b border-slate-100 align-top">
                    <th scope="row" className="py-2 pr-3 font-semibold text-slate-800">
                      {f.label}
                    </th>
                    <td className="py-2 pr-3 break-words text-slate-800">{f.before}</td>
                    <td className="py-2 break-words text-slate-800">{f.after}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Paragraphs title="Only in this version" items={difference!.removed} tone="border-red-300 bg-red-50" />
          <Paragraphs title="Only in the page published now" items={difference!.added} tone="border-green-300 bg-green-50" />
        </div>
      )}
    </>
  );
}

function Paragraphs({ title, items, tone }: { title: string; items: string[]; tone: string }) {
  if (!items.length) return null;
  return (
    <section>
      <h4 className="font-semibold text-slate-900">{title}</h4>
      <ul className="mt-1 space-y-1">
        {items.map((text, i) => (
          <li key={i} className={`rounded-md border-l-4 px-3 py-1.5 text-slate-800 ${tone}`}>
            {text}
          </li>
        ))}
      </ul>
    </section>
  );
}
