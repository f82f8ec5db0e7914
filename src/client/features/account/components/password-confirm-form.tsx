import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorAt, showServerErrors, useZodForm } from '../../../lib/zod-form.ts';
import { CurrentPasswordSchema } from '../../../../shared/schemas/security.ts';

/** Asks for the current password before a change to the account's security. */
export function PasswordConfirmForm({
  confirmLabel,
  pending,
  danger,
  onConfirm,
  onCancel,
  children,
}: {
  confirmLabel: string;
  pending: boolean;
  danger?: boolean;
  onConfirm: (currentPassword: string) => Promise<unknown>;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const form = useZodForm(CurrentPasswordSchema, { defaultValues: { currentPassword: '' } });
  const submit = form.handleSubmit(async ({ currentPassword }) => {
    try {
      await onConfirm(currentPassword);
    } catch (error) {
      showServerErrors(form, error, 'currentPassword');
    }
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {children}
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...form.register('currentPassword')}
        error={errorAt(form, 'currentPassword')}
      />
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={pending}>
          {pending ? 'Checking…' : confirmLabel}
        </Button>
      </div>
    </form>
  );
}
