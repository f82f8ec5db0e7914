import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

/** A labelled control whose hint and error are tied to it (announced with the field). */
export function FormField({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block font-bold text-slate-800">
        {label}
      </label>
      <div className="mt-1.5">{children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}</div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

export const inputClass =
  'block w-full rounded-2xl border-2 border-slate-300 bg-white px-4 py-3 text-slate-900 shadow-sm transition placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-blue-600 aria-[invalid=true]:border-red-600';

/** Bots fill every field; people never see this one. */
export function Honeypot(props: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" {...props} />
      </label>
    </div>
  );
}

/** Client-side checks that mirror the server's required fields (the server has the last word). */
export function missingFields(values: Record<string, string>, labels: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, label] of Object.entries(labels)) {
    if (!values[key]?.trim()) errors[key] = `${label} is required.`;
  }
  if (values.email?.trim() && !/^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]+$/.test(values.email.trim())) {
    errors.email = 'Enter a valid e-mail address, like name@example.com.';
  }
  return errors;
}
