import { Download, HardDriveDownload, TriangleAlert, Upload } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { useTwoFactorStatus } from '#client/features/account/api/two-factor.ts';
import { USER_QUERY_KEY, useUser } from '#client/features/auth/api/get-user.ts';
import { useBackups, useRestoreBackup, useSaveBackupSchedule } from '#client/features/backups/api/backups.ts';
import type { BackupToDownload } from '#client/features/backups/api/download-backup.ts';
import { NotABackupError, readBackupSummary, type BackupSummary } from '#client/features/backups/api/read-backup-summary.ts';
import { ConfirmFields } from '#client/features/backups/components/confirm-fields.tsx';
import { DownloadDialog } from '#client/features/backups/components/download-dialog.tsx';
import { ScheduledPassphraseForm } from '#client/features/backups/components/scheduled-passphrase-form.tsx';
import { useSchoolTimezone } from '#client/features/school/api/school.ts';
import { errorAt, showServerErrors, useZodForm } from '#client/lib/zod-form.ts';
import { formatShortDate, formatTime } from '#shared/dates.ts';
import { BackupScheduleSchema, NO_CONFIRM, RestoreConfirmFormSchema, type BackupsOverview } from '#shared/schemas/backup.ts';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

/** Settings > Backups (administrators only): a backup now, the daily ones, and a restore from a file. */
export default function BackupsScreen() {
  const { data: user } = useUser();
  const isAdmin = user?.roleName === 'admin';
  const { data, isLoading, error } = useBackups(isAdmin);
  const twoFactor = Boolean(useTwoFactorStatus().data?.enabled);
  const [downloading, setDownloading] = useState<BackupToDownload | null>(null);
  if (!isAdmin)
    return (
      <p role="alert" className="text-red-700">
        Backups are for administrators only.
      </p>
    );
  if (isLoading) return <p className="text-slate-600">Loading...</p>;
  if (error || !data)
    return (
      <p role="alert" className="text-red-700">
        {error?.message ?? 'Could not load the backups.'}
      </p>
    );
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Backups</h1>
        <p className="text-sm text-slate-600">
          One file holds the whole school: staff accounts and their passwords, roles and permissions, settings, events, galleries,
          posts, enquiries, and every photo. Keep copies away from this server.
        </p>
      </div>
      <section className="space-y-3 rounded-xl border border-slate-200 bg-white p-6">
        <h2 className="text-lg font-bold text-slate-900">Back up now</h2>
        <p className="text-sm text-slate-600">The backup is made and downloaded at once; large photo libraries take a while.</p>
        <Button onClick={() => setDownloading({ kind: 'now' })}>
          <HardDriveDownload size={16} aria-hidden="true" /> Download a backup
        </Button>
      </section>
      <ScheduleForm overview={data} />
      <CopiesAway overview={data} />
      <ScheduledPassphraseForm passphraseSet={data.passphraseSet} twoFactor={twoFactor} />
      <StoredBackups overview={data} onDownload={(name) => setDownloading({ kind: 'stored', name })} />
      <RestoreForm overview={data} twoFactor={twoFactor} />
      <DownloadDialog what={downloading} onClose={() => setDownloading(null)} twoFactor={twoFactor} />
    </div>
  );
}

function ScheduleForm({ overview }: { overview: BackupsOverview }) {
  const form = useZodForm(BackupScheduleSchema, { defaultValues: overview.schedule });
  const enabled = useWatch({ control: form.control, name: 'enabled' });
  const save = useSaveBackupSchedule();
  const timeZone = useSchoolTimezone() ?? 'UTC';
  const submit = form.handleSubmit(async (schedule) => {
    try {
      toast.success((await save.mutateAsync(schedule)).message);
    } catch (error) {
      showServerErrors(form, error);
      toast.error((error as Error).message);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6 sm:grid-cols-3">
      <h2 className="text-lg font-bold text-slate-900 sm:col-span-3">Daily backups</h2>
      <div className="flex items-center gap-3 sm:col-span-3">
        <Switch
          id="backup-enabled"
          checked={enabled}
          onCheckedChange={(on) => form.setValue('enabled', on, { shouldDirty: true })}
        />
        <Label htmlFor="backup-enabled">Make a backup every day on this server</Label>
      </div>
      <SelectField label={`At (${timeZone})`} {...form.register('hour', { valueAsNumber: true })} error={errorAt(form, 'hour')}>
        {Array.from({ length: 24 }, (_, h) => (
          <option key={h} value={h}>{`${String(h).padStart(2, '0')}:00`}</option>
        ))}
      </SelectField>
      <Field
        label="Keep the newest"
        type="number"
        min={1}
        max={90}
        {...form.register('keep', { valueAsNumber: true })}
        error={errorAt(form, 'keep')}
        hint="Older daily backups are removed"
      />
      <div className="flex items-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
      {overview.nextRunAt && (
        <p className="text-sm text-slate-600 sm:col-span-3">
          Next: {formatShortDate(overview.nextRunAt, timeZone)} at {formatTime(overview.nextRunAt, timeZone)}
        </p>
      )}
    </form>
  );
}

/** Copies of the daily backups away from this server (issue 31): where, the last one, and a warning after two missed days. */
function CopiesAway({ overview }: { overview: BackupsOverview }) {
  const timeZone = useSchoolTimezone() ?? 'UTC';
  const { copy, schedule } = overview;
  const when = (iso: string) => `${formatShortDate(iso, timeZone)} at ${formatTime(iso, timeZone)}`;
  return (
    <section
      aria-labelledby="copies-away"
      className="space-y-2 rounded-xl border border-slate-200 bg-white p-6 text-sm break-words"
    >
      <h2 id="copies-away" className="text-lg font-bold text-slate-900">
        Copies away from this server
      </h2>
      {copy.targets.length === 0 ? (
        <p className="text-slate-700">
          Daily backups stay on this server only: if its disk fails, they go with it. Whoever runs the server can have each one
          copied to another disk or to S3 storage (BACKUP_COPY_DIR or S3_BUCKET, see docs/operations.md).
        </p>
      ) : (
        <>
          <p className="text-slate-700">Each daily backup is also copied to {copy.targets.join(' and ')}.</p>
          {!schedule.enabled && <p className="text-slate-700">Daily backups are off, so nothing is copied.</p>}
          <p className="text-slate-900">
            {copy.lastCopiedAt
              ? `Last copied: ${when(copy.lastCopiedAt)}${copy.lastName ? ` (${copy.lastName})` : ''}.`
              : 'No copy made yet: the first goes with the next daily backup.'}
          </p>
          {copy.overdue && (
            <p className="flex items-start gap-2 rounded-lg bg-red-50 p-3 font-semibold text-red-800">
              <TriangleAlert size={16} aria-hidden="true" className="mt-0.5 shrink-0" />
              <span>
                Warning: no daily backup has been copied away for two days or more. Ask whoever runs the server to check the copy
                settings and the place the copies go.
              </span>
            </p>
          )}
          {copy.error && <p className="text-red-700">The last attempt failed. {copy.error}</p>}
        </>
      )}
    </section>
  );
}

function StoredBackups({ overview, onDownload }: { overview: BackupsOverview; onDownload: (name: string) => void }) {
  const timeZone = useSchoolTimezone() ?? 'UTC';
  return (
    <section className="space-y-3 rounded-xl border border-slate-200 bg-white p-6">
      <h2 className="text-lg font-bold text-slate-900">Backups on this server</h2>
      {overview.data.length === 0 ? (
        <p className="text-sm text-slate-600">None yet. Daily backups and those made with npm run backup are listed here.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 font-semibold">
                Made
              </th>
              <th scope="col" className="py-2 font-semibold">
                Size
              </th>
              <th scope="col" className="py-2 font-semibold">
                <span className="sr-only">Download</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {overview.data.map((backup) => (
              <tr key={backup.name} className="border-b border-slate-100">
                <td className="py-2">
                  {formatShortDate(backup.createdAt, timeZone)} {formatTime(backup.createdAt, timeZone)}
                  {backup.scheduled ? ' (daily)' : ''}
                </td>
                <td className="py-2">{megabytes(backup.bytes)}</td>
                <td className="py-2 text-right">
                  <Button variant="secondary" size="sm" onClick={() => onDownload(backup.name)}>
                    <Download size={14} aria-hidden="true" /> Download<span className="sr-only"> {backup.name}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** What the chosen file holds, from its manifest (issue 31), in words: shown before "Replace everything". */
function BackupContents({ summary, timeZone }: { summary: BackupSummary; timeZone: string }) {
  const n = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="font-semibold text-slate-600">School</dt>
      <dd className="text-slate-900">{summary.school?.name ?? 'Not recorded (an older backup)'}</dd>
      <dt className="font-semibold text-slate-600">Made</dt>
      <dd className="text-slate-900">
        {formatShortDate(summary.createdAt, timeZone)} at {formatTime(summary.createdAt, timeZone)}
      </dd>
      <dt className="font-semibold text-slate-600">Sprout</dt>
      <dd className="text-slate-900">{summary.version}</dd>
      <dt className="font-semibold text-slate-600">Holds</dt>
      <dd className="text-slate-900">
        {summary.counts
          ? [
              n(summary.counts.posts, 'post', 'posts'),
              n(summary.counts.events, 'event', 'events'),
              n(summary.counts.staff, 'staff account', 'staff accounts'),
              n(summary.counts.photos, 'photo', 'photos'),
              ...(summary.counts.families === null
                ? []
                : [
                    n(summary.counts.families, 'family', 'families'),
                    n(summary.counts.children ?? 0, 'child', 'children'),
                    n(summary.counts.photoTags ?? 0, 'tag of a child in a photo', 'tags of children in photos'),
                  ]),
              ...(summary.counts.subscribers === null
                ? []
                : [n(summary.counts.subscribers, 'newsletter subscriber', 'newsletter subscribers')]),
            ].join(', ')
          : 'Not listed: this backup was made by an older Sprout, which did not count its posts, events, staff and photos.'}
      </dd>
    </dl>
  );
}

type Preview =
  { state: 'reading' } | { state: 'read'; summary: BackupSummary } | { state: 'failed'; message: string; refused: boolean };

function RestoreForm({ overview, twoFactor }: { overview: BackupsOverview; twoFactor: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const form = useZodForm(RestoreConfirmFormSchema, { defaultValues: NO_CONFIRM });
  const restore = useRestoreBackup();
  const client = useQueryClient();
  const timeZone = useSchoolTimezone() ?? 'UTC';
  // The file chosen last: a slow read of an earlier choice never shows over it.
  const latestFile = useRef<File | null>(null);
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setPreview(chosen ? { state: 'reading' } : null);
    if (!chosen) return;
    readBackupSummary(chosen).then(
      (summary) => setPreview((p) => (p && chosen === latestFile.current ? { state: 'read', summary } : p)),
      (error: unknown) =>
        setPreview((p) =>
          p && chosen === latestFile.current
            ? { state: 'failed', message: (error as Error).message, refused: error instanceof NotABackupError }
            : p,
        ),
    );
    latestFile.current = chosen;
  };
  const close = () => {
    setConfirming(false);
    form.reset(NO_CONFIRM);
  };
  const run = form.handleSubmit(async (confirm) => {
    if (!file) return;
    try {
      const result = await restore.mutateAsync({ file, confirm });
      const notes = [
        result.twoFactorCleared ? `${result.twoFactorCleared} staff set up their authenticator app again.` : '',
        result.adminsDisabled.length
          ? `Left inactive (administrators in the backup only): ${result.adminsDisabled.join(', ')}.`
          : '',
      ].filter(Boolean);
      toast.success([result.message, ...notes].join(' '), { duration: 15_000 });
      close();
      // Everything changed, this session included (sessions are not in a backup): sign in again.
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_QUERY_KEY[0] });
      client.setQueryData(USER_QUERY_KEY, null);
    } catch (error) {
      showServerErrors(form, error);
      toast.error((error as Error).message, { duration: 15_000 });
    }
  });
  const refused = preview?.state === 'failed' && preview.refused;
  return (
    <section className="space-y-3 rounded-xl border border-slate-200 bg-white p-6">
      <h2 className="text-lg font-bold text-slate-900">Restore a backup</h2>
      <p className="text-sm text-slate-600">
        Replaces everything on this site with the backup&apos;s content and photos. The file is checked first: a damaged file or
        one that is not a Sprout backup changes nothing. The audit log and your own account are kept. Everyone signs in again
        afterwards.
        {overview.database === 'pglite' ? ' The site pauses while the backup is loaded.' : ''}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <Label htmlFor="restore-file">Backup file (.tar.gz)</Label>
          <input
            id="restore-file"
            type="file"
            accept=".gz,application/gzip"
            className="block text-sm"
            aria-describedby="restore-file-contents"
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
          />
        </div>
        <Button variant="danger" disabled={!file || refused || restore.isPending} onClick={() => setConfirming(true)}>
          <Upload size={16} aria-hidden="true" /> {restore.isPending ? 'Restoring…' : 'Restore'}
        </Button>
      </div>
      <div id="restore-file-contents" role="status" className="text-sm">
        {preview?.state === 'reading' && <p className="text-slate-600">Reading what the backup holds…</p>}
        {preview?.state === 'read' && (
          <div className="rounded-lg bg-slate-50 p-3">
            <p className="mb-2 font-semibold text-slate-900">This backup holds</p>
            <BackupContents summary={preview.summary} timeZone={timeZone} />
          </div>
        )}
        {preview?.state === 'failed' && (
          <p className={preview.refused ? 'font-medium text-red-700' : 'text-slate-700'}>
            {preview.refused ? preview.message : `${preview.message} The server checks it when you restore.`}
          </p>
        )}
      </div>
      <Dialog
        open={confirming}
        onOpenChange={(open) => !open && !restore.isPending && close()}
        title="Replace everything?"
        description={`Everything on this site is replaced by ${file?.name ?? 'the backup'}. Make a backup now first if you may need today's content.`}
      >
        <form onSubmit={run} noValidate className="space-y-4">
          {preview?.state === 'read' && (
            <section aria-label="What the backup holds" className="rounded-lg bg-slate-50 p-3">
              <BackupContents summary={preview.summary} timeZone={timeZone} />
            </section>
          )}
          <ConfirmFields form={form} twoFactor={twoFactor} passphrase="open" />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close} disabled={restore.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={restore.isPending}>
              {restore.isPending ? 'Restoring…' : 'Replace everything'}
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
