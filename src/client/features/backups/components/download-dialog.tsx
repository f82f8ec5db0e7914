import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { useDownloadBackup, type BackupToDownload } from '../api/download-backup.ts';
import { ConfirmFields, confirmInput, EMPTY_CONFIRM } from './confirm-fields.tsx';

/** Confirms who is downloading (password, code) and, for a backup made now, takes the passphrase that seals its key. */
export function DownloadDialog({
  what,
  onClose,
  twoFactor,
}: {
  what: BackupToDownload | null;
  onClose: () => void;
  twoFactor: boolean;
}) {
  const [values, setValues] = useState(EMPTY_CONFIRM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const download = useDownloadBackup();
  const close = () => {
    setValues(EMPTY_CONFIRM);
    setErrors({});
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!what) return;
    setErrors({});
    try {
      const name = await download.mutateAsync({ what, confirm: confirmInput(values, what.kind === 'now') });
      toast.success(`${name} is downloading.`);
      close();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast.error((error as Error).message);
    }
  };
  return (
    <Dialog
      open={what !== null}
      onOpenChange={(open) => !open && !download.isPending && close()}
      title="Download a backup"
      description="A backup holds every account and every enquiry: confirm it is you."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <ConfirmFields
          values={values}
          onChange={setValues}
          errors={errors}
          twoFactor={twoFactor}
          passphrase={what?.kind === 'now' ? 'seal' : undefined}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close} disabled={download.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={download.isPending}>
            {download.isPending ? 'Preparing…' : 'Download'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
