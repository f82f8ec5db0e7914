/** A row of counters (§9 counts); a value still loading shows a dash. */
export function Counters({
  items,
}: {
  items: ReadonlyArray<readonly [label: string, value: number | undefined, colour: string]>;
}) {
  return (
    <dl className={`mt-6 grid grid-cols-3 gap-3`}>
      {items.map(([label, value, colour]) => (
        <div key={label} className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
          <dt className="text-xs text-slate-600 sm:text-sm">{label}</dt>
          <dd className={`mt-1 text-2xl font-bold ${colour}`}>{value ?? '–'}</dd>
        </div>
      ))}
    </dl>
  );
}
