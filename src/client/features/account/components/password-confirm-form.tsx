import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';

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
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setProblem('Enter your current password');
    setProblem(undefined);
    try {
      await onConfirm(password);
    } catch (error) {
      setProblem(error instanceof ApiError ? (error.fields?.currentPassword ?? error.message) : (error as Error).message);
    }
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {children}
      <Field
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        value={password}
        error={problem}
        onChange={(e) => setPassword(e.target.value)}
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
