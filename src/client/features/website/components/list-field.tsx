import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { useFieldError } from './form-fields.tsx';

/** What a list draws for each of its items: the fields under `name` (`testimonials.items.2`). */
export type ListItem = ComponentType<{ name: string; index: number; label: string }>;

interface ListFieldProps {
  /** The list's path in the form: `testimonials.items`. */
  name: string;
  legend: string;
  description?: ReactNode;
  /** One item in words, for its heading and its buttons: "Testimonial" gives "Move testimonial 2 up". */
  itemName: string;
  Item: ListItem;
  newItem: () => unknown;
  max: number;
  min?: number;
  /** Items of one field (a list of points): drawn on one line, without a box of their own. */
  inline?: boolean;
}

/** Where the focus goes once the list is drawn again: an item's button or first field, or Add. */
type Focus = { id: string; target: 'up' | 'down' | 'first' } | { id: null; target: 'add' };
/** The item added last, whose id the list knows once drawn again. */
const NEWEST = '';

/**
 * A list staff can add to, remove from and reorder (Move up / Move down), by keyboard as by
 * pointer: each change is announced, and the focus stays with the item moved (or goes to the next
 * one after a removal, to the new item's first field after an addition). The items are memoised:
 * typing in one redraws none of them.
 */
export function ListField({ name, legend, description, itemName, Item, newItem, max, min = 0, inline }: ListFieldProps) {
  const { control } = useFormContext();
  const { fields, append, move, remove } = useFieldArray({ control, name: name as never });
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const focus = useRef<Focus | null>(null);
  const error = useFieldError(name);
  const noun = itemName.toLowerCase();
  /** The items' ids as last drawn, for the handlers (which stay the same, so the items stay drawn). */
  const idsRef = useRef<string[]>([]);
  useLayoutEffect(() => {
    idsRef.current = fields.map((f) => f.id);
  });

  useEffect(() => {
    const request = focus.current;
    focus.current = null;
    if (!request) return;
    if (request.id === null) return addRef.current?.focus();
    const id = request.id === NEWEST ? idsRef.current[idsRef.current.length - 1] : request.id;
    const row = listRef.current?.querySelector<HTMLElement>(`[data-item="${id}"]`);
    const wanted =
      request.target === 'first'
        ? row?.querySelector<HTMLElement>('[data-fields] :is(input, textarea, select, button)')
        : (row?.querySelector<HTMLButtonElement>(`[data-move="${request.target}"]:not(:disabled)`) ??
          row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)'));
    wanted?.focus();
  });

  const onMove = useCallback(
    (index: number, by: -1 | 1) => {
      const to = index + by;
      if (to < 0 || to >= idsRef.current.length) return;
      focus.current = { id: idsRef.current[index]!, target: by < 0 ? 'up' : 'down' };
      move(index, to);
      setAnnouncement(`${itemName} ${index + 1} moved ${by < 0 ? 'up' : 'down'}: now ${to + 1} of ${idsRef.current.length}.`);
    },
    [move, itemName],
  );
  const onRemove = useCallback(
    (index: number) => {
      const next = idsRef.current[index + 1] ?? idsRef.current[index - 1];
      focus.current = next ? { id: next, target: 'first' } : { id: null, target: 'add' };
      remove(index);
      setAnnouncement(`${itemName} ${index + 1} removed. ${idsRef.current.length - 1} left.`);
    },
    [remove, itemName],
  );
  const onAdd = () => {
    append(newItem() as never, { shouldFocus: false });
    focus.current = { id: NEWEST, target: 'first' };
    setAnnouncement(`${itemName} ${fields.length + 1} added.`);
  };

  return (
    <fieldset className="space-y-3">
      <legend>
        {inline ? (
          <span className="text-sm font-semibold text-slate-800">{legend}</span>
        ) : (
          <h3 className="text-base font-bold text-slate-900">{legend}</h3>
        )}
      </legend>
      {description && <p className="text-sm text-slate-600">{description}</p>}
      {error && (
        <p className="text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      )}
      <ol ref={listRef} className={inline ? 'space-y-2' : 'space-y-4'}>
        {fields.map((field, index) => (
          <ListRow
            key={field.id}
            id={field.id}
            name={`${name}.${index}`}
            index={index}
            first={index === 0}
            last={index === fields.length - 1}
            removable={fields.length > min}
            itemName={itemName}
            Item={Item}
            inline={inline}
            onMove={onMove}
            onRemove={onRemove}
          />
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <button
          ref={addRef}
          type="button"
          className={buttonClass('secondary', 'sm')}
          onClick={onAdd}
          onMouseDown={(e) => e.preventDefault()}
          disabled={fields.length >= max}
        >
          <Plus className="h-4 w-4" aria-hidden="true" /> Add {noun}
        </button>
        {fields.length >= max && <span className="text-xs text-slate-600">At most {max}.</span>}
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}

interface RowProps {
  id: string;
  name: string;
  index: number;
  first: boolean;
  last: boolean;
  removable: boolean;
  itemName: string;
  Item: ListItem;
  inline?: boolean;
  onMove: (index: number, by: -1 | 1) => void;
  onRemove: (index: number) => void;
}

const ListRow = memo(function ListRow({
  id,
  name,
  index,
  first,
  last,
  removable,
  itemName,
  Item,
  inline,
  onMove,
  onRemove,
}: RowProps) {
  const label = `${itemName} ${index + 1}`;
  const noun = `${itemName.toLowerCase()} ${index + 1}`;
  const buttons = (
    <div className="flex shrink-0 gap-1">
      <Button
        variant="ghost"
        size="icon"
        data-move="up"
        aria-label={`Move ${noun} up`}
        disabled={first}
        onClick={() => onMove(index, -1)}
      >
        <ArrowUp className="h-4 w-4" aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        data-move="down"
        aria-label={`Move ${noun} down`}
        disabled={last}
        onClick={() => onMove(index, 1)}
      >
        <ArrowDown className="h-4 w-4" aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Remove ${noun}`} disabled={!removable} onClick={() => onRemove(index)}>
        <Trash2 className="h-4 w-4 text-red-700" aria-hidden="true" />
      </Button>
    </div>
  );
  if (inline)
    return (
      <li data-item={id} className="flex items-end gap-2">
        <div data-fields className="min-w-0 flex-1">
          <Item name={name} index={index} label={label} />
        </div>
        {buttons}
      </li>
    );
  return (
    <li data-item={id} className="rounded-xl border border-slate-200 bg-slate-50/60 p-3 sm:p-4">
      <div role="group" aria-labelledby={`${id}-title`}>
        <div className="mb-3 flex items-center justify-between gap-2">
          <h4 id={`${id}-title`} className="font-bold text-slate-900">
            {label}
          </h4>
          {buttons}
        </div>
        <div data-fields className="space-y-4">
          <Item name={name} index={index} label={label} />
        </div>
      </div>
    </li>
  );
});
