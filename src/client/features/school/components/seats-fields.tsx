import { Field } from '#client/components/ui/field.tsx';
import type { Branch } from '#shared/schemas/school.ts';
import { DEPARTMENTS } from '#shared/schemas/enquiry-options.ts';

type Seats = NonNullable<Branch['seats']>;

/** Seats per department at one branch (admissions capacity); an empty field means no limit. */
export function SeatsFields({
  branch,
  index,
  errors,
  onChange,
}: {
  branch: Branch;
  index: number;
  errors: Record<string, string>;
  onChange: (seats: Seats) => void;
}) {
  const seats = branch.seats ?? {};
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
      <legend className="mb-2 text-sm font-semibold text-slate-700">Seats (leave empty for no limit)</legend>
      {DEPARTMENTS.map((d) => (
        <Field
          key={d.value}
          label={`${d.label.split(' (')[0]} seats`}
          type="number"
          min={0}
          max={999}
          step={1}
          value={seats[d.value] ?? ''}
          error={errors[`branches.${index}.seats.${d.value}`]}
          onChange={(e) => {
            const { [d.value]: _, ...rest } = seats;
            onChange(e.target.value === '' ? rest : { ...rest, [d.value]: Number(e.target.value) });
          }}
        />
      ))}
    </fieldset>
  );
}
