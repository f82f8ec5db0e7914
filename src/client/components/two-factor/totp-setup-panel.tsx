import { useId, useState, type FormEvent } from 'react';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import type { TwoFactorSetup } from '../../../shared/schemas/security.ts';

/** The key in groups of four, as authenticator apps show it when typed by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Scan the QR code (drawn on the server, shown from a data: URL) or type the key, then confirm
 * with a code from the app. `error` is the server's answer to a wrong code.
 */
export function TotpSetupPanel({
  setup,
  pending,
  error,
  submitLabel = 'Turn on two-factor sign-in',
  onSubmit,
}: {
  setup: TwoFactorSetup;
  pending: boolean;
  error?: string;
  submitLabel?: string;
  onSubmit: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  const headingId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) return setProblem('Enter the six digits your app shows');
    setProblem(undefined);
    onSubmit(digits);
  };
  return (
    <div className="space-y-4">
      <section aria-labelledby={headingId} className="space-y-3">
        <h3 id={headingId} className="font-bold text-slate-900">
          1. Add this account to an authenticator app
        </h3>
        <p className="text-sm text-slate-700">
          Scan the code with an app such as Google Authenticator, Microsoft Authenticator, 2FAS or your password manager.
        </p>
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
          alt="QR code to scan with an authenticator app"
          width={176}
          height={176}
          className="mx-auto rounded-lg border border-slate-200 bg-white p-2"
        />
        <Field
          label="Cannot scan? Type this setup key"
          readOnly
          value={grouped(setup.secret)}
          className="font-mono tracking-wider"
          onFocus={(e) => e.currentTarget.select()}
          hint="Choose a time-based key if the app asks."
        />
      </section>
      <form noValidate onSubmit={submit} className="space-y-3">
        <h3 className="font-bold text-slate-900">2. Enter the code the app shows</h3>
        <Field
          label="Six-digit code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          error={problem ?? error}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button type="submit" className="w-full justify-center" disabled={pending}>
          {pending ? 'Checking…' : submitLabel}
        </Button>
      </form>
    </div>
  );
}
