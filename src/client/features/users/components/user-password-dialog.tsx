import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { MIN_PASSWORD_LENGTH } from '../../../../shared/schemas/user.ts';
import { useChangeUserPassword } from '../api/change-user-password.ts';

/** §5: the checks of the administrator's password change, in the spec's words. */
export function passwordProblem(newPassword: string, confirmPassword: string, minLength = MIN_PASSWORD_LENGTH): string | null {
  if (!newPassword || !confirmPassword) return 'Please fill in all password fields';
  if (newPassword !== confirmPassword) return 'Passwords do not match';
  if (newPassword.length < minLength) return `Password must be at least ${minLength} characters long`;
  return null;
}

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
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangeUserPassword();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = passwordProblem(newPassword, confirmPassword, policy.minLength);
    setProblem(found);
    if (found) return;
    try {
      await change.mutateAsync({ id, newPassword });
      onDone();
    } catch {
      // The toast says why; the dialog stays open.
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        hint={policy.hint}
        value={newPassword}
        onChange={(e) => setNewPassword(e.target.value)}
      />
      <Field
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(e) => setConfirmPassword(e.target.value)}
      />
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
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
