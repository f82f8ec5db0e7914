// §3: Conference, Workshop and Webinar have their own colours; other categories are grey.
const CATEGORY_COLOURS: Record<string, string> = {
  conference: 'bg-purple-100 text-purple-800',
  workshop: 'bg-amber-100 text-amber-900',
  webinar: 'bg-teal-100 text-teal-900',
};

export function CategoryBadge({ category }: { category: string | null }) {
  if (!category) return null;
  const colour = CATEGORY_COLOURS[category.toLowerCase()] ?? 'bg-slate-100 text-slate-700';
  return <span className={`inline-block rounded-full px-3 py-1 text-xs font-bold ${colour}`}>{category}</span>;
}

// §3 status colours blue, green, gray; §4: an unknown status displays as upcoming.
const STATUS = {
  upcoming: { label: 'Upcoming', colour: 'bg-blue-100 text-blue-800' },
  ongoing: { label: 'Ongoing', colour: 'bg-green-100 text-green-800' },
  completed: { label: 'Completed', colour: 'bg-slate-200 text-slate-700' },
} as const;

export function StatusBadge({ status }: { status: string }) {
  const entry = STATUS[status as keyof typeof STATUS] ?? STATUS.upcoming;
  return <span className={`inline-block rounded-full px-3 py-1 text-xs font-bold ${entry.colour}`}>{entry.label}</span>;
}
