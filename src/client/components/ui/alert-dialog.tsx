import { AlertDialog as RadixAlert } from 'radix-ui';
import type { ReactNode } from 'react';
import { buttonClass } from './button.tsx';

/**
 * A confirmation that must be answered (role="alertdialog"): focus starts on Cancel, Escape
 * cancels. `onConfirm` runs the action; the dialog stays open while `pending`.
 */
export function AlertDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting…',
  pending,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel?: string;
  pendingLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  return (
    <RadixAlert.Root open={open} onOpenChange={onOpenChange}>
      <RadixAlert.Portal>
        <RadixAlert.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <RadixAlert.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
          <RadixAlert.Title className="text-lg font-bold text-slate-900">{title}</RadixAlert.Title>
          <RadixAlert.Description className="mt-2 text-sm text-slate-700">{description}</RadixAlert.Description>
          {children}
          <div className="mt-6 flex justify-end gap-2">
            <RadixAlert.Cancel className={buttonClass('secondary')}>Cancel</RadixAlert.Cancel>
            <button type="button" className={buttonClass('danger')} disabled={pending} onClick={onConfirm}>
              {pending ? pendingLabel : confirmLabel}
            </button>
          </div>
        </RadixAlert.Content>
      </RadixAlert.Portal>
    </RadixAlert.Root>
  );
}
