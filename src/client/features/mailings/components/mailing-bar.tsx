import type { MailingCounts } from '#shared/schemas/mailing.ts';

/** "1,200 sent · 3 failed · 797 waiting" */
export function countsText(counts: MailingCounts) {
  const n = (x: number) => x.toLocaleString('en-US');
  return [
    `${n(counts.sent)} sent`,
    ...(counts.failed ? [`${n(counts.failed)} failed`] : []),
    ...(counts.queued ? [`${n(counts.queued)} waiting`] : []),
  ].join(' · ');
}

/**
 * A mailing's progress: sent (green), failed (red) and waiting (grey) as one bar, and the same in
 * words beside it (the bar itself is hidden from screen readers; the words are what they read).
 */
export function MailingBar({ counts, live = false }: { counts: MailingCounts; live?: boolean }) {
  const total = Math.max(1, counts.sent + counts.failed + counts.queued);
  const width = (n: number) => `${(n / total) * 100}%`;
  return (
    <div className="min-w-48">
      <div className="flex h-2.5 w-full overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <div className="h-full bg-green-600 transition-all" style={{ width: width(counts.sent) }} />
        <div className="h-full bg-red-600 transition-all" style={{ width: width(counts.failed) }} />
      </div>
      <p className="mt-1 text-xs text-slate-700" {...(live ? { role: 'status' } : {})}>
        {countsText(counts)}
      </p>
    </div>
  );
}
