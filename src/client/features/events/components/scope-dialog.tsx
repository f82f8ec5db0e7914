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
  onChoose,
  onCancel,
}: {
  open: boolean;
  action: 'save' | 'delete';
  pending?: boolean;
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
        {CHOICES.map(([scope, label]) => (
          <Button
            key={scope}
            variant={action === 'delete' ? 'danger' : scope === 'this' ? 'primary' : 'secondary'}
            disabled={pending}
            // The keyboard starts on the narrowest choice, as calendar apps do (not on the close button).
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus={scope === 'this'}
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
