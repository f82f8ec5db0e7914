import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorAt, showServerErrors, useZodForm } from '../../../lib/zod-form.ts';
import { PasswordResetRequestSchema } from '../../../../shared/schemas/auth.ts';
import { useRequestReset, useResetAvailability } from '../api/password-reset.ts';

/**
 * "Forgot password?" (issue 31): the address staff sign in with; a one-time link goes there. Where
 * the site cannot send e-mail, it says whom to ask instead.
 */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const availability = useResetAvailability();
  const request = useRequestReset();
  const form = useZodForm(PasswordResetRequestSchema, { defaultValues: { email: '' } });
  const back = (
    <button type="button" className="w-full text-center text-sm font-semibold text-brand-700 hover:underline" onClick={onBack}>
      Back to sign in
    </button>
  );
  if (availability.data && !availability.data.available)
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {availability.data.message}
        </p>
        {back}
      </div>
    );
  if (request.isSuccess)
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900">
          {request.data.message}
        </p>
        {back}
      </div>
    );
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit(async (input) => {
        try {
          await request.mutateAsync(input);
        } catch (error) {
          showServerErrors(form, error, 'email');
        }
      })}
    >
      <p className="text-sm text-slate-700">
        Enter the e-mail address you sign in with. We send a link to choose a new password.
      </p>
      <Field
        label="E-mail"
        type="email"
        autoComplete="email"
        required
        {...form.register('email')}
        error={errorAt(form, 'email')}
      />
      <Button type="submit" size="lg" className="w-full justify-center" disabled={request.isPending || availability.isPending}>
        {request.isPending ? 'Sending…' : 'Send the link'}
      </Button>
      {back}
    </form>
  );
}
