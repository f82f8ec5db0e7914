import { useId, type ComponentProps } from 'react';
import { Label } from '../../../components/ui/label.tsx';

/** A labelled textarea styled like the shared inputs. */
export function TextArea({
  label,
  error,
  id,
  className = '',
  'aria-describedby': describedBy,
  ...props
}: ComponentProps<'textarea'> & { label: string; error?: string }) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div>
      <Label htmlFor={inputId}>{label}</Label>
      <textarea
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error && `${inputId}-error`, describedBy].filter(Boolean).join(' ') || undefined}
        className={`block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:text-sm ${error ? 'border-red-600' : 'border-slate-300'} ${className}`}
        {...props}
      />
      {error && (
        <p id={`${inputId}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
