import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { showServerErrors, useZodForm } from '#client/lib/zod-form.ts';
import { BackupDownloadFormSchema, NO_CONFIRM } from '#shared/schemas/backup.ts';
import { useDownloadBackup, type BackupToDownload } from '../api/download-backup.ts';
import { ConfirmFields } from './confirm-fields.tsx';

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
  const form = useZodForm(BackupDownloadFormSchema, { defaultValues: NO_CONFIRM });
  const download = useDownloadBackup();
  const close = () => {
    form.reset(NO_CONFIRM);
    onClose();
  };
  const submit = form.handleSubmit(async (confirm) => {
    if (!what) return;
    try {
      const name = await download.mutateAsync({ what, confirm });
      toast.success(`${name} is downloading.`);
      close();
    } catch (error) {
      showServerErrors(form, error);
      toast.error((error as Error).message);
    }
  });
  return (
    <Dialog
      open={what !== null}
      onOpenChange={(open) => !open && !download.isPending && close()}
      title="Download a backup"
      description="A backup holds every account and every enquiry: confirm it is you."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <ConfirmFields form={form} twoFactor={twoFactor} passphrase={what?.kind === 'now' ? 'seal' : undefined} />
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
