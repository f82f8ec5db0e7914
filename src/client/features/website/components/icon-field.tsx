import { useId, useState, type FormEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { SiteIconGlyph } from '#client/components/public/site-icon.tsx';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { SITE_ICONS, type SiteIcon } from '#shared/schemas/site-icons.ts';
import { useFieldError } from './form-fields.tsx';

/** Each icon in words, as staff would look for it. */
const ICON_NAMES: Record<SiteIcon, string> = {
  baby: 'Baby',
  bike: 'Bicycle',
  'book-open': 'Open book',
  brain: 'Brain',
  calculator: 'Calculator',
  'flask-conical': 'Science flask',
  'flower-2': 'Flower',
  'globe-2': 'Globe',
  hand: 'Hand',
  'heart-handshake': 'Caring hands',
  lightbulb: 'Light bulb',
  music: 'Music',
  palette: 'Paint palette',
  'party-popper': 'Party popper',
  rocket: 'Rocket',
  school: 'School',
  shirt: 'Shirt',
  sigma: 'Maths sign',
  'spell-check': 'Spelling',
  sprout: 'Sprout',
  star: 'Star',
  trees: 'Trees',
};

/**
 * An icon from the site's set: a button showing the chosen one opens a dialog of all of them
 * (radio buttons: arrows move between them, Enter or "Use this icon" takes the one chosen).
 */
export function IconField({ name, label = 'Icon' }: { name: string; label?: string }) {
  const { setValue } = useFormContext();
  const current = useWatch({ name }) as SiteIcon;
  const error = useFieldError(name);
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <span id={`${id}-label`} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </span>
      <button
        type="button"
        name={name}
        className={buttonClass('secondary')}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-haspopup="dialog"
        aria-describedby={error ? `${id}-error` : undefined}
        onClick={() => setOpen(true)}
      >
        {current in ICON_NAMES && <SiteIconGlyph name={current} size={20} />}
        <span id={`${id}-value`}>{ICON_NAMES[current] ?? 'Choose an icon'}</span>
      </button>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {open && (
        <IconDialog
          title={`Choose the icon: ${label}`}
          current={current}
          onChoose={(icon) => {
            setValue(name, icon, { shouldDirty: true, shouldValidate: true });
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}

function IconDialog({
  title,
  current,
  onChoose,
  onClose,
}: {
  title: string;
  current: SiteIcon;
  onChoose: (icon: SiteIcon) => void;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<SiteIcon>(current);
  const group = useId();
  const submit = (e: FormEvent) => {
    // The dialog is drawn outside the editor's form, but React passes its events up to it.
    e.preventDefault();
    e.stopPropagation();
    onChoose(chosen);
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={title} width="max-w-xl">
      <form onSubmit={submit}>
        <fieldset>
          <legend className="sr-only">Icons</legend>
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {SITE_ICONS.map((icon) => (
              <label
                key={icon}
                className="flex cursor-pointer flex-col items-center gap-1 rounded-lg border border-slate-200 p-2 text-center text-xs font-medium text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600 has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
              >
                <input
                  type="radio"
                  name={group}
                  value={icon}
                  checked={chosen === icon}
                  onChange={() => setChosen(icon)}
                  className="sr-only"
                />
                <SiteIconGlyph name={icon} size={28} />
                {ICON_NAMES[icon]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Use this icon</Button>
        </div>
      </form>
    </Dialog>
  );
}
