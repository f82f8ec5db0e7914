import { displayStatus } from '../../../../shared/schemas/event.ts';

const STATUS = {
  upcoming: 'bg-blue-100 text-blue-800',
  ongoing: 'bg-green-100 text-green-800',
  completed: 'bg-slate-200 text-slate-800',
} as const;

const LABEL = { upcoming: 'Upcoming', ongoing: 'Ongoing', completed: 'Completed' } as const;

/** §3 status colours: blue, green, gray; an unknown status shows as upcoming (§4). */
export function StatusBadge({ status, className = '' }: { status: string; className?: string }) {
  const s = displayStatus(status);
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS[s]} ${className}`}>{LABEL[s]}</span>
  );
}

const CATEGORY: Record<string, string> = {
  conference: 'bg-purple-100 text-purple-800',
  workshop: 'bg-amber-100 text-amber-900',
  webinar: 'bg-cyan-100 text-cyan-900',
};

/** §3: Conference, Workshop and Webinar are distinct; other categories grey. */
export function CategoryBadge({ name }: { name: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${CATEGORY[name.toLowerCase()] ?? 'bg-slate-100 text-slate-800'}`}
    >
      {name}
    </span>
  );
}
