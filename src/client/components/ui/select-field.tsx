import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { NativeSelect } from './input.tsx';
import { Label } from './label.tsx';

/** A labelled native select (the phone's own picker on small screens; fully keyboard-usable). */
export function SelectField({
  label,
  hint,
  id,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: ReactNode; hint?: ReactNode }) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div>
      <Label htmlFor={selectId}>{label}</Label>
      <NativeSelect id={selectId} aria-describedby={hint ? `${selectId}-hint` : undefined} {...props}>
        {children}
      </NativeSelect>
      {hint && (
        <p id={`${selectId}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
