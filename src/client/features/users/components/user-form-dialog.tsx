import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { PublicUser } from '../../../../shared/schemas/user.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useUpdateUser } from '../api/update-user.ts';

interface Values {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
  status: string;
  roleId: string;
}

const REQUIRED: Array<[keyof Values, string]> = [
  ['username', 'Username is required'],
  ['email', 'E-mail is required'],
  ['firstName', 'First name is required'],
  ['lastName', 'Last name is required'],
];

const initial = (user: PublicUser | null): Values => ({
  username: user?.username ?? '',
  email: user?.email ?? '',
  firstName: user?.firstName ?? '',
  lastName: user?.lastName ?? '',
  password: '',
  confirmPassword: '',
  status: user?.status ?? 'active',
  roleId: '',
});

/** §5 User form: 'Create New User' (with password and role) or 'Edit User' (details and status). */
export function UserFormDialog({
  open,
  user,
  roles,
  passwordHint,
  onOpenChange,
}: {
  open: boolean;
  /** null: create. */
  user: PublicUser | null;
  roles: ReadonlyArray<{ id: number; displayName: string }>;
  /** The hint under the password: the school's policy. */
  passwordHint: string;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={user ? 'Edit User' : 'Create New User'} width="max-w-lg">
      {/* Keyed so that each opening starts from the user's current values. */}
      {open && (
        <UserForm
          key={user?.id ?? 'new'}
          user={user}
          roles={roles}
          passwordHint={passwordHint}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function UserForm({
  user,
  roles,
  passwordHint,
  onDone,
}: {
  user: PublicUser | null;
  roles: ReadonlyArray<{ id: number; displayName: string }>;
  passwordHint: string;
  onDone: () => void;
}) {
  const [values, setValues] = useState(() => initial(user));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const create = useCreateUser();
  const update = useUpdateUser();
  const pending = create.isPending || update.isPending;
  const set = (key: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing: typeof errors = {};
    for (const [key, message] of REQUIRED) if (!values[key].trim()) missing[key] = message;
    if (!user) {
      if (!values.password) missing.password = 'Password is required';
      if (!values.confirmPassword) missing.confirmPassword = 'Confirm the password';
      else if (values.password !== values.confirmPassword) missing.confirmPassword = 'Passwords do not match';
    }
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const details = {
      username: values.username.trim(),
      email: values.email.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      status: values.status as 'active' | 'inactive',
    };
    try {
      if (user) await update.mutateAsync({ id: user.id, ...details });
      else
        await create.mutateAsync({
          ...details,
          password: values.password,
          confirmPassword: values.confirmPassword,
          roleId: values.roleId ? Number(values.roleId) : null,
        });
      onDone();
    } catch (error) {
      // The toast said why; keep what was typed and mark the fields the server named.
      if (error instanceof ApiError && error.fields) setErrors(error.fields as typeof errors);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First name"
          name="firstName"
          autoComplete="off"
          required
          value={values.firstName}
          error={errors.firstName}
          onChange={set('firstName')}
        />
        <Field
          label="Last name"
          name="lastName"
          autoComplete="off"
          required
          value={values.lastName}
          error={errors.lastName}
          onChange={set('lastName')}
        />
      </div>
      <Field
        label="Username"
        name="username"
        autoComplete="off"
        required
        value={values.username}
        error={errors.username}
        onChange={set('username')}
      />
      <Field
        label="E-mail"
        name="email"
        type="email"
        autoComplete="off"
        required
        value={values.email}
        error={errors.email}
        onChange={set('email')}
      />
      {!user && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            hint={passwordHint}
            value={values.password}
            error={errors.password}
            onChange={set('password')}
          />
          <Field
            label="Confirm password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            value={values.confirmPassword}
            error={errors.confirmPassword}
            onChange={set('confirmPassword')}
          />
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Status" name="status" value={values.status} onChange={set('status')}>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
          {values.status === 'suspended' && <option value="suspended">Suspended</option>}
        </SelectField>
        {!user && (
          <SelectField label="Role" name="roleId" value={values.roleId} onChange={set('roleId')}>
            <option value="">Unassigned</option>
            {roles.map((r) => (
              <option key={r.id} value={r.id}>
                {r.displayName}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : user ? 'Save changes' : 'Create User'}
        </Button>
      </div>
    </form>
  );
}
