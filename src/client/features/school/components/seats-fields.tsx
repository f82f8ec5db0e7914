import { Field } from '#client/components/ui/field.tsx';
import type { ProgrammeOption } from '#shared/schemas/enquiry-options.ts';
import type { Branch } from '#shared/schemas/school.ts';

type Seats = NonNullable<Branch['seats']>;

/**
 * Seats per programme at one branch (admissions capacity), by the programme's key; an empty field
 * means no limit. The school's programmes (Website > Programs) in their order, hidden ones marked,
 * then seats kept for a key no programme has any more, so they can be cleared.
 */
export function SeatsFields({
  branch,
  index,
  programmes,
  errorOf,
  onChange,
}: {
  branch: Branch;
  index: number;
  programmes: readonly Pick<ProgrammeOption, 'key' | 'name' | 'hidden'>[];
  /** The message on a field, by its path (`branches.0.seats.nursery`). */
  errorOf: (path: string) => string | undefined;
  onChange: (seats: Seats) => void;
}) {
  const seats = branch.seats ?? {};
  const fields = [
    ...programmes.map((p) => ({ key: p.key, label: p.hidden ? `${p.name} seats (hidden programme)` : `${p.name} seats` })),
    ...Object.keys(seats)
      .filter((key) => !programmes.some((p) => p.key === key))
      .map((key) => ({ key, label: `${key} seats (no such programme)` })),
  ];
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
      <legend className="mb-2 text-sm font-semibold text-slate-700">Seats (leave empty for no limit)</legend>
      {fields.map(({ key, label }) => (
        <Field
          key={key}
          label={label}
          type="number"
          min={0}
          max={999}
          step={1}
          value={seats[key] ?? ''}
          error={errorOf(`branches.${index}.seats.${key}`)}
          onChange={(e) => {
            const { [key]: _, ...rest } = seats;
            onChange(e.target.value === '' ? rest : { ...rest, [key]: Number(e.target.value) });
          }}
        />
      ))}
    </fieldset>
  );
}
