import { Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { copyText } from '#client/lib/clipboard.ts';

/**
 * "Copy" for text staff send themselves (the visit invitation, a reply not e-mailed). Says whether
 * it worked; when it did not, selects the text in `fieldId` to copy by hand.
 */
export function CopyTextButton({ text, fieldId, label = 'Copy' }: { text: string; fieldId?: string; label?: string }) {
  const [outcome, setOutcome] = useState<'copied' | 'by-hand' | null>(null);
  const copy = async () => {
    if (await copyText(text)) return setOutcome('copied');
    const field = fieldId ? document.getElementById(fieldId) : null;
    if (field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement) {
      field.focus();
      field.select();
    }
    setOutcome('by-hand');
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button type="button" size="sm" variant="secondary" onClick={() => void copy()}>
        <Copy size={14} aria-hidden="true" /> {label}
      </Button>
      <span role="status" className="text-sm text-slate-700">
        {outcome === 'copied'
          ? 'Copied.'
          : outcome === 'by-hand'
            ? 'Could not copy here: the text is selected, copy it by hand.'
            : ''}
      </span>
    </span>
  );
}
