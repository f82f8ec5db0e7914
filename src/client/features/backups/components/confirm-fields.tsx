import { Field } from '#client/components/ui/field.tsx';

/** What an administrator types to confirm a backup download or a restore. */
export interface ConfirmValues {
  currentPassword: string;
  code: string;
  passphrase: string;
}

export const EMPTY_CONFIRM: ConfirmValues = { currentPassword: '', code: '', passphrase: '' };

/** The confirmation as the API takes it (empty fields left out). */
export const confirmInput = (values: ConfirmValues, withPassphrase: boolean) => ({
  currentPassword: values.currentPassword,
  ...(values.code.trim() ? { code: values.code.trim() } : {}),
  ...(withPassphrase && values.passphrase ? { passphrase: values.passphrase } : {}),
});

/**
 * The password, the second factor's code when it is on, and the passphrase: `seal` when a backup is
 * made (it seals the two-factor key inside the file), `open` when one is restored.
 */
export function ConfirmFields({
  values,
  onChange,
  errors,
  twoFactor,
  passphrase,
}: {
  values: ConfirmValues;
  onChange: (values: ConfirmValues) => void;
  errors: Record<string, string>;
  twoFactor: boolean;
  passphrase?: 'seal' | 'open';
}) {
  const set = (key: keyof ConfirmValues) => (e: { target: { value: string } }) => onChange({ ...values, [key]: e.target.value });
  return (
    <div className="space-y-3">
      <Field
        label="Your current password"
        type="password"
        autoComplete="current-password"
        required
        value={values.currentPassword}
        error={errors.currentPassword}
        onChange={set('currentPassword')}
      />
      {twoFactor && (
        <Field
          label="Code from your authenticator app (or a recovery code)"
          autoComplete="one-time-code"
          inputMode="text"
          required
          value={values.code}
          error={errors.code}
          onChange={set('code')}
        />
      )}
      {passphrase === 'seal' && (
        <Field
          label="Passphrase for the two-factor key (optional)"
          type="password"
          autoComplete="new-password"
          value={values.passphrase}
          error={errors.passphrase}
          hint="At least 12 characters; keep it apart from the file. Without one, the key is left out and staff set up their authenticator app again after a restore (their recovery codes still work)."
          onChange={set('passphrase')}
        />
      )}
      {passphrase === 'open' && (
        <Field
          label="The backup’s passphrase (if it has one)"
          type="password"
          autoComplete="off"
          value={values.passphrase}
          error={errors.passphrase}
          hint="The passphrase given when the backup was downloaded. Without it everything is restored, but staff set up their authenticator app again."
          onChange={set('passphrase')}
        />
      )}
    </div>
  );
}
