import { Lock, Pencil, Trash2, Users } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { Role } from '../api/get-roles.ts';

/** §2 Role Management card: Edit; Delete for custom roles only. */
export function RoleCard({
  role,
  onEdit,
  onDelete,
  onCannotDelete,
}: {
  role: Role;
  onEdit?: () => void;
  onDelete?: () => void;
  /** A system role's Delete explains why it cannot be (§5 'Cannot Delete'). */
  onCannotDelete?: () => void;
}) {
  const remove = role.isSystem ? onCannotDelete : onDelete;
  return (
    <article
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-label={role.displayName}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="truncate font-bold text-slate-900">{role.displayName}</h2>
          <p className="truncate font-mono text-xs text-slate-600">{role.name}</p>
        </div>
        {role.isSystem ? (
          <Badge tone="purple">
            <Lock className="h-3 w-3" aria-hidden="true" /> System
          </Badge>
        ) : (
          <Badge tone="blue">Custom</Badge>
        )}
      </div>
      <p className={`mt-2 line-clamp-2 text-sm ${role.description ? 'text-slate-700' : 'text-slate-600 italic'}`}>
        {role.description || 'No description'}
      </p>
      <p className="mt-3 flex items-center gap-1.5 text-sm text-slate-700">
        <Users className="h-4 w-4 text-slate-500" aria-hidden="true" />
        {role.userCount} {role.userCount === 1 ? 'user' : 'users'}
      </p>
      {(onEdit || remove) && (
        <div className="mt-auto flex gap-2 border-t border-slate-100 pt-3">
          {onEdit && (
            <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${role.displayName}`}>
              <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
            </Button>
          )}
          {remove && (
            <Button
              variant="ghost"
              size="sm"
              className={`ml-auto ${role.isSystem ? 'text-slate-600' : 'text-red-700'}`}
              onClick={remove}
              aria-label={`Delete ${role.displayName}${role.isSystem ? ' (a system role: it cannot be deleted)' : ''}`}
            >
              {role.isSystem ? (
                <Lock className="h-4 w-4" aria-hidden="true" />
              ) : (
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              )}{' '}
              Delete
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
