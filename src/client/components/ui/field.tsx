import { useId, type ReactNode } from 'react';
import { Input, type InputProps } from './input.tsx';
import { Label } from './label.tsx';

/**
 * A labelled input with its hint and error wired up for screen readers (an `aria-describedby` given
 * is added to theirs: a message shown elsewhere, say).
 */
export function Field({
  label,
  hint,
  error,
  id,
  'aria-describedby': describedBy,
  ...props
}: InputProps & { label: ReactNode; hint?: ReactNode; error?: string }) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div>
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        invalid={Boolean(error)}
        aria-describedby={[hintId, errorId, describedBy].filter(Boolean).join(' ') || undefined}
        {...props}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
