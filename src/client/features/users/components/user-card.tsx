import { Clock, KeyRound, LogOut, MoreVertical, Pencil, ShieldCheck, ShieldOff, Trash2 } from 'lucide-react';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '../../../components/ui/dropdown-menu.tsx';
import { formatShortDate } from '../../../../shared/dates.ts';
import type { PublicUser } from '../../../../shared/schemas/user.ts';

export const isAdmin = (user: PublicUser) => user.role?.name === 'admin';

/** A member of staff's full name, or their username. */
export const fullName = (user: PublicUser) => `${user.firstName} ${user.lastName}`.trim() || user.username;

const initials = (user: PublicUser) =>
  (`${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.trim() || user.username.slice(0, 2)).toUpperCase();

const STATUS_TONE: Record<string, BadgeTone> = { active: 'green', inactive: 'slate', suspended: 'red' };
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export interface UserCardActions {
  onChangePassword?: () => void;
  onEdit?: () => void;
  onPermissions?: () => void;
  onEndSessions?: () => void;
  /** Only offered when the user has a second factor. */
  onResetTwoFactor?: () => void;
  /** Omitted: no Delete item; `deleteDisabled` keeps it but greyed (oneself). */
  onDelete?: () => void;
  deleteDisabled?: boolean;
}

/** §2 User Management card. */
export function UserCard({ user, timeZone, actions }: { user: PublicUser; timeZone: string; actions: UserCardActions }) {
  const admin = isAdmin(user);
  const name = admin ? 'Admin' : fullName(user);
  const hasMenu = Boolean(
    actions.onChangePassword || actions.onEdit || actions.onPermissions || actions.onEndSessions || actions.onDelete,
  );
  return (
    <article
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-label={fullName(user)}
    >
      <div className="flex items-start gap-3">
        {user.profileImageUrl ? (
          <img src={user.profileImageUrl} alt="" className="h-12 w-12 shrink-0 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-base font-bold text-brand-700"
          >
            {initials(user)}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-bold text-slate-900">{name}</h2>
          <p className="truncate text-sm text-slate-600">{user.email}</p>
          <p className="truncate text-xs text-slate-600">@{user.username}</p>
        </div>
        {hasMenu && (
          <DropdownMenu
            trigger={
              <Button variant="ghost" size="icon" aria-label={`Actions for ${fullName(user)}`} className="-mt-1 -mr-2 shrink-0">
                <MoreVertical className="h-5 w-5" aria-hidden="true" />
              </Button>
            }
          >
            {actions.onChangePassword && (
              <DropdownMenuItem onSelect={actions.onChangePassword}>
                <KeyRound className="h-4 w-4" aria-hidden="true" /> Change Password
              </DropdownMenuItem>
            )}
            {actions.onEdit && (
              <DropdownMenuItem onSelect={actions.onEdit}>
                <Pencil className="h-4 w-4" aria-hidden="true" /> Edit Details
              </DropdownMenuItem>
            )}
            {actions.onPermissions && (
              <DropdownMenuItem onSelect={actions.onPermissions}>
                <ShieldCheck className="h-4 w-4" aria-hidden="true" /> Edit Permissions
              </DropdownMenuItem>
            )}
            {actions.onEndSessions && (
              <DropdownMenuItem onSelect={actions.onEndSessions}>
                <LogOut className="h-4 w-4" aria-hidden="true" /> End All Sessions
              </DropdownMenuItem>
            )}
            {actions.onResetTwoFactor && user.twoFactorEnabled && (
              <DropdownMenuItem onSelect={actions.onResetTwoFactor}>
                <ShieldOff className="h-4 w-4" aria-hidden="true" /> Reset Two-Factor
              </DropdownMenuItem>
            )}
            {actions.onDelete && (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem danger disabled={actions.deleteDisabled} onSelect={actions.onDelete}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
                  {actions.deleteDisabled && <span className="ml-auto text-xs">(you)</span>}
                </DropdownMenuItem>
              </>
            )}
          </DropdownMenu>
        )}
      </div>
      <div className="mt-3 flex flex-wrap gap-1.5">
        <Badge tone={admin ? 'purple' : user.role ? 'blue' : 'slate'}>{user.role?.displayName ?? 'Unassigned'}</Badge>
        <Badge tone={STATUS_TONE[user.status] ?? 'slate'}>{capitalise(user.status)}</Badge>
        <Badge tone={admin ? 'brand' : 'amber'}>{admin ? 'All Modules' : 'Limited'}</Badge>
        {user.twoFactorEnabled && <Badge tone="green">Two-factor on</Badge>}
      </div>
      <p className="mt-auto flex items-center gap-1.5 pt-3 text-xs text-slate-600">
        <Clock className="h-3.5 w-3.5" aria-hidden="true" />
        Last login: {user.lastLoginAt ? formatShortDate(user.lastLoginAt, timeZone) : 'Never'}
      </p>
    </article>
  );
}
