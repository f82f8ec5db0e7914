import { Icon } from '#client/components/public/icon.tsx';
import { Share2 } from '#client/components/public/icons.ts';
import { useRef, useState } from 'react';
import { SmallDialog } from './small-dialog.tsx';

/** Copies to the clipboard; false where nothing was copied (plain http, no permission, no clipboard API). */
export async function copied(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * §2's Share Post: the native share where there is one; otherwise the link is copied and the
 * visitor told so ('Link copied to clipboard!'). Where the copy fails (issue 31), a small dialog
 * shows the link, selected, to copy by hand: saying "copied" then would be untrue.
 */
export function ShareButton({ title }: { title: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [link, setLink] = useState('');

  const share = async () => {
    const url = window.location.href;
    if (navigator.share) {
      try {
        await navigator.share({ title, url });
      } catch {
        // The visitor closed the share sheet.
      }
      return;
    }
    if (await copied(url)) {
      window.alert('Link copied to clipboard!');
      return;
    }
    setLink(url);
    dialog.current?.showModal();
    // The link is selected, ready for Ctrl+C (or a long press).
    requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.select();
    });
  };

  const close = () => {
    dialog.current?.close();
    opener.current?.focus();
  };

  return (
    <>
      <button
        ref={opener}
        type="button"
        onClick={() => void share()}
        className="inline-flex items-center gap-2 rounded-full bg-brand-600 px-5 py-2.5 font-bold text-white hover:bg-brand-700"
      >
        <Icon icon={Share2} size={18} /> Share Post
      </button>
      <SmallDialog
        dialogRef={dialog}
        labelledBy="share-link-title"
        describedBy="share-link-text"
        onClose={close}
        className="w-[min(92vw,30rem)] text-left"
      >
        <h2 id="share-link-title" className="pr-10 text-xl font-black text-slate-900">
          Copy the link
        </h2>
        <p id="share-link-text" className="mt-2 text-slate-700">
          This browser did not let the page copy it. Select the link below and copy it (Ctrl+C, or ⌘C on a Mac).
        </p>
        <label htmlFor="share-link" className="mt-4 block text-sm font-semibold text-slate-800">
          Link to this post
        </label>
        <input
          ref={field}
          id="share-link"
          type="url"
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          className="mt-1 w-full rounded-xl border border-slate-300 bg-slate-50 px-3 py-2.5 text-slate-900"
        />
        <div className="mt-6 text-right">
          <button
            type="button"
            onClick={close}
            className="rounded-full bg-brand-600 px-6 py-2.5 font-bold text-white hover:bg-brand-700"
          >
            Done
          </button>
        </div>
      </SmallDialog>
    </>
  );
}
