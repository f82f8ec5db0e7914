import { useCallback, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorAt, useZodForm } from '../../../lib/zod-form.ts';
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
  const form = useZodForm(LoginSchema, { defaultValues: { username: '', password: '' } });
  const { setValue } = form;
  const [step, setStep] = useState<{ next: SignInNext; message: string } | null>(null);
  const [restartNotice, setRestartNotice] = useState<string | null>(null);
  const login = useLogin();
  const { reset } = login;
  const restart = useCallback(
    (notice: string) => {
      setStep(null);
      setRestartNotice(notice);
      reset();
      setValue('password', '');
    },
    [reset, setValue],
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
      onSubmit={form.handleSubmit((credentials) => {
        setRestartNotice(null);
        login.mutate(credentials, {
          onSuccess: (answer) => (answer.next ? setStep({ next: answer.next, message: answer.message }) : onSignedIn?.()),
        });
      })}
    >
      {restartNotice && (
        <p role="status" className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900">
          {restartNotice}
        </p>
      )}
      <Field label="Username" autoComplete="username" required {...form.register('username')} error={errorAt(form, 'username')} />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        {...form.register('password')}
        error={errorAt(form, 'password')}
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
