import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { showServerErrors, useZodForm } from '#client/lib/zod-form.ts';
import { BackupPassphraseFormSchema, NO_CONFIRM } from '#shared/schemas/backup.ts';
import { useSaveBackupPassphrase } from '../api/backups.ts';
import { ConfirmFields } from './confirm-fields.tsx';

/** The passphrase daily backups seal their two-factor key with; without one they leave the key out. */
export function ScheduledPassphraseForm({ passphraseSet, twoFactor }: { passphraseSet: boolean; twoFactor: boolean }) {
  const form = useZodForm(BackupPassphraseFormSchema, { defaultValues: NO_CONFIRM });
  const save = useSaveBackupPassphrase();
  const submit = form.handleSubmit(async (input) => {
    try {
      toast.success((await save.mutateAsync(input)).message);
      form.reset(NO_CONFIRM);
    } catch (error) {
      showServerErrors(form, error);
      toast.error((error as Error).message);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-xl border border-slate-200 bg-white p-6">
      <h2 className="text-lg font-bold text-slate-900">Passphrase for daily backups</h2>
      <p className="text-sm text-slate-600">
        {passphraseSet
          ? 'Daily backups seal the two-factor key with a passphrase. Enter a new one to change it, or leave it empty to remove it.'
          : 'Daily backups leave the two-factor key out: after a restore from one, staff set up their authenticator app again.'}
      </p>
      <ConfirmFields form={form} twoFactor={twoFactor} passphrase="seal" />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save the passphrase'}
      </Button>
    </form>
  );
}
