import { useWatch } from 'react-hook-form';
import { PermissionGrid } from '../../../components/permission-grid.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorAt, showServerErrors, useZodForm } from '../../../lib/zod-form.ts';
import { TextArea } from '../../media/components/textarea.tsx';
import { MODULES, type ModulePermission } from '../../../../shared/permissions.ts';
import { roleIdentifier, RoleInputSchema } from '../../../../shared/schemas/role.ts';
import { useCreateRole } from '../api/create-role.ts';
import type { Role } from '../api/get-roles.ts';
import { useUpdateRole } from '../api/update-role.ts';

const OFF: ModulePermission = { read: false, write: false, delete: false };

/** §2/§5 Role form with its permission grid; a built-in role's switches show its fixed set, locked (issue 29). */
export function RoleFormDialog({
  open,
  role,
  onOpenChange,
}: {
  open: boolean;
  role: Role | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={role ? 'Edit Role' : 'Create New Role'}
      description={
        role?.isSystem
          ? 'A built-in role has a fixed set of permissions; an administrator may change its display name and description.'
          : undefined
      }
      width="max-w-2xl"
    >
      {open && <RoleForm key={role?.id ?? 'new'} role={role} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function RoleForm({ role, onDone }: { role: Role | null; onDone: () => void }) {
  const form = useZodForm(RoleInputSchema, {
    defaultValues: {
      name: role?.name ?? '',
      displayName: role?.displayName ?? '',
      description: role?.description ?? '',
      permissions: { ...(role?.permissions ?? {}) },
    },
  });
  const [permissions = {}, displayName = ''] = useWatch({ control: form.control, name: ['permissions', 'displayName'] });
  const create = useCreateRole();
  const update = useUpdateRole();
  const system = role?.isSystem ?? false;
  const pending = create.isPending || update.isPending;
  // A new role's identifier comes from its display name (the server makes it unique); a role keeps its own.
  const identifier = role?.name ?? (displayName.trim() ? roleIdentifier(displayName) : '');

  const submit = form.handleSubmit(async ({ displayName, description, permissions }) => {
    const input = { ...(role && { name: role.name }), displayName, description: description ?? '', permissions };
    try {
      if (role) await update.mutateAsync({ id: role.id, ...input });
      else await create.mutateAsync(input);
      onDone();
    } catch (error) {
      showServerErrors(form, error);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field
        label="Name"
        autoComplete="off"
        required
        hint={identifier ? `Identifier: ${identifier}` : 'As staff will read it, e.g. Class teacher'}
        {...form.register('displayName')}
        error={errorAt(form, 'displayName') ?? errorAt(form, 'name')}
      />
      <TextArea label="Description" rows={2} {...form.register('description')} error={errorAt(form, 'description')} />
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-800">Permissions</legend>
        <PermissionGrid
          caption="Role permissions"
          locked={system}
          rows={MODULES.map((module) => ({ module, ...OFF, ...permissions[module] }))}
          onAction={(module, action, value) =>
            form.setValue(
              'permissions',
              { ...permissions, [module]: { ...OFF, ...permissions[module], [action]: value } },
              { shouldDirty: true },
            )
          }
        />
      </fieldset>
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : role ? 'Save changes' : 'Create Role'}
        </Button>
      </div>
    </form>
  );
}
