import { useMemo, useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { usePasswordPolicy } from '../../../../features/auth/api/get-password-policy.ts';
import { useConfirmReset, useResetLink } from '../../../../features/auth/api/password-reset.ts';
import { errorAt, showServerErrors, useZodForm } from '../../../../lib/zod-form.ts';
import { newPasswordFormSchema } from '../../../../../shared/schemas/user.ts';
import { AuthFrame } from './auth-frame.tsx';

/** The token of the link, from the address's fragment (never sent to the server in a request line). */
function tokenOfLink(): string {
  const token = window.location.hash.slice(1);
  // Out of the address bar and the history: the page keeps it, nothing else does.
  if (token) window.history.replaceState(null, '', window.location.pathname);
  return token;
}

/** /cms/reset-password#<token>: the page a "Forgot password?" e-mail links to (issue 31). */
export function ResetPasswordScreen() {
  const [token] = useState(tokenOfLink);
  const link = useResetLink(token);
  const confirm = useConfirmReset();
  const policy = usePasswordPolicy();
  const schema = useMemo(() => newPasswordFormSchema(policy.minLength), [policy.minLength]);
  const form = useZodForm(schema, { defaultValues: { newPassword: '', confirmPassword: '' } });
  const signIn = (
    <a href="/cms" className="block text-center text-sm font-semibold text-brand-700 hover:underline">
      Go to sign in
    </a>
  );

  if (confirm.isSuccess)
    return (
      <AuthFrame title="Password changed" notice={confirm.data.message}>
        {signIn}
      </AuthFrame>
    );
  if (!token || link.isError || link.data?.valid === false)
    return (
      <AuthFrame title="Choose a new password">
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {link.data?.message ?? link.error?.message ?? 'This link is not complete: open it again from the e-mail.'}
        </p>
        {signIn}
      </AuthFrame>
    );
  return (
    <AuthFrame title="Choose a new password">
      {link.isPending ? (
        <p role="status" className="text-center text-sm text-slate-700">
          Checking the link…
        </p>
      ) : (
        <form
          noValidate
          className="space-y-4"
          onSubmit={form.handleSubmit(async ({ newPassword }) => {
            try {
              await confirm.mutateAsync({ token, newPassword });
            } catch (error) {
              const unshown = showServerErrors(form, error, 'newPassword');
              if (unshown) form.setError('root', { message: unshown });
            }
          })}
        >
          <Field
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            hint={policy.hint}
            {...form.register('newPassword')}
            error={errorAt(form, 'newPassword')}
          />
          <Field
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            required
            {...form.register('confirmPassword')}
            error={errorAt(form, 'confirmPassword')}
          />
          <Button type="submit" size="lg" className="w-full justify-center" disabled={confirm.isPending}>
            {confirm.isPending ? 'Saving…' : 'Save the new password'}
          </Button>
        </form>
      )}
    </AuthFrame>
  );
}
