import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { LoginSchema } from '../../../../shared/schemas/auth.ts';
import { useLogin } from '../api/login.ts';

/** §2 Login: username and password; 'Log In', 'Logging In...' while pending. */
export function LoginForm({ onSignedIn }: { onSignedIn?: () => void }) {
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const login = useLogin();

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
        login.mutate(parsed.data, { onSuccess: () => onSignedIn?.() });
      }}
    >
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
