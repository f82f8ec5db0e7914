import { CheckCircle2, CircleAlert, X } from 'lucide-react';
import type { PhotoUpload } from '../api/upload-images.ts';

const STATE_TEXT: Record<PhotoUpload['state'], string> = {
  waiting: 'Waiting',
  sending: 'Uploading',
  done: 'Uploaded',
  refused: 'Not uploaded',
};

/**
 * Each file of a batch with its own progress (issue 31): what is uploaded, what is still going,
 * and each refused file with why. One line up top says how the batch went, for screen readers too.
 */
export function PhotoUploadList({ files, onDismiss }: { files: PhotoUpload[]; onDismiss?: () => void }) {
  if (files.length === 0) return null;
  const done = files.filter((f) => f.state === 'done').length;
  const refused = files.filter((f) => f.state === 'refused').length;
  const finished = done + refused === files.length;
  const summary = finished
    ? `${done} of ${files.length} photo${files.length === 1 ? '' : 's'} uploaded${refused ? `, ${refused} not uploaded` : ''}.`
    : `Uploading ${done + refused + 1} of ${files.length}…`;
  return (
    <section aria-label="Uploads" className="mt-3 rounded-xl border border-slate-200 bg-slate-50 p-3">
      <div className="flex items-start justify-between gap-2">
        <p role="status" className="text-sm font-semibold text-slate-800">
          {summary}
        </p>
        {finished && onDismiss && (
          <button
            type="button"
            onClick={onDismiss}
            aria-label="Hide the upload list"
            className="rounded-full p-1 text-slate-600 hover:bg-slate-200"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        )}
      </div>
      <ul className="mt-2 max-h-72 space-y-2 overflow-y-auto" aria-label="Files">
        {files.map((f) => (
          <li key={f.key} className="text-sm" data-state={f.state}>
            <div className="flex items-center gap-2">
              {f.state === 'done' && <CheckCircle2 className="h-4 w-4 shrink-0 text-green-700" aria-hidden="true" />}
              {f.state === 'refused' && <CircleAlert className="h-4 w-4 shrink-0 text-red-700" aria-hidden="true" />}
              <span className="min-w-0 flex-1 truncate font-medium text-slate-900" title={f.name}>
                {f.name}
              </span>
              <span className={f.state === 'refused' ? 'font-semibold text-red-700' : 'text-slate-700'}>
                {STATE_TEXT[f.state]}
                {f.state === 'sending' ? ` ${f.percent}%` : ''}
              </span>
            </div>
            {(f.state === 'sending' || f.state === 'waiting') && (
              <progress
                className="mt-1 h-1.5 w-full overflow-hidden rounded accent-brand-600"
                max={100}
                value={f.percent}
                aria-label={`${f.name}: ${f.percent}%`}
              />
            )}
            {f.state === 'refused' && f.error && <p className="mt-0.5 text-red-700">{f.error}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
