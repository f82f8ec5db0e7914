import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { NativeSelect } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import type { Category } from '../../../../shared/schemas/category.ts';
import { useCategories } from '../api/categories.ts';

const events = (n: number) => `${n} event${n === 1 ? '' : 's'}`;

/**
 * Asks before deleting a category. One in use (issue 31) is not refused after the fact: the same
 * dialog offers to move its events to another category, and the server moves them and deletes it
 * in one step.
 */
export function DeleteCategoryDialog({
  category,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  category: Category | null;
  pending: boolean;
  /** The server's refusal, shown in the dialog. */
  error?: string;
  onConfirm: (moveTo?: number) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={category !== null}
      onOpenChange={(open) => !open && onCancel()}
      title="Please confirm"
      description={
        category &&
        (category.event_count > 0
          ? `“${category.name}” is used by ${events(category.event_count)}. Move ${category.event_count === 1 ? 'it' : 'them'} to another category, then delete “${category.name}”.`
          : `Delete the category “${category.name}”?`)
      }
    >
      {category && (
        <DeleteForm
          key={category.id}
          category={category}
          pending={pending}
          error={error}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      )}
    </Dialog>
  );
}

function DeleteForm({
  category,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  category: Category;
  pending: boolean;
  error?: string;
  onConfirm: (moveTo?: number) => void;
  onCancel: () => void;
}) {
  const inUse = category.event_count > 0;
  const others = (useCategories().data ?? []).filter((c) => c.id !== category.id);
  const [moveTo, setMoveTo] = useState('');
  const [problem, setProblem] = useState<string>();
  const selectId = useId();
  const message = problem ?? error;
  const submit = () => {
    if (!inUse) return onConfirm();
    if (!moveTo) return setProblem('Choose the category to move the events to.');
    setProblem(undefined);
    onConfirm(Number(moveTo));
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      className="space-y-4"
    >
      {inUse &&
        (others.length === 0 ? (
          <p className="text-sm text-slate-700">Add another category first: there is nowhere to move the events to yet.</p>
        ) : (
          <div>
            <Label htmlFor={selectId}>Move the events to</Label>
            <NativeSelect
              id={selectId}
              value={moveTo}
              invalid={Boolean(message)}
              aria-describedby={message ? `${selectId}-error` : undefined}
              onChange={(e) => {
                setMoveTo(e.target.value);
                setProblem(undefined);
              }}
            >
              <option value="">Choose a category</option>
              {others.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        ))}
      {message && (
        <p id={`${selectId}-error`} role="alert" className="text-sm font-medium text-red-700">
          {message}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={pending || (inUse && others.length === 0)}>
          {pending ? 'Deleting…' : inUse ? `Move ${events(category.event_count)} and delete` : 'Delete'}
        </Button>
      </div>
    </form>
  );
}
