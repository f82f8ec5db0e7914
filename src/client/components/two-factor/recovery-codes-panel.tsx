import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../ui/button.tsx';
import { Checkbox } from '../ui/checkbox.tsx';
import { Label } from '../ui/label.tsx';

/**
 * The ten recovery codes, shown once: copy or download them, say they are saved, continue.
 * Each code signs in once when the phone is lost.
 */
export function RecoveryCodesPanel({
  codes,
  doneLabel = 'Done',
  onDone,
}: {
  codes: string[];
  doneLabel?: string;
  onDone: () => void;
}) {
  const [saved, setSaved] = useState(false);
  const savedId = useId();
  const text = `${codes.join('\n')}\n`;
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <div className="space-y-4">
      <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        Keep these recovery codes somewhere safe, away from your phone. Each one signs you in once if you lose your phone. They
        will not be shown again.
      </p>
      <ol aria-label="Recovery codes" className="grid grid-cols-1 gap-2 font-mono text-base sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-slate-100 px-3 py-1.5 text-center tracking-wide text-slate-900">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(text)
              .then(() => toast.success('Recovery codes copied'))
              .catch(() => toast.error('Could not copy: select the codes and copy them by hand'))
          }
        >
          Copy codes
        </Button>
        <a
          href={download}
          download="recovery-codes.txt"
          className="inline-flex h-8 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Download as a text file
        </a>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox id={savedId} checked={saved} onCheckedChange={(v) => setSaved(v === true)} />
        <Label htmlFor={savedId} className="mb-0">
          I have saved my recovery codes
        </Label>
      </div>
      <Button className="w-full justify-center" disabled={!saved} onClick={onDone}>
        {doneLabel}
      </Button>
    </div>
  );
}
