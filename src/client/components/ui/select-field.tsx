import { useId, type ComponentProps, type ReactNode } from 'react';
import { NativeSelect } from './input.tsx';
import { Label } from './label.tsx';

/** A labelled native select (the phone's own picker on small screens; fully keyboard-usable). */
export function SelectField({
  label,
  hint,
  error,
  id,
  children,
  ...props
}: ComponentProps<'select'> & { label: ReactNode; hint?: ReactNode; error?: string }) {
  const generated = useId();
  const selectId = id ?? generated;
  const hintId = hint ? `${selectId}-hint` : undefined;
  const errorId = error ? `${selectId}-error` : undefined;
  return (
    <div>
      <Label htmlFor={selectId}>{label}</Label>
      <NativeSelect
        id={selectId}
        invalid={Boolean(error)}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...props}
      >
        {children}
      </NativeSelect>
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
