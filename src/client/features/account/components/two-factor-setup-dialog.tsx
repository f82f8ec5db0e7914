import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { RecoveryCodesPanel } from '../../../components/two-factor/recovery-codes-panel.tsx';
import { TotpSetupPanel } from '../../../components/two-factor/totp-setup-panel.tsx';
import type { TwoFactorSetup } from '../../../../shared/schemas/security.ts';
import { useEnableTwoFactor, useStartSetup } from '../api/two-factor.ts';
import { PasswordConfirmForm } from './password-confirm-form.tsx';

type Stage = { kind: 'password' } | { kind: 'scan'; setup: TwoFactorSetup } | { kind: 'codes'; codes: string[] };

/** Current password, then scan or type the key and confirm with a code, then keep the recovery codes. */
export function TwoFactorSetupDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Set up two-factor sign-in"
      description="Each sign-in will ask for a code from an app on your phone as well as your password."
      width="max-w-lg"
    >
      {open && <SetupSteps onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function SetupSteps({ onClose }: { onClose: () => void }) {
  const [stage, setStage] = useState<Stage>({ kind: 'password' });
  const start = useStartSetup();
  const enable = useEnableTwoFactor();
  if (stage.kind === 'password') {
    return (
      <PasswordConfirmForm
        confirmLabel="Continue"
        pending={start.isPending}
        onCancel={onClose}
        onConfirm={async (password) => setStage({ kind: 'scan', setup: (await start.mutateAsync(password)).data })}
      />
    );
  }
  if (stage.kind === 'scan') {
    return (
      <TotpSetupPanel
        setup={stage.setup}
        pending={enable.isPending}
        error={enable.error?.message}
        onSubmit={(code) =>
          enable.mutate(code, { onSuccess: ({ recoveryCodes }) => setStage({ kind: 'codes', codes: recoveryCodes }) })
        }
      />
    );
  }
  return <RecoveryCodesPanel codes={stage.codes} onDone={onClose} />;
}
