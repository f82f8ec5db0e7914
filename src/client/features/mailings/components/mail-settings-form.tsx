import { useEffect } from 'react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { useCan } from '#client/features/auth/hooks/use-can.ts';
import { errorAt, showServerErrors, useZodForm } from '#client/lib/zod-form.ts';
import { MAILING_RATE_MAX, MAILING_RATE_MIN, MailSettingsSchema, type MailStatus } from '#shared/schemas/mailing.ts';
import { useSaveMailSettings } from '../api/mailings.ts';
import { SendTestButton } from './send-test-button.tsx';

const SETUP_TEST = {
  subject: 'A test from the school website',
  text: 'If you can read this, e-mail from the website reaches you. Nothing else to do.',
  html: '<p>If you can read this, e-mail from the website reaches you. Nothing else to do.</p>',
  operational: true,
};

/** How fast mailings go (messages a minute, every server together), DKIM, and a test to oneself. */
export function MailSettingsForm({ status }: { status: MailStatus }) {
  const canWrite = useCan('notices', 'write');
  const form = useZodForm(MailSettingsSchema, { defaultValues: { ratePerMinute: status.ratePerMinute } });
  const save = useSaveMailSettings();
  const { reset } = form;
  useEffect(() => reset({ ratePerMinute: status.ratePerMinute }), [reset, status.ratePerMinute]);
  const submit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      toast.success('Sending rate saved');
    } catch (error) {
      const unshown = showServerErrors(form, error);
      if (unshown) toast.error(unshown);
    }
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="mail-sending"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-6"
    >
      <h2 id="mail-sending" className="text-lg font-bold text-slate-900">
        Sending
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-56">
          <Field
            label="Messages a minute"
            type="number"
            min={MAILING_RATE_MIN}
            max={MAILING_RATE_MAX}
            disabled={!canWrite || status.rateFixed}
            {...form.register('ratePerMinute', { valueAsNumber: true })}
            error={errorAt(form, 'ratePerMinute')}
          />
        </div>
        {canWrite && !status.rateFixed && (
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        )}
      </div>
      <p className="text-sm text-slate-600">
        {status.rateFixed
          ? 'The server’s settings fix this rate (SPROUT_MAILING_RATE).'
          : 'Keep under what your mail provider allows; a mailing to 600 families at 120 a minute takes 5 minutes.'}
      </p>
      <p className="text-sm text-slate-700">
        {status.dkim
          ? 'Messages are signed with DKIM.'
          : 'Messages are not signed with DKIM by Sprout (your mail provider may sign them).'}
      </p>
      {canWrite && status.configured && <SendTestButton test={SETUP_TEST} label="Send a test e-mail to me" />}
    </form>
  );
}
