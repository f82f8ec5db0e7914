import { Info } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import type { BuiltInRolesNotice as Notice } from '../../../../shared/schemas/user.ts';

const ROLE_LABEL = { manager: 'Manager', user: 'User' } as const;

/**
 * Issue 29, told once to administrators after the upgrade: the built-in roles became fixed sets,
 * and who lost access through them. Dismissed for every administrator at once (kept server-side).
 */
export function BuiltInRolesNotice({ notice, onDismiss, pending }: { notice: Notice; onDismiss: () => void; pending: boolean }) {
  const names = notice.affected.map((u) => {
    const name = `${u.firstName} ${u.lastName}`.trim() || u.username;
    return `${name} (@${u.username}, ${ROLE_LABEL[u.role]})`;
  });
  return (
    <section
      aria-labelledby="built-in-roles-notice"
      className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <div className="flex items-start gap-3">
        <Info className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
        <div className="space-y-2">
          <h2 id="built-in-roles-notice" className="font-semibold">
            The built-in roles now mean what they say
          </h2>
          <p>
            Until this update, the Manager and User roles had every permission, backups and staff accounts included. Now a{' '}
            <strong>Manager</strong> reads, writes and deletes the gallery, events, blog and enquiries, and reads the settings; a{' '}
            <strong>User</strong> reads and writes the gallery, events and blog. Neither manages staff, backups, restore or the
            security settings.
          </p>
          {names.length > 0 ? (
            <p>
              This changed what these members of staff can do: {names.join(', ')}. Give anyone who needs more a custom role or
              their own permissions.
            </p>
          ) : (
            <p>Nobody&apos;s access changed: every member of staff had another role or their own permissions.</p>
          )}
          <Button variant="secondary" size="sm" onClick={onDismiss} disabled={pending}>
            Dismiss
          </Button>
        </div>
      </div>
    </section>
  );
}
