import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { useSaveBackupPassphrase } from '../api/backups.ts';
import { ConfirmFields, EMPTY_CONFIRM } from './confirm-fields.tsx';

/** The passphrase daily backups seal their two-factor key with; without one they leave the key out. */
export function ScheduledPassphraseForm({ passphraseSet, twoFactor }: { passphraseSet: boolean; twoFactor: boolean }) {
  const [values, setValues] = useState(EMPTY_CONFIRM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveBackupPassphrase();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      const input = { currentPassword: values.currentPassword, passphrase: values.passphrase };
      toast.success((await save.mutateAsync(values.code.trim() ? { ...input, code: values.code.trim() } : input)).message);
      setValues(EMPTY_CONFIRM);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast.error((error as Error).message);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-xl border border-slate-200 bg-white p-6">
      <h2 className="text-lg font-bold text-slate-900">Passphrase for daily backups</h2>
      <p className="text-sm text-slate-600">
        {passphraseSet
          ? 'Daily backups seal the two-factor key with a passphrase. Enter a new one to change it, or leave it empty to remove it.'
          : 'Daily backups leave the two-factor key out: after a restore from one, staff set up their authenticator app again.'}
      </p>
      <ConfirmFields values={values} onChange={setValues} errors={errors} twoFactor={twoFactor} passphrase="seal" />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save the passphrase'}
      </Button>
    </form>
  );
}
