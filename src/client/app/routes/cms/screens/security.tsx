import { useUser } from '#client/features/auth/api/get-user.ts';
import { useCan } from '#client/features/auth/hooks/use-can.ts';
import { useRoles } from '#client/features/roles/api/get-roles.ts';
import { useSecurity } from '#client/features/security/api/security.ts';
import { SecuritySettingsForm } from '#client/features/security/components/security-settings-form.tsx';
import { TwoFactorPolicyForm } from '#client/features/security/components/two-factor-policy-form.tsx';
import { ServerMessage } from '../shell/server-message.tsx';

/** Settings > Security (/cms/settings/security): the password policy, sessions, audit retention, and who needs 2FA. */
export default function SecurityScreen() {
  const security = useSecurity();
  const roles = useRoles();
  // The server lets only administrators change these (they bind the administrators too).
  const isAdmin = useUser().data?.roleName === 'admin';
  const canWriteSettings = useCan('settings', 'write') && isAdmin;
  const canWriteUsers = useCan('users', 'write') && isAdmin;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Security</h1>
        <p className="text-sm text-slate-600">
          How staff sign in, how long they stay signed in, how long the audit log is kept, and how long families keep access and
          photos after their children leave.
        </p>
      </div>
      {security.isPending && <p className="text-slate-600">Loading...</p>}
      {security.isError && <ServerMessage error={security.error} />}
      {security.data && (
        <>
          <TwoFactorPolicyForm initial={security.data.twoFactor} roles={roles.data?.data ?? []} canWrite={canWriteUsers} />
          <SecuritySettingsForm initial={security.data.settings} canWrite={canWriteSettings} />
        </>
      )}
    </div>
  );
}
