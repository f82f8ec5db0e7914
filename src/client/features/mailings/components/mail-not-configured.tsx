import { TriangleAlert } from 'lucide-react';
import type { MailStatus } from '#shared/schemas/mailing.ts';

/** Without SMTP nothing can be sent: said first, in the server's words. */
export function MailNotConfigured({ status }: { status: MailStatus }) {
  if (status.configured) return null;
  return (
    <div role="alert" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">E-mail is not configured</p>
        <p>{status.message}</p>
      </div>
    </div>
  );
}
