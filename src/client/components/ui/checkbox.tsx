import { Check } from 'lucide-react';
import { Checkbox as RadixCheckbox } from 'radix-ui';
import type { ComponentProps } from 'react';

/** A checkbox (role="checkbox"); label it with `aria-label` or a `<Label htmlFor>`. */
export function Checkbox({ className = '', ...props }: ComponentProps<typeof RadixCheckbox.Root>) {
  return (
    <RadixCheckbox.Root
      className={`flex h-5 w-5 shrink-0 items-center justify-center rounded border-2 border-slate-500 bg-white focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600 ${className}`}
      {...props}
    >
      <RadixCheckbox.Indicator>
        <Check className="h-3.5 w-3.5 text-white" strokeWidth={3} aria-hidden="true" />
      </RadixCheckbox.Indicator>
    </RadixCheckbox.Root>
  );
}
