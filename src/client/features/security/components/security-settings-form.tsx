import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorAt, showServerErrors, useZodForm } from '../../../lib/zod-form.ts';
import { SecuritySettingsSchema, type SecuritySettings } from '../../../../shared/schemas/security.ts';
import { useSaveSecuritySettings } from '../api/security.ts';

const FIELDS: ReadonlyArray<{ key: keyof SecuritySettings; label: string; hint: string; min: number; max: number }> = [
  {
    key: 'minPasswordLength',
    label: 'Minimum password length',
    hint: 'For new passwords (6 to 64). Passwords already set keep working.',
    min: 6,
    max: 64,
  },
  { key: 'sessionIdleHours', label: 'Sign out after idle hours', hint: 'A session unused this long ends.', min: 1, max: 720 },
  { key: 'sessionMaxDays', label: 'Longest session, in days', hint: 'Then everybody signs in again.', min: 1, max: 365 },
  { key: 'auditRetentionMonths', label: 'Keep the audit log, in months', hint: 'Older entries are removed.', min: 1, max: 120 },
  {
    key: 'enquiryRetentionMonths',
    label: 'Delete declined and stale enquiries after, in months',
    hint: "Enquiries nothing happened to for this long are deleted, checked daily; enrolled children's are kept. Only counts stay.",
    min: 1,
    max: 120,
  },
];

/** The password policy, session lifetimes and audit retention (settings: write). */
export function SecuritySettingsForm({ initial, canWrite }: { initial: SecuritySettings; canWrite: boolean }) {
  const form = useZodForm(SecuritySettingsSchema, {
    defaultValues: Object.fromEntries(FIELDS.map((f) => [f.key, String(initial[f.key])])),
  });
  const save = useSaveSecuritySettings();
  const submit = form.handleSubmit(async (settings) => {
    try {
      await save.mutateAsync(settings);
    } catch (error) {
      showServerErrors(form, error);
    }
  });
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="policy-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id="policy-title" className="text-lg font-bold text-slate-900">
        Passwords, sessions and the audit log
      </h2>
      <p className="text-sm text-slate-600">Every new password is also checked against a list of common passwords.</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <Field
            key={f.key}
            label={f.label}
            hint={f.hint}
            type="number"
            inputMode="numeric"
            min={f.min}
            max={f.max}
            disabled={!canWrite}
            {...form.register(f.key)}
            error={errorAt(form, f.key)}
          />
        ))}
      </div>
      <div className="mt-4 flex justify-end">
        {canWrite ? (
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save settings'}
          </Button>
        ) : (
          <p className="text-sm text-slate-600">Only an administrator can change this.</p>
        )}
      </div>
    </form>
  );
}
