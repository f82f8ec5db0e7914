import type { HTMLAttributes } from 'react';

const TONES = {
  slate: 'bg-slate-100 text-slate-800 ring-slate-300',
  brand: 'bg-brand-100 text-brand-700 ring-brand-500/40',
  green: 'bg-green-100 text-green-800 ring-green-600/30',
  red: 'bg-red-100 text-red-800 ring-red-600/30',
  amber: 'bg-amber-100 text-amber-900 ring-amber-600/30',
  blue: 'bg-blue-100 text-blue-800 ring-blue-600/30',
  purple: 'bg-purple-100 text-purple-800 ring-purple-600/30',
} as const;

export type BadgeTone = keyof typeof TONES;

/** A small pill of text; every tone keeps 4.5:1 contrast. */
export function Badge({ tone = 'slate', className = '', ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONES[tone]} ${className}`}
      {...props}
    />
  );
}
