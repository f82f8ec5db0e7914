import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { errorAt, showServerErrors, useZodForm } from '../../../lib/zod-form.ts';
import {
  UserCreateFormSchema,
  UserEditFormSchema,
  type PublicUser,
  type UserCreateFormValues,
} from '../../../../shared/schemas/user.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useUpdateUser } from '../api/update-user.ts';

const initial = (user: PublicUser | null): UserCreateFormValues => ({
  username: user?.username ?? '',
  email: user?.email ?? '',
  firstName: user?.firstName ?? '',
  lastName: user?.lastName ?? '',
  password: '',
  confirmPassword: '',
  // `suspended` (old data only) shows as it is; the form's check refuses it, as the API does.
  status: (user?.status ?? 'active') as UserCreateFormValues['status'],
  roleId: '',
});

/** What the dialog submits: a new user, or an existing one's details. */
const NEW_USER = UserCreateFormSchema.transform((input) => ({ kind: 'create' as const, input }));
const USER_DETAILS = UserEditFormSchema.transform((input) => ({ kind: 'edit' as const, input }));

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
  const form = useZodForm<typeof NEW_USER | typeof USER_DETAILS>(user ? USER_DETAILS : NEW_USER, {
    defaultValues: initial(user),
  });
  const create = useCreateUser();
  const update = useUpdateUser();
  const pending = create.isPending || update.isPending;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (values.kind === 'create') await create.mutateAsync(values.input);
      else {
        const { username, email, firstName, lastName, status = 'active' } = values.input;
        await update.mutateAsync({ id: user!.id, username, email, firstName, lastName, status });
      }
      onDone();
    } catch (error) {
      // The toast said why; keep what was typed and mark the fields the server named.
      showServerErrors(form, error);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First name"
          autoComplete="off"
          required
          {...form.register('firstName')}
          error={errorAt(form, 'firstName')}
        />
        <Field label="Last name" autoComplete="off" required {...form.register('lastName')} error={errorAt(form, 'lastName')} />
      </div>
      <Field label="Username" autoComplete="off" required {...form.register('username')} error={errorAt(form, 'username')} />
      <Field label="E-mail" type="email" autoComplete="off" required {...form.register('email')} error={errorAt(form, 'email')} />
      {!user && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            hint={passwordHint}
            {...form.register('password')}
            error={errorAt(form, 'password')}
          />
          <Field
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            required
            {...form.register('confirmPassword')}
            error={errorAt(form, 'confirmPassword')}
          />
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Status" {...form.register('status')} error={errorAt(form, 'status')}>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
          {user?.status === 'suspended' && <option value="suspended">Suspended</option>}
        </SelectField>
        {!user && (
          <SelectField label="Role" {...form.register('roleId')} error={errorAt(form, 'roleId')}>
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
