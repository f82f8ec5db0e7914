import { ArrowLeft } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { AlertDialog } from '../../../../components/ui/alert-dialog.tsx';
import { Button, buttonClass } from '../../../../components/ui/button.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { Label } from '../../../../components/ui/label.tsx';
import { SelectField } from '../../../../components/ui/select-field.tsx';
import { useCategories } from '../../../../features/categories/api/categories.ts';
import { useEvent, useSaveEvent } from '../../../../features/events/api/events.ts';
import { useGalleryChoices } from '../../../../features/galleries/api/galleries.ts';
import { useSchoolProfile, useSchoolTimezone } from '#client/features/school/api/school.ts';
import { useProgrammes } from '#client/features/admissions/api/get-programmes.ts';
import { AudienceFields } from '#client/components/cms/audience-fields.tsx';
import { CONTENT_AUDIENCES } from '#shared/schemas/audience.ts';
import { useImageUpload } from '../../../../features/media/api/upload-images.ts';
import { SafeImage } from '../../../../features/media/components/safe-image.tsx';
import { TextArea } from '../../../../features/media/components/textarea.tsx';
import { UploadProgress } from '../../../../features/media/components/upload-progress.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { errorAt, showServerErrors, useZodForm } from '#client/lib/zod-form.ts';
import { statusFromDates } from '../../../../../shared/event-status.ts';
import {
  eventFormField,
  eventFormSchema,
  NEW_EVENT_FORM,
  type Event,
  type EventFormValues,
  type EventValues,
} from '../../../../../shared/schemas/event.ts';
import type { EventScope } from '../../../../../shared/schemas/event-series.ts';
import { PUBLISH_AT_PAST, PUBLISH_AT_PAST_MESSAGE } from '../../../../../shared/schemas/publish-at.ts';
import { RepeatFields } from '../../../../features/events/components/repeat-fields.tsx';
import { ScopeDialog } from '../../../../features/events/components/scope-dialog.tsx';
import { formatScheduledFor, fromDatetimeLocal, toDatetimeLocal } from '../../../../../shared/dates.ts';

const STATUS_LABEL = { upcoming: 'Upcoming', ongoing: 'Ongoing', completed: 'Completed' } as const;

function fromEvent(e: Event, tz: string): EventFormValues {
  return {
    title: e.title,
    description: e.description,
    coverMode: e.cover_image?.startsWith('/uploads/') ? 'file' : 'url',
    cover_image: e.cover_image ?? '',
    category: e.category,
    location: e.location,
    start_date: toDatetimeLocal(e.start_date, tz).slice(0, 16),
    end_date: e.end_date ? toDatetimeLocal(e.end_date, tz).slice(0, 16) : '',
    // The status the dates give is "from the dates": kept so when the dates change (issue 31).
    status: e.status === statusFromDates(e.start_date, e.end_date) ? '' : e.status,
    gallery_id: e.gallery_id ? String(e.gallery_id) : '',
    audience: e.audience,
    audienceBranch: e.audienceBranch,
    audienceProgramme: e.audienceProgramme,
    ...repeatOf(e, tz),
  };
}

/** Issue 34: the branch, the schedule and the Repeats section of an event as the form shows them. */
function repeatOf(e: Event, tz: string) {
  const series = e.series;
  const r = series?.repeat;
  return {
    branch: e.branch ?? '',
    publishAt: e.publishAt && !e.published ? toDatetimeLocal(e.publishAt, tz) : '',
    repeatFreq: !series ? '' : !r ? 'custom' : r.freq === 'monthly' ? (`monthly-${r.monthlyBy ?? 'date'}` as const) : r.freq,
    repeatDays: r?.weekdays ?? [],
    repeatEnds: r?.count ? 'count' : 'until',
    repeatUntil: r?.until ?? '',
    repeatCount: r?.count ? String(r.count) : '',
    repeatInterval: r?.interval ?? 1,
    termTime: series?.termTime ?? false,
  } satisfies Partial<EventFormValues>;
}

/** The API's field messages moved to the form's fields (`repeat.until` beside "Last date", a rule's beside "Repeats"). */
function onFormFields(err: unknown, form: Pick<EventFormValues, 'repeatEnds'>) {
  if (!(err instanceof ApiError) || !err.fields) return err;
  const fields = Object.fromEntries(Object.entries(err.fields).map(([path, m]) => [eventFormField(path.split('.'), form), m]));
  return new ApiError(err.status, err.message, fields, err.body);
}

const FAILED = 'Failed to save event. Check inputs.';
/** The Repeats section's fields: a change there is to the rule, never to one date. */
const REPEAT_FIELDS = ['repeatFreq', 'repeatDays', 'repeatEnds', 'repeatUntil', 'repeatCount', 'termTime'] as const;

/** What "From the dates" gives now for the typed dates (school time), if the start is a date yet. */
function datesStatus(start: string, end: string, timeZone: string) {
  const when = (local: string) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local) ? fromDatetimeLocal(local.slice(0, 16), timeZone) : null;
  const from = when(start);
  if (!from || Number.isNaN(Date.parse(from))) return null;
  return statusFromDates(from, when(end));
}

/** §2 Event form: /cms/events/new and /cms/events/edit/{id}. Dates are typed in the school's timezone. */
export default function EventFormScreen() {
  const { id } = useParams();
  const editing = id !== undefined;
  const timeZone = useSchoolTimezone();
  const existing = useEvent(id);

  if (editing && existing.isError) {
    return (
      <div className="mx-auto max-w-3xl text-center">
        <p className="text-red-700">Failed to load event details.</p>
        <Link to="/cms/events" className="mt-2 inline-block font-semibold text-brand-700 underline">
          Go back
        </Link>
      </div>
    );
  }
  if ((editing && !existing.data) || !timeZone) return <p className="text-center text-slate-600">Loading...</p>;
  const event = editing ? existing.data! : null;
  return <EventForm key={event?.id ?? 'new'} event={event} timeZone={timeZone} />;
}

function EventForm({ event, timeZone }: { event: Event | null; timeZone: string }) {
  const navigate = useNavigate();
  const { data: categories = [] } = useCategories();
  const save = useSaveEvent(event?.id ?? null);
  const cover = useImageUpload('cover');
  const schema = useMemo(() => eventFormSchema(timeZone), [timeZone]);
  const form = useZodForm(schema, { defaultValues: event ? fromEvent(event, timeZone) : NEW_EVENT_FORM });
  const [coverMode, coverUrl, category, start, end, gallery] = useWatch({
    control: form.control,
    name: ['coverMode', 'cover_image', 'category', 'start_date', 'end_date', 'gallery_id'],
  });
  const byDates = datesStatus(start, end, timeZone);
  const galleries = useGalleryChoices(gallery ? Number(gallery) : null);
  const coverError = errorAt(form, 'cover_image');
  const branches = useSchoolProfile().data?.branches ?? [];
  const programmes = useProgrammes().data ?? [];
  // Issue 34: an occurrence of a repeating event asks which ones a save changes; a time past asks to publish now.
  const [askScope, setAskScope] = useState<EventValues | null>(null);
  const [askPublishNow, setAskPublishNow] = useState<EventValues | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const [image] = await cover.upload([file]);
      form.setValue('cover_image', image!.url, { shouldDirty: true, shouldValidate: true });
    } catch (err) {
      form.setError('cover_image', { type: 'upload', message: (err as Error).message });
    }
  };

  const send = async (payload: EventValues) => {
    try {
      await save.mutateAsync(payload);
      toast.success(
        payload.publishAt
          ? `Scheduled for ${formatScheduledFor(payload.publishAt, timeZone)}`
          : event
            ? 'Event updated'
            : 'Event created',
      );
      navigate('/cms/events');
    } catch (err) {
      if (err instanceof ApiError && (err.body as { code?: string } | undefined)?.code === PUBLISH_AT_PAST) {
        setAskPublishNow(payload);
        return;
      }
      const unshown = showServerErrors(form, onFormFields(err, form.getValues()));
      if (unshown) form.setError('root.server', { type: 'server', message: unshown });
      toast.error(err instanceof ApiError && err.status < 500 ? err.message : FAILED);
    }
  };

  const submit = form.handleSubmit(
    (payload) => (event?.seriesId ? setAskScope(payload) : send(payload)),
    // The keyboard goes to the first field that says why.
    () => toast.error(FAILED),
  );
  const withScope = (scope: EventScope) => {
    const payload = askScope!;
    setAskScope(null);
    void send({ ...payload, scope });
  };

  const categoryMissing = category && !categories.some((c) => c.name === category);
  const serverError = errorAt(form, 'root.server');

  return (
    <div className="mx-auto max-w-3xl">
      <Link to="/cms/events" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Events
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{event ? 'Edit Event' : 'Create New Event'}</h1>
      <form
        onSubmit={submit}
        noValidate
        className="mt-6 space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        {event?.seriesId && event.series && (
          <p className="rounded-xl border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
            This is one date of a repeating event: {event.series.words.replace(/\.$/, '')}. When you save, you choose this date,
            this and the following, or all.
          </p>
        )}
        <Field label="Title" required maxLength={200} {...form.register('title')} error={errorAt(form, 'title')} />
        <TextArea
          label="Description"
          required
          rows={4}
          maxLength={5000}
          {...form.register('description')}
          error={errorAt(form, 'description')}
        />

        <fieldset>
          <legend className="mb-1 text-sm font-semibold text-slate-800">Cover image</legend>
          <div className="mb-2 flex gap-4 text-sm">
            {(['url', 'file'] as const).map((mode) => (
              <label key={mode} className="flex items-center gap-2">
                <input type="radio" value={mode} {...form.register('coverMode', { deps: ['cover_image'] })} />
                {mode === 'url' ? 'Image URL' : 'Upload a file'}
              </label>
            ))}
          </div>
          {coverMode === 'url' ? (
            <Controller
              control={form.control}
              name="cover_image"
              render={({ field }) => (
                <Field
                  label="Cover image URL"
                  type="url"
                  placeholder="https://"
                  {...field}
                  // An uploaded cover stays until a URL replaces it; its address is not one to edit.
                  value={field.value.startsWith('/uploads/') ? '' : field.value}
                  error={coverError}
                />
              )}
            />
          ) : (
            <div>
              <Label htmlFor="cover-file">Cover image file</Label>
              <input
                id="cover-file"
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                aria-describedby={coverError ? 'cover-file-hint cover-file-error' : 'cover-file-hint'}
                aria-invalid={coverError ? true : undefined}
                disabled={cover.uploading}
                onChange={(e) => void onFile(e.target.files?.[0])}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:font-semibold file:text-white"
              />
              <p id="cover-file-hint" className="mt-1 text-xs text-slate-600">
                PNG, JPG, GIF or WebP up to 10MB
              </p>
              {coverError && (
                <p id="cover-file-error" className="mt-1 text-sm font-medium text-red-700">
                  {coverError}
                </p>
              )}
              <UploadProgress value={cover.progress} />
            </div>
          )}
          {coverUrl && (
            <div className="mt-3">
              <p className="mb-1 text-xs font-semibold text-slate-600">Preview</p>
              <SafeImage
                src={coverUrl}
                alt="Cover preview"
                className="aspect-[16/9] w-full max-w-md rounded-xl border border-slate-200"
              />
            </div>
          )}
        </fieldset>

        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            {/* Controlled: the options arrive after the form is drawn. */}
            <Controller
              control={form.control}
              name="category"
              render={({ field }) => (
                <SelectField label="Category" required {...field} error={errorAt(form, 'category')}>
                  <option value="">Choose a category</option>
                  {categoryMissing && <option value={category}>{category}</option>}
                  {categories.map((c) => (
                    <option key={c.id} value={c.name}>
                      {c.name}
                    </option>
                  ))}
                </SelectField>
              )}
            />
            <Link to="/cms/category" className="mt-1 inline-block text-xs font-semibold text-brand-700 underline">
              Manage categories
            </Link>
          </div>
          <Field label="Location" required maxLength={200} {...form.register('location')} error={errorAt(form, 'location')} />
          <Field
            label="Start date and time"
            type="datetime-local"
            required
            {...form.register('start_date')}
            error={errorAt(form, 'start_date')}
            hint={`School time (${timeZone})`}
          />
          <Field
            label="End date and time (optional)"
            type="datetime-local"
            min={start || undefined}
            {...form.register('end_date')}
            error={errorAt(form, 'end_date')}
          />
          <SelectField
            label="Status"
            {...form.register('status')}
            hint="From the dates: Upcoming before the start, Ongoing until the end, then Completed. An event that has ended always shows as Completed."
          >
            <option value="">From the dates{byDates ? ` (now ${STATUS_LABEL[byDates]})` : ''}</option>
            <option value="ongoing">Ongoing</option>
            <option value="completed">Completed</option>
          </SelectField>
          <Controller
            control={form.control}
            name="gallery_id"
            render={({ field }) => (
              <SelectField label="Gallery (optional)" {...field} error={errorAt(form, 'gallery_id')}>
                <option value="">No gallery</option>
                {galleries.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.title}
                    {g.published ? '' : ' (draft)'}
                  </option>
                ))}
              </SelectField>
            )}
          />
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <Controller
            control={form.control}
            name="branch"
            render={({ field }) => (
              <SelectField label="Held at" {...field} error={errorAt(form, 'branch')}>
                <option value="">Whole school</option>
                {field.value && !branches.some((b) => b.name === field.value) && (
                  <option value={field.value}>{field.value}</option>
                )}
                {branches.map((b) => (
                  <option key={b.name} value={b.name}>
                    {b.name}
                  </option>
                ))}
              </SelectField>
            )}
          />
          <Field
            label="Publish at (optional)"
            type="datetime-local"
            {...form.register('publishAt')}
            error={errorAt(form, 'publishAt')}
            hint={`Empty: published when saved. School time (${timeZone})`}
          />
        </div>

        <RepeatFields form={form} customWords={event?.series && !event.series.repeat ? event.series.words : undefined} />

        <AudienceFields
          form={form}
          audiences={CONTENT_AUDIENCES}
          branches={branches}
          programmes={programmes}
          note="Not on the public website, its calendar or sitemap: only these families see it, in the family area."
        />

        {serverError && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
            {serverError}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
          <Link to="/cms/events" className={buttonClass('secondary')}>
            Cancel
          </Link>
          <Button type="submit" disabled={save.isPending || cover.uploading}>
            {save.isPending ? 'Saving…' : event ? 'Update Event' : 'Create Event'}
          </Button>
        </div>
      </form>
      <ScopeDialog
        open={!!askScope}
        action="save"
        pending={save.isPending}
        ruleChanged={REPEAT_FIELDS.some((f) => form.formState.dirtyFields[f])}
        onChoose={withScope}
        onCancel={() => setAskScope(null)}
      />
      <AlertDialog
        open={!!askPublishNow}
        onOpenChange={(open) => !open && setAskPublishNow(null)}
        title="That time has already passed."
        description={PUBLISH_AT_PAST_MESSAGE}
        confirmLabel="Publish now"
        pendingLabel="Publishing…"
        pending={save.isPending}
        onConfirm={() => {
          const payload = askPublishNow!;
          setAskPublishNow(null);
          form.setValue('publishAt', '');
          void send({ ...payload, publishAt: null });
        }}
      />
    </div>
  );
}
