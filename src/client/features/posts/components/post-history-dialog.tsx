import { useId, useState } from 'react';
import { toast } from 'sonner';
import { VersionHistory } from '#client/components/cms/version-history.tsx';
import { formatShortDate, formatTime } from '#shared/dates.ts';
import type { PostVersion, PostVersionSummary, TextChange } from '#shared/schemas/post.ts';
import { usePostVersion, usePostVersions, useRestorePostVersion } from '../api/post-versions.ts';

/**
 * A post's history (issue 34): each save of the published post kept the text it replaced (the
 * last 50). Compare shows what changed from a version to the post now; Restore puts it back.
 */
export function PostHistoryDialog({
  postId,
  open,
  onClose,
  timeZone,
  canWrite,
  unsaved,
  onRestored,
}: {
  postId: number;
  open: boolean;
  onClose: () => void;
  timeZone: string;
  canWrite: boolean;
  /** The editor holds changes not saved: a restore replaces them. */
  unsaved: boolean;
  onRestored: () => void;
}) {
  const versions = usePostVersions(postId, open);
  const restore = useRestorePostVersion(postId);
  const byline = (v: PostVersionSummary) =>
    `“${v.title}”, saved by ${v.savedBy ?? 'someone no longer on the staff'} on ${formatShortDate(v.savedAt, timeZone)} at ${formatTime(v.savedAt, timeZone)}`;
  return (
    <VersionHistory
      open={open}
      onClose={onClose}
      versions={versions}
      byline={byline}
      what="text"
      description="Each save of the published post kept the text it replaced, newest first."
      emptyNote="No earlier versions yet. Each save of the published post keeps the text it replaces here."
      restoreNote={`Its title, summary, text, cover and tags replace the post's now, which join the history.${unsaved ? ' Your unsaved changes are lost.' : ''}`}
      confirmLabel="Restore"
      canWrite={canWrite}
      restoring={restore.isPending}
      onRestore={async (v) => {
        try {
          await restore.mutateAsync(v.id);
          toast.success('Version restored');
          onRestored();
          return true;
        } catch (err) {
          toast.error((err as Error).message || 'The version could not be restored');
          return false;
        }
      }}
      comparison={(v) => (
        <Comparison postId={postId} version={v} others={(versions.data ?? []).filter((o) => o.id !== v.id)} when={byline} />
      )}
    />
  );
}

/** The version compared with the post now, or with another version chosen. */
function Comparison({
  postId,
  version,
  others,
  when,
}: {
  postId: number;
  version: PostVersionSummary;
  others: PostVersionSummary[];
  when: (v: PostVersionSummary) => string;
}) {
  const id = useId();
  const [against, setAgainst] = useState<number | null>(null);
  const diff = usePostVersion(postId, version.id, against);
  const target = against === null ? 'the post now' : 'the version chosen';
  return (
    <div className="mt-3 space-y-3">
      {others.length > 0 && (
        <div>
          <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
            Compare with
          </label>
          <select
            id={id}
            value={against ?? ''}
            onChange={(e) => setAgainst(e.target.value === '' ? null : Number(e.target.value))}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900"
          >
            <option value="">The post now</option>
            {others.map((o) => (
              <option key={o.id} value={o.id}>
                {when(o)}
              </option>
            ))}
          </select>
        </div>
      )}
      {diff.isLoading ? (
        <p className="text-slate-600">Loading…</p>
      ) : diff.isError || !diff.data ? (
        <p role="alert" className="text-red-700">
          Could not load this version: {diff.error?.message}
        </p>
      ) : (
        <Differences diff={diff.data.diff} target={target} />
      )}
    </div>
  );
}

const changed = (changes: TextChange[]) => changes.some((c) => c.added || c.removed);

/** What changed from the version to the post now: removed words struck through in red, added ones underlined in green. */
function Differences({ diff, target }: { diff: PostVersion['diff']; target: string }) {
  const rows = [
    { label: 'Title', changes: diff.title },
    { label: 'Summary', changes: diff.excerpt },
    { label: 'Text', changes: diff.content },
  ].filter((r) => changed(r.changes));
  const tags = diff.tags.added.length + diff.tags.removed.length > 0;
  if (rows.length === 0 && !tags && !diff.cover && !diff.status)
    return <p className="text-slate-700">This version is the same as {target}.</p>;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        From this version to {target}: <del className="bg-red-50 text-red-800">removed words</del> and{' '}
        <ins className="bg-green-50 text-green-800">added words</ins>.
      </p>
      <dl className="space-y-3">
        {rows.map((r) => (
          <div key={r.label}>
            <dt className="text-sm font-semibold text-slate-900">{r.label}</dt>
            <dd className="mt-1 rounded-lg border border-slate-200 p-2 text-sm break-words whitespace-pre-line text-slate-800">
              <DiffText changes={r.changes} />
            </dd>
          </div>
        ))}
        {tags && (
          <div>
            <dt className="text-sm font-semibold text-slate-900">Tags</dt>
            <dd className="mt-1 text-sm text-slate-800">
              {diff.tags.removed.length > 0 && <p>Removed since: {diff.tags.removed.join(', ')}</p>}
              {diff.tags.added.length > 0 && <p>Added since: {diff.tags.added.join(', ')}</p>}
            </dd>
          </div>
        )}
        {diff.cover && (
          <div>
            <dt className="text-sm font-semibold text-slate-900">Cover photo</dt>
            <dd className="mt-1 text-sm text-slate-800">
              {diff.cover.before === null ? 'Added since' : diff.cover.after === null ? 'Removed since' : 'Changed since'}
            </dd>
          </div>
        )}
        {diff.status && (
          <div>
            <dt className="text-sm font-semibold text-slate-900">Status</dt>
            <dd className="mt-1 text-sm text-slate-800">
              {diff.status.before === 'published' ? 'Published' : 'A draft'} in this version,{' '}
              {diff.status.after === 'published' ? 'published' : 'a draft'} in {target}
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}

/** The runs of a diff; each change also said in words for screen readers (they do not announce ins and del). */
function DiffText({ changes }: { changes: TextChange[] }) {
  return (
    <>
      {changes.map((c, i) =>
        c.added ? (
          <ins key={i} className="bg-green-50 text-green-800 underline">
            <span className="sr-only">[added: </span>
            {c.value}
            <span className="sr-only">]</span>
          </ins>
        ) : c.removed ? (
          <del key={i} className="bg-red-50 text-red-800">
            <span className="sr-only">[removed: </span>
            {c.value}
            <span className="sr-only">]</span>
          </del>
        ) : (
          <span key={i}>{c.value}</span>
        ),
      )}
    </>
  );
}
