import { Badge } from '#client/components/ui/badge.tsx';
import type { MailingSummary } from '#shared/schemas/mailing.ts';

export const MAILING_KIND_LABELS: Record<MailingSummary['kind'], string> = {
  notice: 'Notice',
  post: 'Post',
  digest: 'Weekly digest',
};

export function MailingStateBadge({ mailing }: { mailing: Pick<MailingSummary, 'state' | 'counts'> }) {
  if (mailing.state === 'sending') return <Badge tone="blue">Sending</Badge>;
  if (mailing.state === 'cancelled') return <Badge>Cancelled</Badge>;
  return mailing.counts.failed ? <Badge tone="amber">Done, some failed</Badge> : <Badge tone="green">Done</Badge>;
}
