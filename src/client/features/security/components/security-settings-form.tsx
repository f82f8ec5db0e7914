import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { errorAt, showServerErrors, useZodForm } from '../../../lib/zod-form.ts';
import {
  RETENTION_PERIOD_MAX,
  SecuritySettingsSchema,
  type RetentionPeriod,
  type SecuritySettings,
} from '../../../../shared/schemas/security.ts';
import { useSaveSecuritySettings } from '../api/security.ts';

type NumberKey = Exclude<keyof SecuritySettings, PeriodKey>;
type PeriodKey = 'familyAccessAfterLeaving' | 'photosAfterLeaving';

const FIELDS: ReadonlyArray<{ key: NumberKey; label: string; hint: string; min: number; max: number }> = [
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

/** The two periods after a child's leaving date (issue 32, decision 27). */
const PERIODS: ReadonlyArray<{ key: PeriodKey; label: string; hint: string }> = [
  {
    key: 'familyAccessAfterLeaving',
    label: 'Family access after a child leaves',
    hint: 'When every child of a family left longer ago than this, the parents can no longer sign in to the family area and their open sessions end. A family with a child still at the school, or leaving later, keeps access.',
  },
  {
    key: 'photosAfterLeaving',
    label: 'Photos after a child leaves',
    hint: 'After this, photos in which the child is tagged leave every gallery that families or the public see (staff keep them in a staff-only gallery), and the child’s tags are removed. Checked every few hours.',
  },
];

const periodValue = (p: RetentionPeriod) => ({ amount: String(p.amount), unit: p.unit });

/** The password policy, session lifetimes, audit retention and the periods after a child leaves (settings: write). */
export function SecuritySettingsForm({ initial, canWrite }: { initial: SecuritySettings; canWrite: boolean }) {
  const form = useZodForm(SecuritySettingsSchema, {
    defaultValues: {
      ...Object.fromEntries(FIELDS.map((f) => [f.key, String(initial[f.key])])),
      familyAccessAfterLeaving: periodValue(initial.familyAccessAfterLeaving),
      photosAfterLeaving: periodValue(initial.photosAfterLeaving),
    },
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
      <h3 className="mt-6 text-base font-bold text-slate-900">Families after their children leave</h3>
      <p className="text-sm text-slate-600">
        Counted from each child’s leaving date. The privacy notice drafted from these settings states both periods.
      </p>
      <div className="mt-3 space-y-4">
        {PERIODS.map((p) => (
          <PeriodFields key={p.key} form={form} period={p} disabled={!canWrite} />
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

/** One period: how many, and whether days or months, under its sentence. */
function PeriodFields({
  form,
  period,
  disabled,
}: {
  form: ReturnType<typeof useZodForm<typeof SecuritySettingsSchema>>;
  period: (typeof PERIODS)[number];
  disabled: boolean;
}) {
  const id = useId();
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4">
      <legend className="px-1 font-semibold text-slate-900">{period.label}</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {period.hint}
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <Field
          label="How long"
          hint={`1 to ${RETENTION_PERIOD_MAX.days} days, or 1 to ${RETENTION_PERIOD_MAX.months} months.`}
          type="number"
          inputMode="numeric"
          min={1}
          max={RETENTION_PERIOD_MAX.days}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          {...form.register(`${period.key}.amount`)}
          error={errorAt(form, `${period.key}.amount`)}
        />
        <SelectField
          label="Counted in"
          disabled={disabled}
          {...form.register(`${period.key}.unit`)}
          error={errorAt(form, `${period.key}.unit`)}
        >
          <option value="months">Months</option>
          <option value="days">Days</option>
        </SelectField>
      </div>
    </fieldset>
  );
}
