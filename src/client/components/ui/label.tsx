import { Label as RadixLabel } from 'radix-ui';
import type { ComponentProps } from 'react';

export function Label({ className = '', ...props }: ComponentProps<typeof RadixLabel.Root>) {
  return <RadixLabel.Root className={`mb-1 block text-sm font-semibold text-slate-800 ${className}`} {...props} />;
}
