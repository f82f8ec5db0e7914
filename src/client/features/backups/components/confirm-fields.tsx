import type { UseFormReturn } from 'react-hook-form';
import { Field } from '#client/components/ui/field.tsx';
import { errorAt } from '#client/lib/zod-form.ts';
import type { ConfirmFieldsValues } from '#shared/schemas/backup.ts';

/** The part of a confirming form these fields use, whatever the form makes of them. */
type ConfirmForm = Pick<UseFormReturn<ConfirmFieldsValues>, 'register' | 'formState'>;

/**
 * The password, the second factor's code when it is on, and the passphrase: `seal` when a backup is
 * made (it seals the two-factor key inside the file), `open` when one is restored.
 */
export function ConfirmFields({
  form,
  twoFactor,
  passphrase,
}: {
  form: ConfirmForm;
  twoFactor: boolean;
  passphrase?: 'seal' | 'open';
}) {
  return (
    <div className="space-y-3">
      <Field
        label="Your current password"
        type="password"
        autoComplete="current-password"
        required
        {...form.register('currentPassword')}
        error={errorAt(form, 'currentPassword')}
      />
      {twoFactor && (
        <Field
          label="Code from your authenticator app (or a recovery code)"
          autoComplete="one-time-code"
          inputMode="text"
          required
          {...form.register('code')}
          error={errorAt(form, 'code')}
        />
      )}
      {passphrase === 'seal' && (
        <Field
          label="Passphrase for the two-factor key (optional)"
          type="password"
          autoComplete="new-password"
          {...form.register('passphrase')}
          error={errorAt(form, 'passphrase')}
          hint="At least 12 characters; keep it apart from the file. Without one, the key is left out and staff set up their authenticator app again after a restore (their recovery codes still work)."
        />
      )}
      {passphrase === 'open' && (
        <Field
          label="The backup’s passphrase (if it has one)"
          type="password"
          autoComplete="off"
          {...form.register('passphrase')}
          error={errorAt(form, 'passphrase')}
          hint="The passphrase given when the backup was downloaded. Without it everything is restored, but staff set up their authenticator app again."
        />
      )}
    </div>
  );
}
