import { useProgrammes } from '#client/features/admissions/api/get-programmes.ts';
import { SeatsFields } from '#client/features/school/components/seats-fields.tsx';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { useCan } from '#client/features/auth/hooks/use-can.ts';
import { useSaveSchoolProfile, useSchoolProfile } from '#client/features/school/api/school.ts';
import { errorAt, showServerErrors, useZodForm } from '#client/lib/zod-form.ts';
import { TimeZoneField } from '#client/components/time-zone-field.tsx';
import { MAX_BRANCHES, SchoolProfileSchema, type SchoolProfile } from '#shared/schemas/school.ts';

/** An empty map field is no position (not 0, a point in the Atlantic). */
const coordinate = (value: unknown) =>
  typeof value === 'number' ? value : String(value ?? '').trim() === '' ? undefined : Number(value);

/** Settings > School profile: what the header, footer, Contact, Admission and JSON-LD show. */
export default function SchoolProfileScreen() {
  const { data, isLoading, isError } = useSchoolProfile();
  if (isLoading) return <p className="text-slate-600">Loading...</p>;
  if (isError || !data)
    return (
      <p role="alert" className="text-red-700">
        Could not load the school profile.
      </p>
    );
  return <SchoolProfileForm initial={data} />;
}

function SchoolProfileForm({ initial }: { initial: SchoolProfile }) {
  const form = useZodForm(SchoolProfileSchema, { defaultValues: initial });
  const { register, control, setValue } = form;
  const branches = useFieldArray({ control, name: 'branches' });
  const values = useWatch({ control }) as SchoolProfile;
  const save = useSaveSchoolProfile();
  const canWrite = useCan('settings', 'write');
  const programmes = useProgrammes().data ?? [];
  const errorOf = (path: string) => errorAt(form, path);

  // A sample branch stops being one once staff change its details (its seats are not a detail).
  const branchField = (i: number, key: 'name' | 'phone' | 'address' | 'lat' | 'lng') =>
    register(`branches.${i}.${key}`, {
      ...(key === 'lat' || key === 'lng' ? { setValueAs: coordinate } : {}),
      onChange: () => setValue(`branches.${i}.sample`, undefined),
    });

  const submit = form.handleSubmit(
    async (profile) => {
      try {
        form.reset(await save.mutateAsync(profile));
        toast.success('School profile saved');
      } catch (error) {
        showServerErrors(form, error);
        toast.error((error as Error).message);
      }
    },
    () => toast.error('Please fix the highlighted fields.'),
  );

  const text = (key: 'name' | 'brandLine' | 'email' | 'hours' | 'ages', label: string, hint?: string) => (
    <Field label={label} hint={hint} error={errorOf(key)} {...register(key)} required={key !== 'brandLine'} />
  );

  return (
    <form onSubmit={submit} className="mx-auto max-w-3xl space-y-8" noValidate>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">School profile</h1>
        <p className="text-sm text-slate-600">
          Shown in the website&apos;s header and footer, on Contact and Admission, and to search engines.
        </p>
      </div>
      <section className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6 sm:grid-cols-2">
        {text('name', 'School name')}
        {text('brandLine', 'Brand line', 'A short line under the name, e.g. Preschool & Daycare')}
        {text('email', 'E-mail', 'Enquiries are sent here when e-mail is configured')}
        {text('hours', 'Opening hours')}
        {text('ages', 'Ages', 'e.g. 2-6')}
        <TimeZoneField
          id="school-tz"
          value={values.timezone}
          error={errorOf('timezone')}
          onChange={(tz) => setValue('timezone', tz, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
        />
        <Field
          label="Site address"
          type="url"
          inputMode="url"
          hint="The address parents type, e.g. https://littleacorns.example. Search results, feeds and calendars link to it."
          error={errorOf('siteUrl')}
          {...register('siteUrl')}
        />
        <div className="sm:col-span-2">
          <Label htmlFor="school-about">About text (footer)</Label>
          <textarea
            id="school-about"
            rows={3}
            {...register('about')}
            aria-invalid={Boolean(errorOf('about')) || undefined}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base sm:text-sm"
          />
          {errorOf('about') && <p className="mt-1 text-sm text-red-700">{errorOf('about')}</p>}
        </div>
      </section>

      <section className="space-y-4">
        <div className="flex items-center justify-between">
          <h2 className="text-lg font-bold text-slate-900">Branches</h2>
          <Button
            variant="secondary"
            size="sm"
            disabled={branches.fields.length >= MAX_BRANCHES}
            onClick={() => branches.append({ name: '', address: '', phone: '' })}
          >
            <Plus size={16} aria-hidden="true" /> Add branch
          </Button>
        </div>
        {branches.fields.map((field, i) => {
          const branch = values.branches?.[i] ?? field;
          return (
            <fieldset key={field.id} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6 sm:grid-cols-2">
              <legend className="px-1 text-sm font-bold text-slate-700">
                Branch {i + 1}{' '}
                {branch.sample && (
                  <Badge tone="amber" className="ml-1">
                    Sample
                  </Badge>
                )}
              </legend>
              {branch.sample && (
                <p className="text-sm text-amber-900 sm:col-span-2">
                  The sample content&apos;s branch: parents see it until you replace it with your own details.
                </p>
              )}
              <Field label="Name" {...branchField(i, 'name')} error={errorOf(`branches.${i}.name`)} />
              <Field
                label="Phone"
                type="tel"
                hint="Optional: left out of the site when empty"
                {...branchField(i, 'phone')}
                error={errorOf(`branches.${i}.phone`)}
              />
              <div className="sm:col-span-2">
                <Field label="Address" {...branchField(i, 'address')} error={errorOf(`branches.${i}.address`)} />
              </div>
              <Field
                label="Map latitude"
                type="number"
                step="any"
                hint="Optional, for the map. From OpenStreetMap: right-click the school, Show address"
                {...branchField(i, 'lat')}
                error={errorOf(`branches.${i}.lat`)}
              />
              <Field
                label="Map longitude"
                type="number"
                step="any"
                {...branchField(i, 'lng')}
                error={errorOf(`branches.${i}.lng`)}
              />
              <SeatsFields
                branch={branch}
                index={i}
                programmes={programmes}
                errorOf={errorOf}
                onChange={(seats) => setValue(`branches.${i}.seats`, seats, { shouldDirty: true })}
              />
              {branches.fields.length > 1 && (
                <div className="sm:col-span-2">
                  <Button variant="ghost" size="sm" onClick={() => branches.remove(i)}>
                    <Trash2 size={16} aria-hidden="true" /> Remove branch {i + 1}
                  </Button>
                </div>
              )}
            </fieldset>
          );
        })}
      </section>

      <section className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6 sm:grid-cols-3">
        <h2 className="text-lg font-bold text-slate-900 sm:col-span-3">Social links</h2>
        {(['facebook', 'instagram', 'youtube'] as const).map((key) => (
          <Field
            key={key}
            type="url"
            label={{ facebook: 'Facebook', instagram: 'Instagram', youtube: 'YouTube' }[key]}
            placeholder="https://"
            {...register(`social.${key}`)}
            error={errorOf(`social.${key}`)}
          />
        ))}
      </section>

      {canWrite ? (
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => form.reset()}>
            Reset
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save profile'}
          </Button>
        </div>
      ) : (
        <p className="text-right text-sm text-slate-600">Changing the school profile needs settings: write.</p>
      )}
    </form>
  );
}
