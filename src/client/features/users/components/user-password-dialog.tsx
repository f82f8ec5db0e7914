import { useId, useMemo } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorAt, useZodForm } from '../../../lib/zod-form.ts';
import { newPasswordFormSchema } from '../../../../shared/schemas/user.ts';
import { useChangeUserPassword } from '../api/change-user-password.ts';

/** An administrator sets another member of staff's password (their sessions end). */
export function UserPasswordDialog({
  user,
  policy,
  onOpenChange,
}: {
  user: { id: number; name: string } | null;
  /** The school's password policy (its minimum and hint). */
  policy: { minLength: number; hint: string };
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={user !== null}
      onOpenChange={onOpenChange}
      title="Change Password"
      description={user ? `Set a new password for ${user.name}. They will be signed out everywhere.` : undefined}
    >
      {user && <PasswordForm key={user.id} id={user.id} policy={policy} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function PasswordForm({ id, policy, onDone }: { id: number; policy: { minLength: number; hint: string }; onDone: () => void }) {
  const schema = useMemo(() => newPasswordFormSchema(policy.minLength), [policy.minLength]);
  // Checked on submit, then as the fields change: the one message is an alert, not for every Tab.
  const form = useZodForm(schema, { defaultValues: { newPassword: '', confirmPassword: '' }, mode: 'onSubmit' });
  const change = useChangeUserPassword();
  const ids = useId();
  // §5 says what is wrong in one sentence under both fields; the fields it is about point to it.
  const problem = errorAt(form, 'newPassword') ?? errorAt(form, 'confirmPassword');
  const marked = (name: 'newPassword' | 'confirmPassword') =>
    errorAt(form, name) ? { 'aria-invalid': true, 'aria-describedby': `${ids}-problem` } : {};

  const submit = form.handleSubmit(async ({ newPassword }) => {
    try {
      await change.mutateAsync({ id, newPassword });
      onDone();
    } catch {
      // The toast says why; the dialog stays open.
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={policy.hint}
        {...form.register('newPassword')}
        {...marked('newPassword')}
      />
      <Field
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...form.register('confirmPassword')}
        {...marked('confirmPassword')}
      />
      {problem && (
        <p id={`${ids}-problem`} role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Change Password'}
        </Button>
      </div>
    </form>
  );
}
