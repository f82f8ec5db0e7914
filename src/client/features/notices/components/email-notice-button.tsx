import { Mail } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { AlertDialog } from '#client/components/ui/alert-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import type { Notice } from '#shared/schemas/notice.ts';
import { useEmailNotice, useRecipientCount } from '../api/notices.ts';
import { MailingProgress } from './mailing-progress.tsx';

const people = (n: number) => `${n} address${n === 1 ? '' : 'es'}`;

/**
 * "E-mail to the audience": asks first, saying how many addresses it goes to (a closure: every
 * family of the audience; information: the newsletter's subscribers), then shows the mailing's
 * progress. A notice is e-mailed once.
 */
export function EmailNoticeButton({ notice }: { notice: Notice }) {
  const [open, setOpen] = useState(false);
  const email = useEmailNotice();
  const count = useRecipientCount(
    open
      ? {
          urgency: notice.urgency,
          audience: notice.audience,
          audienceBranch: notice.audienceBranch,
          audienceProgramme: notice.audienceProgramme,
        }
      : null,
  );
  const started = email.data;
  if (started) return <MailingProgress mailingId={started.mailingId} recipients={started.recipients} />;
  if (notice.mailing) return <p className="text-sm text-slate-700">E-mailed to its audience.</p>;
  if (!notice.published || notice.state === 'ended') return null;

  const send = async () => {
    try {
      const result = await email.mutateAsync(notice.id);
      toast.success(`E-mail on its way to ${people(result.recipients)}`);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'The e-mail could not be started. Please try again.');
    } finally {
      setOpen(false);
    }
  };
  const who =
    notice.urgency === 'closure'
      ? 'every family of its audience with an e-mail address (closure notices are sent whether or not they subscribed)'
      : 'the newsletter’s subscribers to news in its audience';
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <Mail className="h-4 w-4" aria-hidden="true" /> E-mail to the audience
      </Button>
      <AlertDialog
        open={open}
        onOpenChange={setOpen}
        title={`E-mail “${notice.title}”?`}
        description={
          count.isPending
            ? `It goes to ${who}. Counting…`
            : count.isError
              ? `It goes to ${who}. ${count.error instanceof ApiError ? count.error.message : ''}`
              : `It goes to ${who}: ${people(count.data)} now. A notice is e-mailed only once.`
        }
        confirmLabel="Send e-mail"
        pendingLabel="Starting…"
        pending={email.isPending}
        onConfirm={() => void send()}
      />
    </>
  );
}
