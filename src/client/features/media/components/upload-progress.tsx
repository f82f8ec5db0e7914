/** A labelled progress bar for an upload in flight. */
export function UploadProgress({ value, label = 'Uploading' }: { value: number | null; label?: string }) {
  if (value === null) return null;
  return (
    <div className="mt-2" role="status">
      <div className="mb-1 flex justify-between text-xs text-slate-700">
        <span>{label}…</span>
        <span>{value}%</span>
      </div>
      <progress
        className="h-2 w-full overflow-hidden rounded accent-brand-600"
        max={100}
        value={value}
        aria-label={`${label}: ${value}%`}
      />
    </div>
  );
}
