import { Badge } from '#client/components/ui/badge.tsx';
import type { SectionSummary } from '#shared/schemas/site-sections.ts';

/** What parents read of a section, and whether a draft waits: on the list and above the editor. */
export function SectionState({ section, when }: { section: SectionSummary; when: (iso: string | null) => string }) {
  return (
    <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
      {section.isDefault ? (
        <Badge tone="slate">Default text</Badge>
      ) : section.isSample ? (
        <span>
          <Badge tone="amber">Sample text</Badge> from the sample content: replace it with your school’s own words
        </span>
      ) : (
        <span>
          <Badge tone="green">Published</Badge> by {section.publishedBy ?? 'someone no longer on the staff'}{' '}
          {when(section.publishedAt)}
        </span>
      )}
      {section.hasDraft && (
        <span>
          <Badge tone="amber">Draft waiting</Badge> saved by {section.draftBy ?? 'someone no longer on the staff'}{' '}
          {when(section.draftAt)}
        </span>
      )}
    </span>
  );
}
