/** One counter: its label, its number (undefined while the first answer loads) and a colour. */
export type Counter = readonly [label: string, value: number | undefined, className?: string];

const formatCount = (n: number) => n.toLocaleString('en-US');

/** A screen's counters (§2). While the first answer loads they show a placeholder, never 0. */
export function CounterTiles({ counters, className = '' }: { counters: readonly Counter[]; className?: string }) {
  return (
    <dl className={`grid gap-3 ${className}`}>
      {counters.map(([label, value, color = 'text-slate-900']) => (
        <div key={label} className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
          <dt className="text-xs text-slate-600 sm:text-sm">{label}</dt>
          <dd className={`mt-1 text-2xl font-bold ${color}`} aria-busy={value === undefined || undefined}>
            {value === undefined ? (
              <>
                <span className="inline-block h-7 w-12 animate-pulse rounded bg-slate-200 align-middle" aria-hidden="true" />
                <span className="sr-only">Loading</span>
              </>
            ) : (
              formatCount(value)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
