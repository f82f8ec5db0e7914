import { useId } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { WizardDone } from './finish-step.tsx';
import type { RestoreResult } from '../../../../shared/schemas/backup.ts';

/** The wizard's other path: bring back a school from its backup archive instead of creating a new one. */
export function RestoreStep({
  file,
  onFile,
  passphrase,
  onPassphrase,
  error,
  result,
  databaseConfigured,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  passphrase: string;
  onPassphrase: (passphrase: string) => void;
  error: string | null;
  result: RestoreResult | null;
  databaseConfigured: boolean;
}) {
  const id = useId();
  if (result) {
    return (
      <WizardDone title="Your school is back" websiteLink="Go to the website">
        The backup of {new Date(result.summary.createdAt).toLocaleString()} was restored: {result.summary.rows} records and{' '}
        {result.summary.files} files. Sign in with an account and password from the backup.
        {result.twoFactorCleared > 0 &&
          ` ${result.twoFactorCleared} staff sign in with a recovery code, then set up their authenticator app again.`}
      </WizardDone>
    );
  }
  return (
    <div className="space-y-4 text-slate-700">
      <p>
        Choose a backup file made by Sprout (Settings &gt; Backups, or <code>npm run backup</code>). It brings back the
        school&apos;s details, staff accounts and their passwords, events, galleries, posts, enquiries and every photo.
      </p>
      <p>
        The file is checked first: a damaged file, or one that is not a Sprout backup, changes nothing. It goes into{' '}
        {databaseConfigured ? 'the database this server was started with (DATABASE_URL)' : 'the built-in database'}.
      </p>
      <div>
        <Label htmlFor={id}>Backup file (.tar.gz)</Label>
        <input
          id={id}
          name="backupFile"
          type="file"
          accept=".gz,application/gzip"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 block w-full text-sm"
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        />
        {file && <p className="mt-1 text-sm text-slate-600">{`${file.name}, ${(file.size / 1024 / 1024).toFixed(1)} MB`}</p>}
      </div>
      <div>
        <Label htmlFor={`${id}-passphrase`}>The backup’s passphrase (if it has one)</Label>
        <Input
          id={`${id}-passphrase`}
          name="backupPassphrase"
          type="password"
          autoComplete="off"
          value={passphrase}
          aria-describedby={`${id}-passphrase-hint`}
          onChange={(e) => onPassphrase(e.target.value)}
        />
        <p id={`${id}-passphrase-hint`} className="mt-1 text-xs text-slate-600">
          Given when the backup was downloaded; it opens the staff&apos;s two-factor key. Without it everything is restored, but
          staff set up their authenticator app again (their recovery codes still work).
        </p>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" tabIndex={-1} className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
