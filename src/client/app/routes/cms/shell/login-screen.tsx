import { useState } from 'react';
import { ForgotPasswordForm } from '../../../../features/auth/components/forgot-password-form.tsx';
import { LoginForm } from '../../../../features/auth/components/login-form.tsx';
import { AuthFrame } from './auth-frame.tsx';

export function LoginScreen({ notice, onSignedIn }: { notice?: string; onSignedIn?: () => void }) {
  const [forgot, setForgot] = useState(false);
  if (forgot)
    return (
      <AuthFrame title="Choose a new password">
        <ForgotPasswordForm onBack={() => setForgot(false)} />
      </AuthFrame>
    );
  return (
    <AuthFrame title="Staff sign in" notice={notice}>
      <LoginForm onSignedIn={onSignedIn} />
      <p className="mt-4 text-center text-sm">
        <button type="button" className="font-semibold text-brand-700 hover:underline" onClick={() => setForgot(true)}>
          Forgot password?
        </button>
      </p>
    </AuthFrame>
  );
}
