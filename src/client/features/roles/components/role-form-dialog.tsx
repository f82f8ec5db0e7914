import { useState, type FormEvent } from 'react';
import { PermissionGrid } from '../../../components/permission-grid.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { TextArea } from '../../media/components/textarea.tsx';
import { MODULES, type Action, type Module, type ModulePermission } from '../../../../shared/permissions.ts';
import { useCreateRole } from '../api/create-role.ts';
import type { Role } from '../api/get-roles.ts';
import { useUpdateRole } from '../api/update-role.ts';

type Permissions = Partial<Record<Module, ModulePermission>>;
const OFF: ModulePermission = { read: false, write: false, delete: false };

/** §3: a lowercase identifier, underscores allowed, starting with a letter. */
const NAME_PATTERN = /^[a-z][a-z0-9_]*$/;

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
  const [name, setName] = useState(role?.name ?? '');
  const [displayName, setDisplayName] = useState(role?.displayName ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [permissions, setPermissions] = useState<Permissions>(() => ({ ...(role?.permissions ?? {}) }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateRole();
  const update = useUpdateRole();
  const system = role?.isSystem ?? false;
  const pending = create.isPending || update.isPending;

  const setAction = (module: Module, action: Action, value: boolean) =>
    setPermissions((p) => ({ ...p, [module]: { ...(p[module] ?? OFF), [action]: value } }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = 'Name is required';
    else if (!NAME_PATTERN.test(name.trim())) found.name = 'Lowercase letters, digits and underscores, starting with a letter';
    if (!displayName.trim()) found.displayName = 'Display name is required';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input = { name: name.trim(), displayName: displayName.trim(), description: description.trim(), permissions };
    try {
      if (role) await update.mutateAsync({ id: role.id, ...input });
      else await create.mutateAsync(input);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Name"
          name="name"
          autoComplete="off"
          required
          hint="Lowercase, e.g. class_teacher"
          disabled={system}
          value={name}
          error={errors.name}
          onChange={(e) => setName(e.target.value.toLowerCase())}
        />
        <Field
          label="Display name"
          name="displayName"
          autoComplete="off"
          required
          value={displayName}
          error={errors.displayName}
          onChange={(e) => setDisplayName(e.target.value)}
        />
      </div>
      <TextArea
        label="Description"
        name="description"
        rows={2}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-800">Permissions</legend>
        <PermissionGrid
          caption="Role permissions"
          locked={system}
          rows={MODULES.map((module) => ({ module, ...(permissions[module] ?? OFF) }))}
          onAction={setAction}
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
