import { useProgrammes } from '#client/features/admissions/api/get-programmes.ts';
import { SeatsFields } from '#client/features/school/components/seats-fields.tsx';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { useCan } from '#client/features/auth/hooks/use-can.ts';
import { useSaveSchoolProfile, useSchoolProfile } from '#client/features/school/api/school.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { TimeZoneField } from '#client/components/time-zone-field.tsx';
import { MAX_BRANCHES, SchoolProfileSchema, type Branch, type SchoolProfile } from '#shared/schemas/school.ts';

/** An empty map field is no position (not 0, a point in the Atlantic). */
const coordinate = (value: string) => (value.trim() === '' ? undefined : Number(value));

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
  const [profile, setProfile] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveSchoolProfile();
  const canWrite = useCan('settings', 'write');
  const programmes = useProgrammes().data ?? [];

  const set = <K extends keyof SchoolProfile>(key: K, value: SchoolProfile[K]) => setProfile((p) => ({ ...p, [key]: value }));
  // A sample branch stops being one once staff change its details (its seats are not a detail).
  const setBranch = (i: number, patch: Partial<Branch>) =>
    setProfile((p) => ({
      ...p,
      branches: p.branches.map((b, j) => (j !== i ? b : { ...b, ...patch, sample: 'seats' in patch ? b.sample : undefined })),
    }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The server's own schema first: a mistyped time zone is named here, without a round trip.
    const parsed = SchoolProfileSchema.safeParse(profile);
    const fieldErrors: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) fieldErrors[issue.path.join('.')] ??= issue.message;
    setErrors(fieldErrors);
    if (!parsed.success) {
      toast.error('Please fix the highlighted fields.');
      return;
    }
    try {
      setProfile(await save.mutateAsync(profile));
      toast.success('School profile saved');
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast.error((error as Error).message);
    }
  };

  const text = (key: 'name' | 'brandLine' | 'email' | 'hours' | 'ages', label: string, hint?: string) => (
    <Field
      label={label}
      hint={hint}
      error={errors[key]}
      value={profile[key]}
      onChange={(e) => set(key, e.target.value)}
      required={key !== 'brandLine'}
    />
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
        <TimeZoneField id="school-tz" value={profile.timezone} error={errors.timezone} onChange={(tz) => set('timezone', tz)} />
        <Field
          label="Site address"
          type="url"
          inputMode="url"
          hint="The address parents type, e.g. https://littleacorns.example. Search results, feeds and calendars link to it."
          error={errors.siteUrl}
          value={profile.siteUrl}
          onChange={(e) => set('siteUrl', e.target.value)}
        />
        <div className="sm:col-span-2">
          <Label htmlFor="school-about">About text (footer)</Label>
          <textarea
            id="school-about"
            rows={3}
            value={profile.about}
            onChange={(e) => set('about', e.target.value)}
            aria-invalid={Boolean(errors.about) || undefined}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base sm:text-sm"
          />
          {errors.about && <p className="mt-1 text-sm text-red-700">{errors.about}</p>}
        </div>
      </section>

      <section className="space-y-4">
        <div className="flex items-center justify-between">
          <h2 className="text-lg font-bold text-slate-900">Branches</h2>
          <Button
            variant="secondary"
            size="sm"
            disabled={profile.branches.length >= MAX_BRANCHES}
            onClick={() => set('branches', [...profile.branches, { name: '', address: '', phone: '' }])}
          >
            <Plus size={16} aria-hidden="true" /> Add branch
          </Button>
        </div>
        {profile.branches.map((branch, i) => (
          <fieldset key={i} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6 sm:grid-cols-2">
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
            <Field
              label="Name"
              value={branch.name}
              error={errors[`branches.${i}.name`]}
              onChange={(e) => setBranch(i, { name: e.target.value })}
            />
            <Field
              label="Phone"
              type="tel"
              value={branch.phone ?? ''}
              hint="Optional: left out of the site when empty"
              error={errors[`branches.${i}.phone`]}
              onChange={(e) => setBranch(i, { phone: e.target.value })}
            />
            <div className="sm:col-span-2">
              <Field
                label="Address"
                value={branch.address}
                error={errors[`branches.${i}.address`]}
                onChange={(e) => setBranch(i, { address: e.target.value })}
              />
            </div>
            <Field
              label="Map latitude"
              type="number"
              step="any"
              value={branch.lat ?? ''}
              hint="Optional, for the map. From OpenStreetMap: right-click the school, Show address"
              error={errors[`branches.${i}.lat`]}
              onChange={(e) => setBranch(i, { lat: coordinate(e.target.value) })}
            />
            <Field
              label="Map longitude"
              type="number"
              step="any"
              value={branch.lng ?? ''}
              error={errors[`branches.${i}.lng`]}
              onChange={(e) => setBranch(i, { lng: coordinate(e.target.value) })}
            />
            <SeatsFields
              branch={branch}
              index={i}
              programmes={programmes}
              errors={errors}
              onChange={(seats) => setBranch(i, { seats })}
            />
            {profile.branches.length > 1 && (
              <div className="sm:col-span-2">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    set(
                      'branches',
                      profile.branches.filter((_, j) => j !== i),
                    )
                  }
                >
                  <Trash2 size={16} aria-hidden="true" /> Remove branch {i + 1}
                </Button>
              </div>
            )}
          </fieldset>
        ))}
      </section>

      <section className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6 sm:grid-cols-3">
        <h2 className="text-lg font-bold text-slate-900 sm:col-span-3">Social links</h2>
        {(['facebook', 'instagram', 'youtube'] as const).map((key) => (
          <Field
            key={key}
            type="url"
            label={{ facebook: 'Facebook', instagram: 'Instagram', youtube: 'YouTube' }[key]}
            placeholder="https://"
            value={profile.social[key]}
            error={errors[`social.${key}`]}
            onChange={(e) => set('social', { ...profile.social, [key]: e.target.value })}
          />
        ))}
      </section>

      {canWrite ? (
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setProfile(initial)}>
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
