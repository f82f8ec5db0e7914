import { Badge } from '#client/components/ui/badge.tsx';
import type { PageState } from '#shared/schemas/site-page.ts';

const STATES: Record<PageState, { tone: 'slate' | 'green' | 'amber'; label: string; hint: string }> = {
  draft: { tone: 'slate', label: 'Draft', hint: 'Parents cannot see it yet.' },
  published: { tone: 'green', label: 'Published', hint: 'Parents read it on the site.' },
  changed: {
    tone: 'amber',
    label: 'Published, draft waiting',
    hint: 'Parents read the published page until you publish the draft.',
  },
};

/** Where a page stands for parents: a draft, published, or published with changes waiting. */
export function PageStateBadge({ state, withHint = false }: { state: PageState; withHint?: boolean }) {
  const { tone, label, hint } = STATES[state];
  return (
    <span className="inline-flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <Badge tone={tone}>{label}</Badge>
      {withHint && <span>{hint}</span>}
    </span>
  );
}
