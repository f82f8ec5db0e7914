import { Copy, ExternalLink } from 'lucide-react';
import { useId, useState, type CSSProperties, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button, buttonClass } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { Label } from '../ui/label.tsx';
import { copyText } from '../../lib/clipboard.ts';
import type { TwoFactorSetup } from '../../../shared/schemas/security.ts';

/** The key in groups of four, as authenticator apps show it when typed by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Scan the QR code (drawn on the server, shown from a data: URL), open the otpauth:// link in the
 * app on this phone (a phone cannot scan its own screen), or copy or type the key; then confirm
 * with a code from the app. `error` is the server's answer to a wrong code. The key wraps, so it
 * is read whole at 375 px (issue 31).
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
  const keyId = useId();
  const copyKey = async () => {
    if (await copyText(setup.secret)) toast.success('Setup key copied');
    else toast.error('Could not copy: select the key and copy it by hand');
  };
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
        <p className="text-center">
          <a href={setup.otpauthUrl} className={buttonClass('secondary')}>
            <ExternalLink className="h-4 w-4" aria-hidden="true" /> Open in my authenticator app
          </a>
          <span className="mt-1 block text-xs text-slate-600">On the phone the app is on: it adds the account for you.</span>
        </p>
        <div>
          <Label htmlFor={keyId}>Cannot scan? Type this setup key</Label>
          <div className="space-y-2">
            <textarea
              id={keyId}
              readOnly
              rows={2}
              // Grows to the key's lines where the browser can (a narrow phone), never cut off.
              style={{ fieldSizing: 'content' } as CSSProperties}
              value={grouped(setup.secret)}
              aria-describedby={`${keyId}-hint`}
              onFocus={(e) => e.currentTarget.select()}
              className="block w-full resize-none rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-base tracking-wider break-words text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
            />
            <Button variant="secondary" onClick={() => void copyKey()}>
              <Copy className="h-4 w-4" aria-hidden="true" /> Copy key
            </Button>
          </div>
          <p id={`${keyId}-hint`} className="mt-1 text-xs text-slate-600">
            Choose a time-based key if the app asks.
          </p>
        </div>
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
