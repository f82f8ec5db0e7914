import { useEffect, useId } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { errorAt, showServerErrors, useZodForm } from '#client/lib/zod-form.ts';
import { SCHOOL_DATE_KINDS, type SchoolDate } from '#shared/school-year.ts';
import { SCHOOL_DATE_KIND_LABELS, SCHOOL_DATE_NAME_MAX, SchoolDateInputSchema } from '#shared/schemas/school-year.ts';
import { useSaveSchoolDate } from '../api/school-year.ts';

const EMPTY = { kind: 'term', name: '', starts_on: '', ends_on: '', branch: '' } as const;

/** The Branch field's hint, in the words of the kind chosen. */
const BRANCH_HINTS = {
  term: 'A term of one branch only; most schools share their terms.',
  half_term: 'A half-term of one branch only; most schools share their half-terms.',
  closure: 'A closure day of one branch only (the others stay open); Whole school closes every branch.',
} as const;

const valuesOf = (date: SchoolDate | null) =>
  date
    ? { kind: date.kind, name: date.name, starts_on: date.starts_on, ends_on: date.ends_on, branch: date.branch ?? '' }
    : EMPTY;

/**
 * Adds a date to the school year, or changes `editing`. The server's refusals (a half-term outside
 * every term, a branch the school does not have) land on their fields.
 */
export function SchoolDateForm({
  editing,
  branches,
  onDone,
}: {
  editing: SchoolDate | null;
  branches: readonly string[];
  onDone: () => void;
}) {
  const headingId = useId();
  const save = useSaveSchoolDate();
  const form = useZodForm(SchoolDateInputSchema, { defaultValues: valuesOf(editing) });
  useEffect(() => {
    form.reset(valuesOf(editing));
    if (editing) form.setFocus('name');
  }, [editing, form]);
  const kind = useWatch({ control: form.control, name: 'kind' });

  const submit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync({ id: editing?.id ?? null, input });
      toast.success(`${SCHOOL_DATE_KIND_LABELS[saved.kind]} “${saved.name}” ${editing ? 'saved' : 'added'}`);
      form.reset(EMPTY);
      onDone();
    } catch (err) {
      const unshown = showServerErrors(form, err);
      if (unshown) toast.error(err instanceof ApiError && err.status < 500 ? unshown : 'The date could not be saved.');
    }
  });

  // A closure is often one day: its end follows the start until it is set apart.
  const startField = form.register('starts_on');
  const onStartChange: typeof startField.onChange = async (event) => {
    const end = form.getValues('ends_on');
    const before = form.getValues('starts_on');
    await startField.onChange(event);
    if (!end || end === before) form.setValue('ends_on', (event.target as HTMLInputElement).value);
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {editing ? `Change “${editing.name}”` : 'Add a date'}
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <SelectField label="Kind" required {...form.register('kind')} error={errorAt(form, 'kind')}>
          {SCHOOL_DATE_KINDS.map((k) => (
            <option key={k} value={k}>
              {SCHOOL_DATE_KIND_LABELS[k]}
            </option>
          ))}
        </SelectField>
        <Field
          label="Name"
          required
          maxLength={SCHOOL_DATE_NAME_MAX}
          placeholder={
            kind === 'term' ? 'e.g. Autumn term' : kind === 'half_term' ? 'e.g. October half-term' : 'e.g. Staff training day'
          }
          {...form.register('name')}
          error={errorAt(form, 'name')}
        />
        <Field
          label="First day"
          type="date"
          required
          {...startField}
          onChange={onStartChange}
          error={errorAt(form, 'starts_on')}
        />
        <Field
          label="Last day"
          type="date"
          required
          hint={kind === 'closure' ? 'For a single day, the same as the first day.' : undefined}
          {...form.register('ends_on')}
          error={errorAt(form, 'ends_on')}
        />
        {branches.length > 0 && (
          <SelectField
            label="Branch"
            hint={BRANCH_HINTS[kind] ?? BRANCH_HINTS.term}
            {...form.register('branch')}
            error={errorAt(form, 'branch')}
          >
            <option value="">Whole school</option>
            {branches.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      <div className="mt-5 flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {editing ? 'Save' : 'Add'}
        </Button>
        {editing && (
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
