import { DropdownMenu as RadixMenu } from 'radix-ui';
import type { ComponentProps, ReactElement, ReactNode } from 'react';

/** A menu opened by a button: arrow keys move, Enter chooses, Escape closes (Radix). */
export function DropdownMenu({
  trigger,
  children,
  align = 'end',
}: {
  trigger: ReactElement;
  children: ReactNode;
  align?: 'start' | 'end';
}) {
  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content
          align={align}
          sideOffset={4}
          className="z-50 min-w-48 rounded-xl border border-slate-200 bg-white p-1 shadow-lg focus:outline-none"
        >
          {children}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}

export function DropdownMenuItem({
  className = '',
  danger,
  ...props
}: ComponentProps<typeof RadixMenu.Item> & { danger?: boolean }) {
  return (
    <RadixMenu.Item
      className={`flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-500 data-[highlighted]:bg-slate-100 ${danger ? 'text-red-700' : 'text-slate-800'} ${className}`}
      {...props}
    />
  );
}

export function DropdownMenuSeparator() {
  return <RadixMenu.Separator className="my-1 h-px bg-slate-200" />;
}
