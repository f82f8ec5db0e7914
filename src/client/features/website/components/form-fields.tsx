import { useId, type ReactNode } from 'react';
import { get, useFormContext, useFormState } from 'react-hook-form';
import { Field } from '#client/components/ui/field.tsx';
import { NativeSelect } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { TextArea } from '#client/features/media/components/textarea.tsx';

/**
 * The editors' inputs: registered with the form (uncontrolled, so a key press redraws nothing),
 * each showing its own message, from the schema or from the server, and redrawn alone when it changes.
 */

/** The message of the field at `name` (a list's own message included), or undefined. */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name, exact: true });
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
}

export function TextInput({
  name,
  label,
  hint,
  rows,
  onChange,
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  /** A box of several lines. */
  rows?: number;
  /** Runs after the form has taken the new value. */
  onChange?: (event: { target: { value: string } }) => void;
}) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const registration = register(name, { onChange });
  if (rows) return <TextArea label={label} rows={rows} error={error} {...registration} />;
  return <Field label={label} hint={hint} error={error} {...registration} />;
}

/** A number typed in (a blank one is null): an age in years. */
export function NumberInput({ name, label, hint, step = 0.5 }: { name: string; label: string; hint?: ReactNode; step?: number }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const asNumber = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      type="number"
      inputMode="decimal"
      min={0}
      step={step}
      {...register(name, { setValueAs: asNumber })}
    />
  );
}

/** One of a few choices, each a number: a testimonial's stars. */
export function NumberSelect({
  name,
  label,
  options,
}: {
  name: string;
  label: string;
  options: { value: number; label: string }[];
}) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...register(name, { setValueAs: (value: unknown) => Number(value) })}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A yes/no choice: a native checkbox, labelled, with its hint read after the label. */
export function CheckboxInput({ name, label, hint }: { name: string; label: string; hint?: ReactNode }) {
  const { register } = useFormContext();
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-500 accent-brand-600"
        {...register(name)}
      />
      <div>
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

/** A titled group of fields (a fieldset, so its legend names every input in it for screen readers). */
export function FieldGroup({ legend, description, children }: { legend: string; description?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <legend className="-ml-1 px-1">
        <h2 className="text-lg font-bold text-slate-900">{legend}</h2>
      </legend>
      {description && <p className="-mt-2 text-sm text-slate-600">{description}</p>}
      {children}
    </fieldset>
  );
}

/** A page's banner: the small heading, the title and the line under it (Banner in the schema). */
export function BannerFields({ name = 'banner' }: { name?: string }) {
  return (
    <FieldGroup legend="Page banner" description="The coloured band at the top of the page.">
      <TextInput name={`${name}.eyebrow`} label="Small heading above the title" />
      <TextInput name={`${name}.title`} label="Title" />
      <TextInput name={`${name}.text`} label="Text under the title" rows={2} />
    </FieldGroup>
  );
}
