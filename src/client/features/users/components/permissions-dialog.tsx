import { useState } from 'react';
import { PermissionGrid } from '../../../components/permission-grid.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import type { PublicUser } from '../../../../shared/schemas/user.ts';
import { useUserPermissions, type UserPermissionEntry } from '../api/get-user-permissions.ts';
import { useUpdateUserPermissions } from '../api/update-user-permissions.ts';
import { useUpdateUserRole } from '../api/update-user-role.ts';
import { completeEntries, enabledOnly, setAction, setEnabled } from './permission-entries.ts';

/**
 * §2/§4 permissions dialog: the role select saves the role at once (with the set the server
 * recomputes for it); the module switches and Read/Write/Delete are saved with Save.
 */
export function PermissionsDialog({
  user,
  roles,
  canWrite,
  onOpenChange,
}: {
  user: PublicUser | null;
  roles: ReadonlyArray<{ id: number; name: string; displayName: string }>;
  canWrite: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const name = user ? `${user.firstName} ${user.lastName}`.trim() || user.username : '';
  return (
    <Dialog
      open={user !== null}
      onOpenChange={onOpenChange}
      title={`Edit Permissions${name ? `: ${name}` : ''}`}
      description="Choosing Read, Write or Delete switches a module on. Only switched-on modules are saved."
      width="max-w-2xl"
    >
      {user && <PermissionsLoader user={user} roles={roles} canWrite={canWrite} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function PermissionsLoader(props: {
  user: PublicUser;
  roles: ReadonlyArray<{ id: number; name: string; displayName: string }>;
  canWrite: boolean;
  onDone: () => void;
}) {
  const permissions = useUserPermissions(props.user.id);
  if (permissions.isPending) return <p className="py-6 text-center text-slate-600">Loading permissions...</p>;
  if (permissions.isError)
    return (
      <p role="alert" className="py-6 text-center text-red-700">
        {permissions.error.message || 'Fetch failed'}
      </p>
    );
  return <PermissionsForm key={props.user.id} {...props} initial={permissions.data} />;
}

function PermissionsForm({
  user,
  roles,
  canWrite,
  initial,
  onDone,
}: {
  user: PublicUser;
  roles: ReadonlyArray<{ id: number; name: string; displayName: string }>;
  canWrite: boolean;
  initial: UserPermissionEntry[];
  onDone: () => void;
}) {
  const [entries, setEntries] = useState(() => completeEntries(initial));
  const [roleId, setRoleId] = useState(user.roleId === null ? '' : String(user.roleId));
  const changeRole = useUpdateUserRole();
  const save = useUpdateUserPermissions();
  const isAdmin = roles.find((r) => String(r.id) === roleId)?.name === 'admin';
  const locked = !canWrite || isAdmin || changeRole.isPending;

  const chooseRole = async (value: string) => {
    const previous = roleId;
    setRoleId(value);
    try {
      const result = await changeRole.mutateAsync({ id: user.id, roleId: value ? Number(value) : null });
      setEntries(completeEntries(result.permissions));
    } catch {
      setRoleId(previous);
    }
  };

  return (
    <div className="space-y-4">
      <SelectField
        label="Role"
        hint="Changing the role saves it at once, with that role's permissions."
        value={roleId}
        disabled={!canWrite || changeRole.isPending}
        onChange={(e) => void chooseRole(e.target.value)}
      >
        <option value="">Unassigned</option>
        {roles.map((r) => (
          <option key={r.id} value={r.id}>
            {r.displayName}
          </option>
        ))}
      </SelectField>
      {isAdmin && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Administrators always have every permission on every module.
        </p>
      )}
      <PermissionGrid
        caption={`Permissions of ${user.username}`}
        locked={locked}
        rows={entries.map((e) => ({
          module: e.module,
          enabled: e.enabled,
          read: e.canRead,
          write: e.canWrite,
          delete: e.canDelete,
        }))}
        onEnabled={(module, on) => setEntries((list) => setEnabled(list, module, on))}
        onAction={(module, action, value) => setEntries((list) => setAction(list, module, action, value))}
      />
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onDone}>
          {canWrite ? 'Cancel' : 'Close'}
        </Button>
        {canWrite && !isAdmin && (
          <Button
            disabled={save.isPending || changeRole.isPending}
            onClick={() => save.mutate({ id: user.id, permissions: enabledOnly(entries) }, { onSuccess: () => onDone() })}
          >
            {save.isPending ? 'Saving...' : 'Save Permissions'}
          </Button>
        )}
      </div>
    </div>
  );
}
