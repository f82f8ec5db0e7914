import { ChevronDown, Pencil } from 'lucide-react';
import { useMemo, useState } from 'react';
import { moduleLabel, OTHER_MODULES, OTHER_MODULES_TITLE } from '../../../../components/permission-grid.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { useCan } from '../../../../features/auth/hooks/use-can.ts';
import { useRoles } from '../../../../features/roles/api/get-roles.ts';
import { useAllUserPermissions } from '../../../../features/users/api/get-all-user-permissions.ts';
import type { UserPermissionEntry } from '../../../../features/users/api/get-user-permissions.ts';
import { useUsers } from '../../../../features/users/api/get-users.ts';
import { permissionStats } from '../../../../features/users/components/permission-stats.ts';
import { PermissionsDialog } from '../../../../features/users/components/permissions-dialog.tsx';
import { fullName } from '../../../../features/users/components/user-card.tsx';
import { MODULES, type Module } from '../../../../../shared/permissions.ts';
import type { PublicUser } from '../../../../../shared/schemas/user.ts';
import { ServerMessage } from '../shell/server-message.tsx';

/** §2 Permissions Management (/cms/permissions): overview, stats, the user-by-module matrix. */
export default function PermissionsScreen() {
  const users = useUsers();
  const roles = useRoles();
  const canWrite = useCan('users', 'write');
  const list = useMemo(() => users.data?.data ?? [], [users.data]);
  const permissions = useAllUserPermissions(list.map((u) => u.id));
  const stats = useMemo(() => permissionStats(list, permissions.byUser), [list, permissions.byUser]);
  const loading = users.isPending || permissions.isPending;
  const [editing, setEditing] = useState<PublicUser | null>(null);
  const error = users.error ?? permissions.error;
  // §9's twelve modules the website does not use are folded away until asked for (issue 31).
  const [showOthers, setShowOthers] = useState(false);
  const shown = (module: Module) => showOthers || !OTHER_MODULES.includes(module);
  const columns = MODULES.filter(shown);

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold text-slate-900">Permissions Management</h1>
      <p className="text-sm text-slate-600">Who can see and change each part of the back office.</p>

      {error && <ServerMessage error={error} />}

      <button
        type="button"
        aria-expanded={showOthers}
        aria-controls="overview-list matrix-table"
        onClick={() => setShowOthers((open) => !open)}
        className="mt-4 inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100"
      >
        <ChevronDown className={`h-4 w-4 transition-transform ${showOthers ? 'rotate-180' : ''}`} aria-hidden="true" />
        {showOthers ? 'Hide' : 'Show'} {OTHER_MODULES_TITLE.charAt(0).toLowerCase() + OTHER_MODULES_TITLE.slice(1)}
      </button>

      <div className="mt-6 grid gap-4 lg:grid-cols-3">
        <section
          aria-labelledby="overview-title"
          className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm lg:col-span-2"
        >
          <h2 id="overview-title" className="font-bold text-slate-900">
            Module access overview
          </h2>
          <p className="text-xs text-slate-600">Users with any access to each module, and their share of all users.</p>
          <ul id="overview-list" className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
            {stats.modules
              .filter(({ module }) => shown(module))
              .map(({ module, users: count, coverage }) => (
                <li key={module} className="text-sm">
                  <div className="flex justify-between gap-2">
                    <span className="font-medium text-slate-800">{moduleLabel(module)}</span>
                    <span className="text-slate-600">
                      {loading ? '…' : `${count} ${count === 1 ? 'user' : 'users'} · ${coverage}%`}
                    </span>
                  </div>
                  <div className="mt-1 h-1.5 rounded-full bg-slate-200" aria-hidden="true">
                    <div className="h-1.5 rounded-full bg-brand-600" style={{ width: `${loading ? 0 : coverage}%` }} />
                  </div>
                </li>
              ))}
          </ul>
        </section>

        <section aria-labelledby="stats-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="stats-title" className="font-bold text-slate-900">
            Permission stats
          </h2>
          {loading ? (
            <ul className="mt-3 space-y-3" aria-label="Loading permission stats" aria-busy="true">
              {Array.from({ length: 5 }, (_, i) => (
                <li key={i} className="h-6 animate-pulse rounded bg-slate-200" />
              ))}
            </ul>
          ) : (
            <dl className="mt-3 divide-y divide-slate-100 text-sm">
              {(
                [
                  ['Admin users', stats.admins],
                  ['Manager users', stats.managers],
                  ['Regular users', stats.regular],
                  ['Full access', stats.fullAccess],
                  ['Limited access', stats.limitedAccess],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="flex justify-between py-2">
                  <dt className="text-slate-700">{label}</dt>
                  <dd className="font-bold text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      </div>

      <section aria-labelledby="matrix-title" className="mt-6 rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-2 p-4">
          <h2 id="matrix-title" className="font-bold text-slate-900">
            Users and modules
          </h2>
          <Legend />
        </div>
        <div className="relative overflow-x-auto">
          <table id="matrix-table" className="w-full border-t border-slate-200 text-sm">
            <thead className="bg-slate-50 text-xs text-slate-700">
              <tr>
                <th scope="col" className="sticky left-0 z-10 bg-slate-50 px-3 py-2 text-left font-bold">
                  User
                </th>
                {columns.map((m) => (
                  <th key={m} scope="col" className="px-1 py-2 font-semibold">
                    <span className="block max-w-16 truncate" title={moduleLabel(m)}>
                      {moduleLabel(m)}
                    </span>
                  </th>
                ))}
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Edit</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.map((user) => (
                <tr key={user.id}>
                  <th
                    scope="row"
                    className="sticky left-0 z-10 bg-white px-3 py-2 text-left font-medium whitespace-nowrap text-slate-900"
                  >
                    {fullName(user)}
                    <span className="block text-xs font-normal text-slate-600">{user.role?.displayName ?? 'Unassigned'}</span>
                  </th>
                  {columns.map((m) => (
                    <td key={m} className="px-1 py-2 text-center">
                      <AccessDot entry={permissions.byUser.get(user.id)?.find((e) => e.module === m)} />
                    </td>
                  ))}
                  <td className="px-3 py-2">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Edit permissions of ${fullName(user)}`}
                      onClick={() => setEditing(user)}
                    >
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <PermissionsDialog
        user={editing}
        roles={roles.data?.data ?? []}
        canWrite={canWrite}
        onOpenChange={(open) => !open && setEditing(null)}
      />
    </div>
  );
}

/** A matrix cell: colour for the eye, words for a screen reader. */
function AccessDot({ entry }: { entry: UserPermissionEntry | undefined }) {
  if (!entry) return <span className="sr-only">Loading</span>;
  const actions = [entry.canRead && 'read', entry.canWrite && 'write', entry.canDelete && 'delete'].filter(Boolean);
  const full = actions.length === 3;
  const colour = !entry.enabled ? 'bg-white ring-2 ring-slate-400' : full ? 'bg-green-600' : 'bg-amber-500';
  const text = entry.enabled ? actions.join(', ') : 'no access';
  return (
    <>
      <span aria-hidden="true" title={text} className={`mx-auto block h-3 w-3 rounded-full ${colour}`} />
      <span className="sr-only">{text}</span>
    </>
  );
}

function Legend() {
  return (
    <ul className="flex flex-wrap gap-3 text-xs text-slate-700" aria-label="Legend">
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="h-3 w-3 rounded-full bg-green-600" /> Read, write and delete
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="h-3 w-3 rounded-full bg-amber-500" /> Some access
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="h-3 w-3 rounded-full bg-white ring-2 ring-slate-400" /> No access
      </li>
    </ul>
  );
}
