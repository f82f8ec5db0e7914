import { ShieldPlus } from 'lucide-react';
import { useState } from 'react';
import { AlertDialog } from '../../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { useUser } from '../../../../features/auth/api/get-user.ts';
import { useCan } from '../../../../features/auth/hooks/use-can.ts';
import { useDeleteRole } from '../../../../features/roles/api/delete-role.ts';
import { useRoles, type Role } from '../../../../features/roles/api/get-roles.ts';
import { RoleCard } from '../../../../features/roles/components/role-card.tsx';
import { RoleFormDialog } from '../../../../features/roles/components/role-form-dialog.tsx';
import { CounterTiles } from '#client/components/cms/counter-tiles.tsx';
import { ServerMessage } from '../shell/server-message.tsx';

/** §2 Role Management (/cms/roles): counters, cards, the create/edit dialog with its grid. */
export default function RolesScreen() {
  const roles = useRoles();
  const canWrite = useCan('users', 'write');
  const canDelete = useCan('users', 'delete');
  const me = useUser().data;
  // Issue 29: the built-in roles and one's own role are changed by an administrator (the server refuses others).
  const mayEdit = (role: Role) => canWrite && (me?.roleName === 'admin' || (!role.isSystem && role.id !== me?.roleId));
  const remove = useDeleteRole();
  const [form, setForm] = useState<{ role: Role | null } | null>(null);
  const [confirm, setConfirm] = useState<Role | null>(null);
  const [cannotDelete, setCannotDelete] = useState(false);
  const counts = roles.data?.counts;

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Role Management</h1>
          <p className="text-sm text-slate-600">What each kind of staff account may see and change.</p>
        </div>
        {canWrite && (
          <Button onClick={() => setForm({ role: null })}>
            <ShieldPlus className="h-4 w-4" aria-hidden="true" /> Add Role
          </Button>
        )}
      </div>

      <CounterTiles
        className="mt-6 grid-cols-3"
        counters={[
          ['Total', counts?.total, 'text-slate-900'],
          ['Custom', counts?.custom, 'text-blue-700'],
          ['System', counts?.system, 'text-purple-700'],
        ]}
      />

      {roles.isPending && <p className="mt-8 text-center text-slate-600">Loading...</p>}
      {roles.isError && <ServerMessage error={roles.error} />}

      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Roles">
        {roles.data?.data.map((role) => (
          <li key={role.id}>
            <RoleCard
              role={role}
              onEdit={mayEdit(role) ? () => setForm({ role }) : undefined}
              onDelete={canDelete ? () => setConfirm(role) : undefined}
              onCannotDelete={canDelete ? () => setCannotDelete(true) : undefined}
            />
          </li>
        ))}
      </ul>

      <RoleFormDialog open={form !== null} role={form?.role ?? null} onOpenChange={(open) => !open && setForm(null)} />
      <AlertDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Delete role"
        description="Are you sure you want to delete this role? This action cannot be undone."
        pending={remove.isPending}
        onConfirm={() => confirm && remove.mutate(confirm.id, { onSettled: () => setConfirm(null) })}
      >
        {confirm && <p className="mt-2 text-sm font-semibold text-slate-900">{confirm.displayName}</p>}
      </AlertDialog>
      <Dialog
        open={cannotDelete}
        onOpenChange={setCannotDelete}
        title="Cannot Delete"
        description="System roles cannot be deleted"
      >
        <div className="flex justify-end">
          <Button variant="secondary" onClick={() => setCannotDelete(false)}>
            OK
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
