import { useCallback, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { LoginSchema } from '../../../../shared/schemas/auth.ts';
import type { SignInNext } from '../../../../shared/schemas/security.ts';
import { useLogin } from '../api/login.ts';
import { RequiredSetup } from './required-setup.tsx';
import { SecondStepForm } from './second-step-form.tsx';

const STEP_TITLES: Record<SignInNext, string> = {
  totp: 'Two-factor sign-in',
  'totp-setup': 'Set up two-factor sign-in',
};

/**
 * §2 Login: username and password; 'Log In', 'Logging In...' while pending. A right password may
 * lead to a second step (a code from the app) or to setting one up when the school requires it.
 */
export function LoginForm({ onSignedIn }: { onSignedIn?: () => void }) {
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [step, setStep] = useState<{ next: SignInNext; message: string } | null>(null);
  const [restartNotice, setRestartNotice] = useState<string | null>(null);
  const login = useLogin();
  const { reset } = login;
  const restart = useCallback(
    (notice: string) => {
      setStep(null);
      setRestartNotice(notice);
      reset();
      setValues((v) => ({ ...v, password: '' }));
    },
    [reset],
  );

  if (step) {
    return (
      <section aria-labelledby="second-step-title" className="space-y-4">
        <h2 id="second-step-title" className="text-lg font-bold text-slate-900">
          {STEP_TITLES[step.next]}
        </h2>
        <p role="status" className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900">
          {step.message}
        </p>
        {step.next === 'totp' ? (
          <SecondStepForm onSignedIn={onSignedIn} onRestart={restart} />
        ) : (
          <RequiredSetup onSignedIn={onSignedIn} onRestart={restart} />
        )}
        <button
          type="button"
          className="w-full text-center text-sm font-semibold text-slate-600 hover:underline"
          onClick={() => restart('Signed out. Sign in again to continue.')}
        >
          Cancel and start again
        </button>
      </section>
    );
  }

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = LoginSchema.safeParse(values);
        if (!parsed.success) {
          setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
          return;
        }
        setErrors({});
        setRestartNotice(null);
        login.mutate(parsed.data, {
          onSuccess: (answer) => (answer.next ? setStep({ next: answer.next, message: answer.message }) : onSignedIn?.()),
        });
      }}
    >
      {restartNotice && (
        <p role="status" className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900">
          {restartNotice}
        </p>
      )}
      <Field
        label="Username"
        name="username"
        autoComplete="username"
        required
        value={values.username}
        error={errors.username}
        onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={values.password}
        error={errors.password}
        onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
      />
      {login.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {login.error.message || 'Login failed'}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full justify-center" disabled={login.isPending}>
        {login.isPending ? 'Logging In...' : 'Log In'}
      </Button>
    </form>
  );
}
