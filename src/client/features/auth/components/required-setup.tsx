import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { RecoveryCodesPanel } from '../../../components/two-factor/recovery-codes-panel.tsx';
import { TotpSetupPanel } from '../../../components/two-factor/totp-setup-panel.tsx';
import type { CurrentUser } from '../../../../shared/schemas/user.ts';
import { useEnableRequiredSetup, useStartRequiredSetup } from '../api/second-step.ts';
import { USER_QUERY_KEY } from '../api/get-user.ts';

/**
 * The school requires a second factor this user has not set up: set it up here, keep the recovery
 * codes, and only then enter the back office (the session exists from the confirmed code on).
 */
export function RequiredSetup({ onSignedIn, onRestart }: { onSignedIn?: () => void; onRestart: (notice: string) => void }) {
  const start = useStartRequiredSetup();
  const enable = useEnableRequiredSetup();
  const queryClient = useQueryClient();
  const [done, setDone] = useState<{ user: CurrentUser; codes: string[] } | null>(null);
  const { mutate } = start;
  const restart = useRef(onRestart);

  // Once, when the step opens: the server makes the secret this setup is for.
  useEffect(() => {
    mutate(undefined, { onError: (error) => restart.current(error.message) });
  }, [mutate]);

  if (done) {
    return (
      <div className="space-y-3">
        <h2 className="text-lg font-bold text-slate-900">Two-factor sign-in is on</h2>
        <RecoveryCodesPanel
          codes={done.codes}
          doneLabel="Continue to the back office"
          onDone={() => {
            queryClient.setQueryData(USER_QUERY_KEY, done.user);
            toast.success('Login successful!');
            onSignedIn?.();
          }}
        />
      </div>
    );
  }
  if (!start.data) return <p className="text-center text-slate-600">{start.isError ? start.error.message : 'Loading...'}</p>;
  return (
    <TotpSetupPanel
      setup={start.data.data}
      pending={enable.isPending}
      error={enable.error?.message}
      submitLabel="Turn on and sign in"
      onSubmit={(code) =>
        enable.mutate(code, {
          onSuccess: ({ user, recoveryCodes }) => setDone({ user, codes: recoveryCodes }),
          onError: (error) => {
            if (/expired/.test(error.message)) onRestart(error.message);
          },
        })
      }
    />
  );
}
