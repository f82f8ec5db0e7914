import { Send } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import type { MailingTest } from '#shared/schemas/mailing.ts';
import { useSendTest } from '../api/mailings.ts';

/** Sends a copy to the signed-in member of staff only, and says where it went. */
export function SendTestButton({
  test,
  disabled,
  label = 'Send a test to me',
}: {
  test: MailingTest;
  disabled?: boolean;
  label?: string;
}) {
  const send = useSendTest();
  const click = async () => {
    try {
      const { to } = await send.mutateAsync(test);
      toast.success(`Test sent to ${to}`);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'The test could not be sent.');
    }
  };
  return (
    <Button variant="secondary" onClick={() => void click()} disabled={disabled || send.isPending}>
      <Send className="h-4 w-4" aria-hidden="true" /> {send.isPending ? 'Sending…' : label}
    </Button>
  );
}
