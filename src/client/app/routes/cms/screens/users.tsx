import { UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { AlertDialog } from '../../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { NativeSelect } from '../../../../components/ui/input.tsx';
import { useUser } from '../../../../features/auth/api/get-user.ts';
import { usePasswordPolicy } from '../../../../features/auth/api/get-password-policy.ts';
import { useCan } from '../../../../features/auth/hooks/use-can.ts';
import { useRoles } from '../../../../features/roles/api/get-roles.ts';
import { useSchoolTimezone } from '../../../../features/school/api/school.ts';
import { useDeleteUser } from '../../../../features/users/api/delete-user.ts';
import { useUsers, type UsersFilter } from '../../../../features/users/api/get-users.ts';
import { useEndUserSessions, useResetTwoFactor } from '../../../../features/users/api/user-security.ts';
import { useBuiltInRolesNotice, useDismissBuiltInRolesNotice } from '../../../../features/users/api/built-in-roles-notice.ts';
import { BuiltInRolesNotice } from '../../../../features/users/components/built-in-roles-notice.tsx';
import { PermissionsDialog } from '../../../../features/users/components/permissions-dialog.tsx';
import { fullName, UserCard } from '../../../../features/users/components/user-card.tsx';
import { UserFormDialog } from '../../../../features/users/components/user-form-dialog.tsx';
import { UserPasswordDialog } from '../../../../features/users/components/user-password-dialog.tsx';
import type { PublicUser } from '../../../../../shared/schemas/user.ts';
import { CounterTiles } from '#client/components/cms/counter-tiles.tsx';
import { ServerMessage } from '../shell/server-message.tsx';

/** §2 User Management (/cms/users): counters, role and status filters, cards with their menu. */
export default function UsersScreen() {
  const [filter, setFilter] = useState<UsersFilter>({ status: 'all', roleId: 'all' });
  const users = useUsers(filter);
  const roles = useRoles();
  const me = useUser().data;
  const timeZone = useSchoolTimezone() ?? 'UTC';
  const canWrite = useCan('users', 'write');
  const canDelete = useCan('users', 'delete');
  const remove = useDeleteUser();
  const [form, setForm] = useState<{ user: PublicUser | null } | null>(null);
  const [password, setPassword] = useState<PublicUser | null>(null);
  const [permissions, setPermissions] = useState<PublicUser | null>(null);
  const [confirm, setConfirm] = useState<PublicUser | null>(null);
  const [security, setSecurity] = useState<{ user: PublicUser; action: 'sessions' | 'two-factor' } | null>(null);
  const endSessions = useEndUserSessions();
  const resetTwoFactor = useResetTwoFactor();
  const policy = usePasswordPolicy();
  const notice = useBuiltInRolesNotice(me?.roleName === 'admin');
  const dismissNotice = useDismissBuiltInRolesNotice();
  const roleList = roles.data?.data ?? [];
  const counts = users.data?.counts;
  const filtered = filter.status !== 'all' || filter.roleId !== 'all';

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">User Management</h1>
          <p className="text-sm text-slate-600">The school's staff accounts, their roles and their access.</p>
        </div>
        {canWrite && (
          <Button onClick={() => setForm({ user: null })}>
            <UserPlus className="h-4 w-4" aria-hidden="true" /> Add User
          </Button>
        )}
      </div>

      {notice.data?.data && (
        <BuiltInRolesNotice
          notice={notice.data.data}
          pending={dismissNotice.isPending}
          onDismiss={() => dismissNotice.mutate()}
        />
      )}

      <CounterTiles
        className="mt-6 grid-cols-3"
        counters={[
          ['Total Users', counts?.total, 'text-slate-900'],
          ['Active Users', counts?.active, 'text-green-700'],
          ['Admin Users', counts?.admins, 'text-purple-700'],
        ]}
      />

      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <NativeSelect
          aria-label="Filter by role"
          className="sm:w-56"
          value={filter.roleId}
          onChange={(e) => setFilter((f) => ({ ...f, roleId: e.target.value }))}
        >
          <option value="all">All Roles</option>
          <option value="none">Unassigned</option>
          {roleList.map((r) => (
            <option key={r.id} value={r.id}>
              {r.displayName}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Filter by status"
          className="sm:w-48"
          value={filter.status}
          onChange={(e) => setFilter((f) => ({ ...f, status: e.target.value }))}
        >
          <option value="all">All Status</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </NativeSelect>
      </div>

      {users.isPending && <p className="mt-8 text-center text-slate-600">Loading...</p>}
      {users.isError && <ServerMessage error={users.error} />}
      {users.data && users.data.data.length === 0 && (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <Users className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
          <h2 className="mt-3 text-lg font-semibold text-slate-900">No users found</h2>
          <p className="mt-1 text-sm text-slate-600">
            {filtered ? 'Try adjusting your filters' : 'Add the first member of staff'}
          </p>
        </div>
      )}

      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Users">
        {users.data?.data.map((user) => (
          <li key={user.id}>
            <UserCard
              user={user}
              timeZone={timeZone}
              actions={{
                onChangePassword: canWrite && user.id !== me?.id ? () => setPassword(user) : undefined,
                onEdit: canWrite ? () => setForm({ user }) : undefined,
                onPermissions: () => setPermissions(user),
                onEndSessions: canWrite && user.id !== me?.id ? () => setSecurity({ user, action: 'sessions' }) : undefined,
                onResetTwoFactor: canWrite ? () => setSecurity({ user, action: 'two-factor' }) : undefined,
                onDelete: canDelete ? () => setConfirm(user) : undefined,
                deleteDisabled: user.id === me?.id,
              }}
            />
          </li>
        ))}
      </ul>

      <UserFormDialog
        open={form !== null}
        user={form?.user ?? null}
        roles={roleList}
        passwordHint={policy.hint}
        onOpenChange={(open) => !open && setForm(null)}
      />
      <UserPasswordDialog
        user={password && { id: password.id, name: fullName(password) }}
        policy={policy}
        onOpenChange={(open) => !open && setPassword(null)}
      />
      <PermissionsDialog
        user={permissions}
        roles={roleList}
        canWrite={canWrite}
        onOpenChange={(open) => !open && setPermissions(null)}
      />
      <AlertDialog
        open={security !== null}
        onOpenChange={(open) => !open && setSecurity(null)}
        title={security?.action === 'sessions' ? 'End all sessions' : 'Reset two-factor sign-in'}
        description={
          security?.action === 'sessions'
            ? 'They will be signed out on every device at once.'
            : 'Their authenticator app and recovery codes stop working. They sign in with the password, and set it up again where the school requires it.'
        }
        confirmLabel={security?.action === 'sessions' ? 'End sessions' : 'Reset'}
        pendingLabel="Working…"
        pending={endSessions.isPending || resetTwoFactor.isPending}
        onConfirm={() =>
          security &&
          (security.action === 'sessions' ? endSessions : resetTwoFactor).mutate(security.user.id, {
            onSettled: () => setSecurity(null),
          })
        }
      >
        {security && <p className="mt-2 text-sm font-semibold text-slate-900">{fullName(security.user)}</p>}
      </AlertDialog>
      <AlertDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Delete user"
        description="Are you sure you want to delete this user?"
        pending={remove.isPending}
        onConfirm={() => confirm && remove.mutate(confirm.id, { onSettled: () => setConfirm(null) })}
      >
        {confirm && (
          <p className="mt-2 text-sm font-semibold text-slate-900">
            {fullName(confirm)} ({confirm.email})
          </p>
        )}
      </AlertDialog>
    </div>
  );
}
