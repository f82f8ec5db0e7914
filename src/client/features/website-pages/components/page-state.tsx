import { ExternalLink } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import type { PageState, SitePage } from '#shared/schemas/site-page.ts';

/** Who did something, when their account is gone. */
export const someone = (name: string | null) => name ?? 'someone no longer on the staff';

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

/** Published or not, by whom and when, and the draft waiting. */
export function PageStatus({ page, when }: { page: SitePage; when: (iso: string | null) => string }) {
  return (
    <div className="mt-1 space-y-1 text-sm text-slate-700">
      <PageStateBadge state={page.state} withHint />
      {page.published && (
        <p>
          Published by {someone(page.publishedBy)} {when(page.publishedAt)} at{' '}
          <a
            href={`/${page.slug}`}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-semibold text-brand-700 underline"
          >
            /{page.slug}
            <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </p>
      )}
      {page.draft && (
        <p>
          Draft saved by {someone(page.draftBy)} {when(page.draftAt)}
        </p>
      )}
    </div>
  );
}
