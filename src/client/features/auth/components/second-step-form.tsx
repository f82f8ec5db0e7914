import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useVerifySecondStep } from '../api/second-step.ts';

/** After a right password: the six-digit code, or a recovery code when the phone is not at hand. */
export function SecondStepForm({ onSignedIn, onRestart }: { onSignedIn?: () => void; onRestart: (notice: string) => void }) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  const verify = useVerifySecondStep();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value) return setProblem(recovery ? 'Enter a recovery code' : 'Enter the six digits your app shows');
    setProblem(undefined);
    verify.mutate(value, {
      onSuccess: () => onSignedIn?.(),
      onError: (error) => {
        if (/expired/.test(error.message)) onRestart(error.message);
        else setProblem(error.message);
      },
    });
  };

  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      {recovery && (
        <p className="text-sm text-slate-700">
          Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once.
        </p>
      )}
      <Field
        key={recovery ? 'recovery' : 'totp'}
        label={recovery ? 'Recovery code' : 'Six-digit code'}
        name="code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        value={code}
        error={problem}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" size="lg" className="w-full justify-center" disabled={verify.isPending}>
        {verify.isPending ? 'Checking…' : 'Verify'}
      </Button>
      <button
        type="button"
        className="w-full text-center text-sm font-semibold text-brand-700 hover:underline"
        onClick={() => {
          setRecovery((r) => !r);
          setCode('');
          setProblem(undefined);
        }}
      >
        {recovery ? 'Use a code from the app instead' : 'Lost your phone? Use a recovery code'}
      </button>
    </form>
  );
}
