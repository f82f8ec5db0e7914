import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { RecoveryCodesPanel } from '../../../components/two-factor/recovery-codes-panel.tsx';
import { formatShortDate } from '../../../../shared/dates.ts';
import { useDisableTwoFactor, useNewRecoveryCodes, useTwoFactorStatus } from '../api/two-factor.ts';
import { PasswordConfirmForm } from './password-confirm-form.tsx';
import { TwoFactorSetupDialog } from './two-factor-setup-dialog.tsx';

/** Account security: the user's own second factor, set up, renewed or removed here. */
export function TwoFactorCard({ timeZone }: { timeZone: string }) {
  const status = useTwoFactorStatus();
  const [dialog, setDialog] = useState<'setup' | 'off' | 'codes' | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const disable = useDisableTwoFactor();
  const renew = useNewRecoveryCodes();
  const close = () => {
    setDialog(null);
    setCodes(null);
  };
  const s = status.data;

  return (
    <section aria-labelledby="two-factor-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          {s?.enabled ? (
            <ShieldCheck className="mt-0.5 h-6 w-6 text-green-700" aria-hidden="true" />
          ) : (
            <ShieldOff className="mt-0.5 h-6 w-6 text-slate-500" aria-hidden="true" />
          )}
          <div>
            <h2 id="two-factor-title" className="text-lg font-bold text-slate-900">
              Two-factor sign-in
            </h2>
            <p className="text-sm text-slate-600">A code from an authenticator app on your phone, as well as your password.</p>
          </div>
        </div>
        {s && <Badge tone={s.enabled ? 'green' : 'slate'}>{s.enabled ? 'On' : 'Off'}</Badge>}
      </div>
      {status.isPending && <p className="mt-4 text-slate-600">Loading...</p>}
      {status.isError && (
        <p role="alert" className="mt-4 text-red-700">
          {status.error.message}
        </p>
      )}
      {s && !s.enabled && (
        <div className="mt-4 space-y-3">
          {s.required && (
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              Your school requires it: you will be asked to set it up at your next sign-in.
            </p>
          )}
          <Button onClick={() => setDialog('setup')}>Set up two-factor sign-in</Button>
        </div>
      )}
      {s?.enabled && (
        <div className="mt-4 space-y-3">
          <p className="text-sm text-slate-700">
            On since {s.enabledAt ? formatShortDate(s.enabledAt, timeZone) : '–'}. {s.recoveryCodesLeft} of 10 recovery codes
            left.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setDialog('codes')}>
              New recovery codes
            </Button>
            <Button variant="secondary" disabled={s.required} onClick={() => setDialog('off')}>
              Turn off
            </Button>
          </div>
          {s.required && <p className="text-sm text-slate-600">Your school requires two-factor sign-in, so it stays on.</p>}
        </div>
      )}

      <TwoFactorSetupDialog open={dialog === 'setup'} onOpenChange={(open) => !open && close()} />
      <Dialog
        open={dialog === 'off'}
        onOpenChange={(open) => !open && close()}
        title="Turn off two-factor sign-in"
        description="Signing in will ask for your password only. Your recovery codes stop working."
      >
        <PasswordConfirmForm
          danger
          confirmLabel="Turn off"
          pending={disable.isPending}
          onCancel={close}
          onConfirm={async (password) => {
            await disable.mutateAsync(password);
            close();
          }}
        />
      </Dialog>
      <Dialog
        open={dialog === 'codes'}
        onOpenChange={(open) => !open && close()}
        title="New recovery codes"
        description="Ten new codes replace the old ones, which stop working."
      >
        {codes ? (
          <RecoveryCodesPanel codes={codes} onDone={close} />
        ) : (
          <PasswordConfirmForm
            confirmLabel="Make new codes"
            pending={renew.isPending}
            onCancel={close}
            onConfirm={async (password) => setCodes((await renew.mutateAsync(password)).recoveryCodes)}
          />
        )}
      </Dialog>
    </section>
  );
}
