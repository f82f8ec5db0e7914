import { createContext, useContext, useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Programme, ProgramsContent } from '#shared/schemas/site-content.ts';
import type { SectionDocument } from '../../api/sections.ts';
import { programmeKeyFor } from '../../lib/programme-key.ts';
import { BannerFields, CheckboxInput, FieldGroup, NumberInput, TextInput, useFieldError } from '../form-fields.tsx';
import { IconField } from '../icon-field.tsx';
import { ListField, type ListItem } from '../list-field.tsx';
import { PhotoField } from '../photo-field.tsx';
import { EMPTY_LINE, EMPTY_TITLE_TEXT, LineItem, TitleTextItem } from './shared-items.tsx';

/**
 * The keys the server has already seen (published or in the draft): enquiries and seats may name
 * them, so they never change, and a new programme never takes one, even of a programme removed.
 */
const SavedKeys = createContext<ReadonlySet<string>>(new Set());

/** The keys a new programme must not take: every programme's in the form, and every saved one. */
function takenKeys(programmes: Programme[], saved: ReadonlySet<string>, except: number) {
  return [...saved, ...programmes.filter((_, i) => i !== except).map((p) => p.key)];
}

function ProgrammeKey({ name }: { name: string }) {
  const key = useWatch({ name: `${name}.key` }) as string;
  const saved = useContext(SavedKeys);
  const error = useFieldError(`${name}.key`);
  return (
    <div className="text-sm text-slate-700">
      <p>
        <span className="font-semibold text-slate-800">Key:</span> <code className="rounded bg-slate-100 px-1">{key}</code>
      </p>
      <p className="text-xs text-slate-600">
        {saved.has(key)
          ? 'Applications and seats name the programme by its key, so it stays the same when the programme is renamed.'
          : 'Made from the name. Once saved it stays the same, whatever the programme is later called.'}
      </p>
      {error && <p className="mt-1 font-medium text-red-700">{error}</p>}
    </div>
  );
}

const ProgrammeItem: ListItem = ({ name, index }) => {
  const { setValue, getValues } = useFormContext();
  const saved = useContext(SavedKeys);
  // A new programme's key follows its name until it is saved (read, not watched: typing redraws nothing).
  const onName = (e: { target: { value: string } }) => {
    if (saved.has(getValues(`${name}.key`) as string)) return;
    const programmes = getValues('programmes') as Programme[];
    setValue(`${name}.key`, programmeKeyFor(e.target.value, takenKeys(programmes, saved, index)));
  };
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput name={`${name}.name`} label="Programme name" onChange={onName} />
        <TextInput name={`${name}.ages`} label="Age band" hint="As parents read it: Ages 3-4" />
      </div>
      <ProgrammeKey name={name} />
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberInput
          name={`${name}.minAge`}
          label="Youngest age (years, optional)"
          hint="The admission form checks the child's age."
        />
        <NumberInput name={`${name}.maxAge`} label="Oldest age (years, optional)" />
      </div>
      <TextInput name={`${name}.description`} label="Description" rows={3} />
      <ListField name={`${name}.points`} legend="Points" itemName="Point" Item={LineItem} newItem={EMPTY_LINE} max={8} inline />
      <IconField name={`${name}.icon`} />
      <PhotoField name={`${name}.photo`} label="Photo" emptyText="No photo: the programme's icon is shown." />
      <CheckboxInput
        name={`${name}.hidden`}
        label="Hidden from the admission form"
        hint="Parents cannot choose it when they apply. Its applications and seats stay on the admissions board. A programme that has either is hidden, not removed."
      />
    </>
  );
};

const ActivityItem: ListItem = ({ name }) => (
  <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
    <TextInput name={`${name}.name`} label="Activity" />
    <IconField name={`${name}.icon`} />
  </div>
);

/** Programs (/programs): the programmes (the admission form's departments), activities and highlights. */
export function ProgramsFields({ doc }: { doc: SectionDocument }) {
  const { getValues } = useFormContext();
  const saved = useMemo(() => {
    const documents = [doc.published, doc.draft] as (ProgramsContent | null)[];
    return new Set(documents.flatMap((d) => d?.programmes.map((p) => p.key) ?? []));
  }, [doc]);
  const newProgramme = () => ({
    key: programmeKeyFor('programme', takenKeys(getValues('programmes') as Programme[], saved, -1)),
    name: '',
    ages: '',
    minAge: null,
    maxAge: null,
    description: '',
    points: [],
    icon: 'school',
    photo: null,
    hidden: false,
  });
  return (
    <SavedKeys.Provider value={saved}>
      <BannerFields />
      <FieldGroup
        legend="Programmes"
        description="The admission form offers these programmes, and the admissions board sorts applications by them."
      >
        <ListField
          name="programmes"
          legend="Programmes"
          itemName="Programme"
          Item={ProgrammeItem}
          newItem={newProgramme}
          min={1}
          max={12}
        />
      </FieldGroup>
      <FieldGroup legend="Activities">
        <TextInput name="activitiesTitle" label="Title" />
        <TextInput name="activitiesIntro" label="Introduction" rows={2} />
        <ListField
          name="activities"
          legend="Activities"
          itemName="Activity"
          Item={ActivityItem}
          newItem={() => ({ name: '', icon: 'palette' })}
          max={16}
        />
      </FieldGroup>
      <FieldGroup legend="Classroom highlights">
        <TextInput name="highlightsTitle" label="Title" />
        <ListField
          name="highlights"
          legend="Highlights"
          itemName="Highlight"
          Item={TitleTextItem}
          newItem={EMPTY_TITLE_TEXT}
          max={8}
        />
      </FieldGroup>
    </SavedKeys.Provider>
  );
}
