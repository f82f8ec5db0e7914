import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { errorAt, showServerErrors, useZodForm } from '../../../lib/zod-form.ts';
import { TwoFactorPolicySchema, type TwoFactorMode, type TwoFactorPolicy } from '../../../../shared/schemas/security.ts';
import { useSaveTwoFactorPolicy } from '../api/security.ts';

const MODES: ReadonlyArray<{ mode: TwoFactorMode; label: string; hint: string }> = [
  { mode: 'off', label: 'Not required', hint: 'Each member of staff may turn it on for themselves.' },
  { mode: 'all', label: 'Required for all staff', hint: 'Anyone without it sets it up at their next sign-in.' },
  { mode: 'roles', label: 'Required for chosen roles', hint: 'Only the roles ticked below must use it.' },
];

/** Who must use two-factor sign-in (users: write). */
export function TwoFactorPolicyForm({
  initial,
  roles,
  canWrite,
}: {
  initial: TwoFactorPolicy;
  roles: ReadonlyArray<{ id: number; displayName: string }>;
  canWrite: boolean;
}) {
  const form = useZodForm(TwoFactorPolicySchema, { defaultValues: initial });
  const [mode, roleIds = []] = useWatch({ control: form.control, name: ['mode', 'roleIds'] });
  const save = useSaveTwoFactorPolicy();
  const id = useId();
  const submit = form.handleSubmit(async (policy) => {
    try {
      await save.mutateAsync(policy);
    } catch (err) {
      showServerErrors(form, err, 'roleIds');
    }
  });
  const error = errorAt(form, 'roleIds');
  const toggleRole = (roleId: number, on: boolean) =>
    form.setValue('roleIds', on ? [...roleIds, roleId] : roleIds.filter((r) => r !== roleId), { shouldDirty: true });

  return (
    <form noValidate onSubmit={submit} className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <fieldset disabled={!canWrite}>
        <legend className="text-lg font-bold text-slate-900">Two-factor sign-in</legend>
        <p className="text-sm text-slate-600">A code from an authenticator app on the phone, as well as the password.</p>
        <div className="mt-4 space-y-3">
          {MODES.map((m) => (
            <div key={m.mode} className="flex items-start gap-3">
              <input
                type="radio"
                id={`${id}-${m.mode}`}
                value={m.mode}
                {...form.register('mode')}
                aria-describedby={`${id}-${m.mode}-hint`}
                className="mt-1 h-4 w-4 accent-brand-600"
              />
              <div>
                <label htmlFor={`${id}-${m.mode}`} className="block font-semibold text-slate-900">
                  {m.label}
                </label>
                <p id={`${id}-${m.mode}-hint`} className="text-sm text-slate-600">
                  {m.hint}
                </p>
              </div>
            </div>
          ))}
        </div>
        {mode === 'roles' && (
          <fieldset className="mt-4 ml-7 space-y-2" aria-describedby={error ? `${id}-error` : undefined}>
            <legend className="text-sm font-semibold text-slate-800">Roles that must use it</legend>
            {roles.map((role) => (
              <div key={role.id} className="flex items-center gap-2">
                <Checkbox
                  id={`${id}-role-${role.id}`}
                  checked={roleIds.includes(role.id)}
                  onCheckedChange={(v) => toggleRole(role.id, v === true)}
                />
                <label htmlFor={`${id}-role-${role.id}`} className="text-sm text-slate-800">
                  {role.displayName}
                </label>
              </div>
            ))}
          </fieldset>
        )}
      </fieldset>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-3 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="mt-4 flex justify-end">
        {canWrite ? (
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save requirement'}
          </Button>
        ) : (
          <p className="text-sm text-slate-600">Only an administrator can change this.</p>
        )}
      </div>
    </form>
  );
}
