import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import type { EventScope } from '../../../../shared/schemas/event-series.ts';

const CHOICES: [EventScope, string][] = [
  ['this', 'This event'],
  ['following', 'This and following events'],
  ['all', 'All events'],
];

/**
 * Issue 34: which occurrences of a repeating event a save or a delete applies to, as calendar apps
 * ask. `action`: "Save" or "Delete" (the buttons say it).
 */
export function ScopeDialog({
  open,
  action,
  pending,
  ruleChanged = false,
  onChoose,
  onCancel,
}: {
  open: boolean;
  action: 'save' | 'delete';
  pending?: boolean;
  /** The repeat itself was changed: that cannot apply to one date alone. */
  ruleChanged?: boolean;
  onChoose: (scope: EventScope) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onCancel()}
      title={action === 'save' ? 'Change a repeating event' : 'Delete a repeating event'}
      description={action === 'save' ? 'Which events should the change apply to?' : 'Which events should be deleted?'}
    >
      <div className="flex flex-col gap-2">
        {ruleChanged && <p className="text-sm text-slate-700">The repeat was changed: it applies to a run of dates.</p>}
        {CHOICES.filter(([scope]) => !(ruleChanged && scope === 'this')).map(([scope, label]) => (
          <Button
            key={scope}
            variant={action === 'delete' ? 'danger' : scope === 'this' ? 'primary' : 'secondary'}
            disabled={pending}
            // The keyboard starts on the narrowest choice, as calendar apps do (not on the close button).
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus={scope === (ruleChanged ? 'following' : 'this')}
            onClick={() => onChoose(scope)}
          >
            {label}
          </Button>
        ))}
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}
