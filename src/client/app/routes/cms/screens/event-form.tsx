import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClass } from '../../../../components/ui/button.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { NativeSelect } from '../../../../components/ui/input.tsx';
import { Label } from '../../../../components/ui/label.tsx';
import { useCategories } from '../../../../features/categories/api/categories.ts';
import { useEvent, useSaveEvent } from '../../../../features/events/api/events.ts';
import { useGalleryChoices } from '../../../../features/galleries/api/galleries.ts';
import { useSchoolTimezone } from '#client/features/school/api/school.ts';
import { useImageUpload } from '../../../../features/media/api/upload-images.ts';
import { SafeImage } from '../../../../features/media/components/safe-image.tsx';
import { TextArea } from '../../../../features/media/components/textarea.tsx';
import { UploadProgress } from '../../../../features/media/components/upload-progress.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { EVENT_STATUSES, EventInputSchema, type Event, type EventStatus } from '../../../../../shared/schemas/event.ts';
import { fromDatetimeLocal, toDatetimeLocal } from '../../../../../shared/dates.ts';

interface FormState {
  title: string;
  description: string;
  category: string;
  location: string;
  start: string;
  end: string;
  status: string;
  gallery: string;
  coverMode: 'url' | 'file';
  coverUrl: string;
}

const EMPTY: FormState = {
  title: '',
  description: '',
  category: '',
  location: '',
  start: '',
  end: '',
  status: 'upcoming',
  gallery: '',
  coverMode: 'url',
  coverUrl: '',
};

/** The API's field name for a form field, where they differ. */
const ERROR_KEYS: Partial<Record<keyof FormState, string>> = {
  start: 'start_date',
  end: 'end_date',
  gallery: 'gallery_id',
  coverUrl: 'cover_image',
  coverMode: 'cover_image',
};

function fromEvent(e: Event, tz: string): FormState {
  return {
    title: e.title,
    description: e.description,
    category: e.category,
    location: e.location,
    start: toDatetimeLocal(e.start_date, tz).slice(0, 16),
    end: e.end_date ? toDatetimeLocal(e.end_date, tz).slice(0, 16) : '',
    status: e.status,
    gallery: e.gallery_id ? String(e.gallery_id) : '',
    coverMode: e.cover_image?.startsWith('/uploads/') ? 'file' : 'url',
    coverUrl: e.cover_image ?? '',
  };
}

/** §2 Event form: /cms/events/new and /cms/events/edit/{id}. Dates are typed in the school's timezone. */
export default function EventFormScreen() {
  const { id } = useParams();
  const editing = id !== undefined;
  const navigate = useNavigate();
  const timeZone = useSchoolTimezone();
  const existing = useEvent(id);
  const { data: categories = [] } = useCategories();
  const save = useSaveEvent(editing && existing.data ? existing.data.id : null);
  const cover = useImageUpload('cover');
  const [form, setForm] = useState<FormState>(EMPTY);
  const [loaded, setLoaded] = useState(!editing);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  /** After a refused save: to the first field that says why (drawn by the next frame). */
  const focusFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  const galleries = useGalleryChoices(form.gallery ? Number(form.gallery) : null);

  useEffect(() => {
    if (editing && existing.data && timeZone && !loaded) {
      setForm(fromEvent(existing.data, timeZone));
      setLoaded(true);
    }
  }, [editing, existing.data, timeZone, loaded]);

  // A field's message goes as soon as the field changes (it said what was wrong with the old value).
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    const field = ERROR_KEYS[key] ?? key;
    setErrors((e) => (e[field] ? { ...e, [field]: '' } : e));
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const [image] = await cover.upload([file]);
      set('coverUrl', image!.url);
      setErrors((e) => ({ ...e, cover_image: '' }));
    } catch (err) {
      setErrors((e) => ({ ...e, cover_image: (err as Error).message }));
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!timeZone) return;
    const payload = {
      title: form.title,
      description: form.description,
      category: form.category,
      location: form.location,
      start_date: form.start ? fromDatetimeLocal(form.start.slice(0, 16), timeZone) : '',
      end_date: form.end ? fromDatetimeLocal(form.end.slice(0, 16), timeZone) : null,
      cover_image: form.coverUrl || null,
      status: form.status as EventStatus,
      gallery_id: form.gallery ? Number(form.gallery) : null,
    };
    const fieldErrors: Record<string, string> = {};
    const parsed = EventInputSchema.safeParse(payload);
    if (!parsed.success) for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    if (form.coverMode === 'url' && !form.coverUrl.trim()) fieldErrors.cover_image ??= 'Cover image URL is required.';
    if (form.coverMode === 'file' && !form.coverUrl) fieldErrors.cover_image ??= 'Choose a cover image file.';
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0) {
      toast.error('Failed to save event. Check inputs.');
      focusFirstError();
      return;
    }
    try {
      await save.mutateAsync(payload);
      toast.success(editing ? 'Event updated' : 'Event created');
      navigate('/cms/events');
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        setErrors(err.fields);
        focusFirstError();
      }
      toast.error(err instanceof ApiError && err.status < 500 ? err.message : 'Failed to save event. Check inputs.');
    }
  };

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
  if (!loaded || !timeZone) return <p className="text-center text-slate-600">Loading...</p>;

  const categoryMissing = form.category && !categories.some((c) => c.name === form.category);

  return (
    <div className="mx-auto max-w-3xl">
      <Link to="/cms/events" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Events
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{editing ? 'Edit Event' : 'Create New Event'}</h1>
      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        className="mt-6 space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <Field
          label="Title"
          required
          value={form.title}
          onChange={(e) => set('title', e.target.value)}
          maxLength={200}
          error={errors.title}
        />
        <TextArea
          label="Description"
          required
          rows={4}
          value={form.description}
          onChange={(e) => set('description', e.target.value)}
          maxLength={5000}
          error={errors.description}
        />

        <fieldset>
          <legend className="mb-1 text-sm font-semibold text-slate-800">Cover image</legend>
          <div className="mb-2 flex gap-4 text-sm">
            {(['url', 'file'] as const).map((mode) => (
              <label key={mode} className="flex items-center gap-2">
                <input type="radio" name="coverMode" checked={form.coverMode === mode} onChange={() => set('coverMode', mode)} />
                {mode === 'url' ? 'Image URL' : 'Upload a file'}
              </label>
            ))}
          </div>
          {form.coverMode === 'url' ? (
            <Field
              label="Cover image URL"
              type="url"
              placeholder="https://"
              value={form.coverUrl.startsWith('/uploads/') ? '' : form.coverUrl}
              onChange={(e) => set('coverUrl', e.target.value)}
              error={errors.cover_image}
            />
          ) : (
            <div>
              <Label htmlFor="cover-file">Cover image file</Label>
              <input
                id="cover-file"
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                aria-describedby="cover-file-hint"
                disabled={cover.uploading}
                onChange={(e) => void onFile(e.target.files?.[0])}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:font-semibold file:text-white"
              />
              <p id="cover-file-hint" className="mt-1 text-xs text-slate-600">
                PNG, JPG, GIF or WebP up to 10MB
              </p>
              {errors.cover_image && <p className="mt-1 text-sm font-medium text-red-700">{errors.cover_image}</p>}
              <UploadProgress value={cover.progress} />
            </div>
          )}
          {form.coverUrl && (
            <div className="mt-3">
              <p className="mb-1 text-xs font-semibold text-slate-600">Preview</p>
              <SafeImage
                src={form.coverUrl}
                alt="Cover preview"
                className="aspect-[16/9] w-full max-w-md rounded-xl border border-slate-200"
              />
            </div>
          )}
        </fieldset>

        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <Label htmlFor="category">Category</Label>
            <NativeSelect
              id="category"
              required
              value={form.category}
              onChange={(e) => set('category', e.target.value)}
              aria-invalid={errors.category ? true : undefined}
            >
              <option value="">Choose a category</option>
              {categoryMissing && <option value={form.category}>{form.category}</option>}
              {categories.map((c) => (
                <option key={c.id} value={c.name}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
            {errors.category && <p className="mt-1 text-sm font-medium text-red-700">{errors.category}</p>}
            <Link to="/cms/category" className="mt-1 inline-block text-xs font-semibold text-brand-700 underline">
              Manage categories
            </Link>
          </div>
          <Field
            label="Location"
            required
            value={form.location}
            onChange={(e) => set('location', e.target.value)}
            maxLength={200}
            error={errors.location}
          />
          <Field
            label="Start date and time"
            type="datetime-local"
            required
            value={form.start}
            onChange={(e) => set('start', e.target.value.slice(0, 16))}
            error={errors.start_date}
            hint={`School time (${timeZone})`}
          />
          <Field
            label="End date and time (optional)"
            type="datetime-local"
            value={form.end}
            min={form.start || undefined}
            onChange={(e) => set('end', e.target.value.slice(0, 16))}
            error={errors.end_date}
          />
          <div>
            <Label htmlFor="status">Status</Label>
            <NativeSelect id="status" value={form.status} onChange={(e) => set('status', e.target.value)}>
              {EVENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s[0]!.toUpperCase() + s.slice(1)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div>
            <Label htmlFor="gallery">Gallery (optional)</Label>
            <NativeSelect id="gallery" value={form.gallery} onChange={(e) => set('gallery', e.target.value)}>
              <option value="">No gallery</option>
              {galleries.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.title}
                  {g.published ? '' : ' (draft)'}
                </option>
              ))}
            </NativeSelect>
            {errors.gallery_id && <p className="mt-1 text-sm font-medium text-red-700">{errors.gallery_id}</p>}
          </div>
        </div>

        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
          <Link to="/cms/events" className={buttonClass('secondary')}>
            Cancel
          </Link>
          <Button type="submit" disabled={save.isPending || cover.uploading}>
            {save.isPending ? 'Saving…' : editing ? 'Update Event' : 'Create Event'}
          </Button>
        </div>
      </form>
    </div>
  );
}
