import type { ReactNode } from 'react';
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { errorAt } from '#client/lib/zod-form.ts';
import { AUDIENCE_LABELS, audienceBadge, type Audience, type AudienceGroup } from '#shared/schemas/audience.ts';

/** The audience fields a form holds (a gallery's, a post's, an event's). */
interface AudienceValues extends FieldValues {
  audience?: Audience;
  audienceBranch?: string | null;
  audienceProgramme?: string | null;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the submitted type plays no part here
type AudienceForm = UseFormReturn<AudienceValues, any, any>;

/**
 * Who sees it (issue 32): the Audience select, and the branch and programme it asks for. The
 * school's branches and programmes come from the screen (features are not imported here).
 */
export function AudienceFields<T extends AudienceValues>({
  form,
  audiences,
  branches,
  programmes,
  note = 'Not on the public website: only families of this audience see it, in the family area.',
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form holding the audience fields
  form: UseFormReturn<T, any, any>;
  audiences: readonly Audience[];
  branches: readonly { name: string }[];
  programmes: readonly { key: string; name: string }[];
  /** Said under the fields when the audience is not everyone. */
  note?: ReactNode;
}) {
  const f = form as unknown as AudienceForm;
  const [audience, branch, programme] = useWatch({
    control: f.control,
    name: ['audience', 'audienceBranch', 'audienceProgramme'],
  });
  const set = (name: 'audienceBranch' | 'audienceProgramme', value: string) =>
    f.setValue(name, value || null, { shouldDirty: true, shouldValidate: f.formState.isSubmitted });
  return (
    <div>
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField label="Audience" {...f.register('audience')} error={errorAt(f, 'audience')}>
          {audiences.map((a) => (
            <option key={a} value={a}>
              {AUDIENCE_LABELS[a]}
            </option>
          ))}
        </SelectField>
        {(audience === 'branch' || audience === 'programme') && branches.length > 0 && (
          <SelectField
            label="Branch"
            value={branch ?? ''}
            onChange={(e) => set('audienceBranch', e.target.value)}
            error={errorAt(f, 'audienceBranch')}
          >
            <option value="">Choose…</option>
            {branches.map((b) => (
              <option key={b.name} value={b.name}>
                {b.name}
              </option>
            ))}
          </SelectField>
        )}
        {audience === 'programme' && (
          <SelectField
            label="Programme"
            value={programme ?? ''}
            onChange={(e) => set('audienceProgramme', e.target.value)}
            error={errorAt(f, 'audienceProgramme')}
          >
            <option value="">Choose…</option>
            {programmes.map((p) => (
              <option key={p.key} value={p.key}>
                {p.name}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      {audience && audience !== 'everyone' && <p className="mt-2 text-xs text-slate-600">{note}</p>}
    </div>
  );
}

/** A list row's small mark of who sees it ("Families", "City · Pre-school"); nothing for everyone. */
export function AudienceBadge({
  item,
  programmes = [],
}: {
  item: AudienceGroup;
  programmes?: readonly { key: string; name: string }[];
}) {
  const text = audienceBadge(item, (key) => programmes.find((p) => p.key === key)?.name ?? key);
  if (!text) return null;
  return (
    <span
      className="inline-flex items-center rounded-full bg-violet-50 px-2 py-0.5 text-xs font-semibold text-violet-800 ring-1 ring-violet-200"
      title={`For ${item.audience === 'families' ? 'all families' : `the families of ${text}`} only: not on the public website`}
    >
      {text}
    </span>
  );
}
