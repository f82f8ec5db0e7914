import type { ComponentProps } from 'react';

const FIELD =
  'block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100 sm:text-sm';

/** `ref` included: a form library registers the input through it. */
export interface InputProps extends ComponentProps<'input'> {
  invalid?: boolean;
}

export function Input({ invalid, className = '', ...props }: InputProps) {
  return (
    <input
      aria-invalid={invalid || undefined}
      className={`${FIELD} ${invalid ? 'border-red-600' : 'border-slate-300'} ${className}`}
      {...props}
    />
  );
}

export function NativeSelect({ invalid, className = '', ...props }: ComponentProps<'select'> & { invalid?: boolean }) {
  return (
    <select
      aria-invalid={invalid || undefined}
      className={`${FIELD} ${invalid ? 'border-red-600' : 'border-slate-300'} ${className}`}
      {...props}
    />
  );
}
