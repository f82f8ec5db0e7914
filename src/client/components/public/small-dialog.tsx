import { Icon } from '#client/components/public/icon.tsx';
import { X } from '#client/components/public/icons.ts';
import type { ReactNode, Ref } from 'react';
import { trapTab } from './focus-trap.ts';

/**
 * A small modal of the public pages (the contact form's 'Message Sent!', Share Post's link): a
 * native <dialog> opened with showModal(), Tab kept inside, Escape and the close icon calling
 * `onClose` (which closes it and gives focus back to what opened it).
 */
export function SmallDialog({
  dialogRef,
  labelledBy,
  describedBy,
  onClose,
  className,
  children,
}: {
  dialogRef: Ref<HTMLDialogElement>;
  labelledBy: string;
  describedBy: string;
  onClose(): void;
  /** Its width and text alignment, say. */
  className: string;
  children: ReactNode;
}) {
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => trapTab(e.nativeEvent, e.currentTarget)}
      className={`m-auto rounded-3xl p-0 shadow-2xl backdrop:bg-slate-900/60 ${className}`}
    >
      <div className="relative p-8">
        <button
          type="button"
          onClick={onClose}
          aria-label="Close dialog"
          className="absolute right-3 top-3 inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
        >
          <Icon icon={X} />
        </button>
        {children}
      </div>
    </dialog>
  );
}
