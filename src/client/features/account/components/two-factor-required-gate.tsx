import { ShieldAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { lazyComponent } from '#client/lib/lazy-component.tsx';

// Only a member of staff who must set two-factor sign-in up sees it: its code is loaded then.
const TwoFactorSetupDialog = lazyComponent(() => import('./two-factor-setup-dialog.tsx').then((m) => m.TwoFactorSetupDialog));

/**
 * Shown in place of the back office to a member of staff who was signed in when the school began
 * to require two-factor sign-in of them: the server refuses the back office's routes until it is
 * set up, as it would at a fresh sign-in. Once it is on and the recovery codes are put away (the
 * dialog stays until then), the page they were on comes back.
 */
export function TwoFactorRequiredGate({ due, children }: { due: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  if (!due && !open) return children;
  return (
    <section
      aria-labelledby="two-factor-required"
      className="mx-auto max-w-xl rounded-2xl border-2 border-amber-300 bg-amber-50 p-6"
    >
      <div className="flex items-start gap-3">
        <ShieldAlert className="mt-1 h-6 w-6 shrink-0 text-amber-800" aria-hidden="true" />
        <div className="space-y-3">
          <h1 id="two-factor-required" className="text-xl font-extrabold text-slate-900">
            Set up two-factor sign-in to continue
          </h1>
          <p className="text-slate-800">
            Your school now asks everyone in your role to sign in with a code from an authenticator app as well as a password. The
            back office opens again as soon as it is set up; it takes a minute.
          </p>
          <Button onClick={() => setOpen(true)}>Set up two-factor sign-in</Button>
        </div>
      </div>
      <TwoFactorSetupDialog open={open} onOpenChange={setOpen} />
    </section>
  );
}
