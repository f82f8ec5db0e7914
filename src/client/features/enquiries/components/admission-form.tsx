import { useEffect, useState, type FormEvent } from 'react';
import { ageOutside, yearsAndMonthsInWords } from '#shared/schemas/admission-stages.ts';
import { AdmissionConfirmation } from './admission-confirmation.tsx';
import { FormField, Honeypot, inputClass } from '#client/components/public/form-field.tsx';
import { useEnquiryForm } from './use-enquiry-form.ts';

const EMPTY = {
  name: '',
  fatherName: '',
  email: '',
  birthDate: '',
  phone: '',
  address: '',
  department: '',
  admissionDate: '',
  branch: '',
};
type AdmissionValues = typeof EMPTY;

// Branch is not among the fields checked before sending: a one-branch school shows no choice.
const LABELS: Record<Exclude<keyof AdmissionValues, 'branch'>, string> = {
  name: "Child's full name",
  fatherName: "Father's name",
  email: 'E-mail',
  birthDate: 'Date of birth',
  phone: 'Phone',
  address: 'Address',
  department: 'Department',
  admissionDate: 'Admission date',
};

/** A choice of the form's Department: a programme's key, its name with the ages, and its ages in years. */
export interface DepartmentOption {
  value: string;
  label: string;
  name: string;
  ages: string;
  minAge: number | null;
  maxAge: number | null;
}

/**
 * The programmes the form offers (the hidden ones take no new applications), each as "Name (ages)":
 * an age band written "Ages 3-4" reads "Nursery (3-4 yrs)", as the form always said.
 */
export function departmentOptions(
  programmes: readonly {
    key: string;
    name: string;
    ages: string;
    minAge: number | null;
    maxAge: number | null;
    hidden: boolean;
  }[],
) {
  return programmes
    .filter((p) => !p.hidden)
    .map((p): DepartmentOption => {
      const band = /^ages?\s+(\S.*)$/i.exec(p.ages.trim())?.[1];
      const ages = band ? `${band} yrs` : p.ages.trim();
      return {
        value: p.key,
        label: ages ? `${p.name} (${ages})` : p.name,
        name: p.name,
        ages: p.ages,
        minAge: p.minAge,
        maxAge: p.maxAge,
      };
    });
}

/** §3: the draft is kept in the browser, so a reload loses nothing. */
export const DRAFT_KEY = 'sprout.admission-draft';

export function AdmissionForm({ branches = [], departments }: { branches?: string[]; departments: DepartmentOption[] }) {
  const { attach, ...form } = useEnquiryForm('admission', EMPTY, LABELS as Record<keyof AdmissionValues, string>);
  const [done, setDone] = useState<{ reference?: string } | null>(null);
  const { values, setValues } = form;
  // Issue 31: a child outside the programme's ages is still welcome to apply; the parent is told.
  const chosen = departments.find((d) => d.value === values.department);
  const outside = ageOutside(values.birthDate, values.admissionDate, chosen);

  useEffect(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null') as Partial<AdmissionValues> | null;
      // The draft fills the fields left empty: what was typed before the script ran is newer.
      if (saved)
        setValues((v) => ({
          ...v,
          ...Object.fromEntries(Object.entries(saved).filter(([k]) => k in EMPTY && !v[k as keyof AdmissionValues])),
        }));
    } catch {
      // A broken draft is ignored.
    }
  }, [setValues]);
  useEffect(() => {
    if (Object.values(values).some(Boolean)) localStorage.setItem(DRAFT_KEY, JSON.stringify(values));
  }, [values]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const sent = await form.submit(event.currentTarget);
    if (sent) {
      localStorage.removeItem(DRAFT_KEY);
      setValues(EMPTY);
      setDone(sent);
    }
  };

  if (done) return <AdmissionConfirmation reference={done.reference} onAnother={() => setDone(null)} />;

  const input = (key: keyof typeof LABELS, type: string, autoComplete?: string) => (
    <FormField label={LABELS[key]} error={form.errors[key]}>
      {(a11y) => (
        <input
          {...a11y}
          name={key}
          type={type}
          required
          autoComplete={autoComplete}
          value={values[key]}
          onChange={(e) => form.set(key, e.target.value)}
          className={inputClass}
        />
      )}
    </FormField>
  );

  return (
    <form ref={attach} noValidate onSubmit={onSubmit} className="relative space-y-5" aria-label="Admission form">
      {form.summary && (
        <p
          data-form-summary
          tabIndex={-1}
          role="alert"
          className="rounded-2xl bg-red-50 p-4 font-semibold text-red-800 ring-1 ring-red-200"
        >
          {form.summary}
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        {input('name', 'text', 'off')}
        {input('fatherName', 'text', 'name')}
        {input('email', 'email', 'email')}
        {input('phone', 'tel', 'tel')}
        {input('birthDate', 'date')}
        {input('admissionDate', 'date')}
      </div>
      <FormField label={LABELS.department} error={form.errors.department}>
        {(a11y) => (
          <select
            {...a11y}
            name="department"
            required
            value={values.department}
            onChange={(e) => form.set('department', e.target.value)}
            className={inputClass}
          >
            <option value="">Select a department</option>
            {departments.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div role="status" aria-live="polite">
        {outside && chosen && (
          <p className="rounded-2xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">
            On the admission date your child will be {yearsAndMonthsInWords(outside.months)} old, outside the ages of{' '}
            {chosen.name} ({outside.band}). You can still send the form: we will talk about the right class with you.
          </p>
        )}
      </div>
      {branches.length > 1 && (
        <FormField label="Branch" error={form.errors.branch}>
          {(a11y) => (
            <select
              {...a11y}
              name="branch"
              value={values.branch}
              onChange={(e) => form.set('branch', e.target.value)}
              className={inputClass}
            >
              <option value="">Either branch</option>
              {branches.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      <FormField label={LABELS.address} error={form.errors.address}>
        {(a11y) => (
          <textarea
            {...a11y}
            name="address"
            required
            rows={3}
            autoComplete="street-address"
            value={values.address}
            onChange={(e) => form.set('address', e.target.value)}
            className={inputClass}
          />
        )}
      </FormField>
      <Honeypot value={form.honeypot} onChange={(e) => form.setHoneypot(e.target.value)} />
      <p className="text-sm text-slate-600">Your answers are saved on this device until you submit.</p>
      <button
        type="submit"
        disabled={form.sending}
        className="w-full rounded-full bg-brand-600 px-8 py-3.5 text-lg font-bold text-white shadow-lg transition hover:bg-brand-700 disabled:opacity-70 sm:w-auto"
      >
        {form.sending ? 'Submitting…' : 'Submit Application'}
      </button>
    </form>
  );
}
