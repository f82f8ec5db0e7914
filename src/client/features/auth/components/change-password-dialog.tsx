import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ChangePasswordFormSchema } from '../../../../shared/schemas/auth.ts';
import { useChangePassword } from '../api/change-password.ts';
import { usePasswordPolicy } from '../api/get-password-policy.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** §3 Change-password form with §5's messages; success signs the user out everywhere. */
export function ChangePasswordDialog({
  open,
  onOpenChange,
  onSignedOut,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSignedOut: () => void;
}) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useChangePassword({ onSignedOut });
  const policy = usePasswordPolicy();
  const close = (next: boolean) => {
    if (!next) {
      setValues(EMPTY);
      setErrors({});
      change.reset();
    }
    onOpenChange(next);
  };
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Change password"
      description="You will be asked to sign in again with the new password."
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = ChangePasswordFormSchema.safeParse(values);
          if (!parsed.success) {
            const first: Record<string, string> = {};
            for (const issue of parsed.error.issues) first[String(issue.path[0])] ??= issue.message;
            setErrors(first);
            return;
          }
          if (values.newPassword.length < policy.minLength) {
            setErrors({ newPassword: `Password must be at least ${policy.minLength} characters long` });
            return;
          }
          setErrors({});
          change.mutate(
            { currentPassword: values.currentPassword, newPassword: values.newPassword },
            {
              onSuccess: () => close(false),
              onError: (error) => {
                const fields = (error as { fields?: Record<string, string> }).fields;
                if (fields) setErrors(fields);
              },
            },
          );
        }}
      >
        <Field
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          error={errors.currentPassword}
          onChange={set('currentPassword')}
        />
        <Field
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint={policy.hint}
          value={values.newPassword}
          error={errors.newPassword}
          onChange={set('newPassword')}
        />
        <Field
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          error={errors.confirmPassword}
          onChange={set('confirmPassword')}
        />
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
