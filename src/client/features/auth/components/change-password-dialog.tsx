import { useMemo } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorAt, showServerErrors, useZodForm } from '../../../lib/zod-form.ts';
import { changePasswordFormSchema } from '../../../../shared/schemas/auth.ts';
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
  const change = useChangePassword({ onSignedOut });
  const policy = usePasswordPolicy();
  const schema = useMemo(() => changePasswordFormSchema(policy.minLength), [policy.minLength]);
  const form = useZodForm(schema, { defaultValues: EMPTY });
  const close = (next: boolean) => {
    if (!next) {
      form.reset(EMPTY);
      change.reset();
    }
    onOpenChange(next);
  };

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
        onSubmit={form.handleSubmit(({ currentPassword, newPassword }) =>
          change.mutate(
            { currentPassword, newPassword },
            { onSuccess: () => close(false), onError: (error) => showServerErrors(form, error) },
          ),
        )}
      >
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...form.register('currentPassword')}
          error={errorAt(form, 'currentPassword')}
        />
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={policy.hint}
          {...form.register('newPassword')}
          error={errorAt(form, 'newPassword')}
        />
        <Field
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...form.register('confirmPassword')}
          error={errorAt(form, 'confirmPassword')}
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
