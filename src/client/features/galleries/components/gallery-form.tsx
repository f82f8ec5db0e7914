import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorAt, showServerErrors, useZodForm } from '../../../lib/zod-form.ts';
import { usePhotoUploads } from '../../media/api/upload-images.ts';
import { SafeImage } from '../../media/components/safe-image.tsx';
import { AudienceFields } from '../../../components/cms/audience-fields.tsx';
import { useProgrammes } from '../../admissions/api/get-programmes.ts';
import { useSchoolProfile } from '../../school/api/school.ts';
import { ConsentRefusal, PhotoChildren } from './photo-children.tsx';
import { TextArea } from '../../media/components/textarea.tsx';
import { PhotoUploadList } from '../../media/components/photo-upload-list.tsx';
import { useSaveGallery } from '../api/galleries.ts';
import {
  detectVideoType,
  GALLERY_AUDIENCES,
  GalleryFormSchema,
  type ConsentProblem,
  MAX_PHOTO_TEXT,
  photoAlt,
  videoThumbnail,
  type PhotoText,
  type Gallery,
  type GalleryFormValues,
} from '../../../../shared/schemas/gallery.ts';

/** The address typed beside 'Add' (§5: a blank one is ignored). */
const ImageUrlFieldSchema = z.object({
  imageUrl: z
    .string()
    .trim()
    .refine((url) => url === '' || /^https?:\/\//i.test(url), 'Image URLs must start with http:// or https://.'),
});

const valuesOf = (gallery: Gallery | null): GalleryFormValues => ({
  title: gallery?.title ?? '',
  description: gallery?.description ?? '',
  type: gallery?.type ?? 'images',
  images: gallery?.images ?? [],
  photos: gallery?.photos ?? (gallery?.images ?? []).map((url) => ({ url, caption: '', alt: '' })),
  videoUrl: gallery?.videoUrl ?? '',
  // A video's own thumbnail stays when its address gives none (Vimeo).
  thumbnail: gallery?.type === 'video' ? gallery.thumbnail : null,
  published: gallery?.published ?? false,
  audience: gallery?.audience ?? 'everyone',
  audienceBranch: gallery?.audienceBranch ?? null,
  audienceProgramme: gallery?.audienceProgramme ?? null,
});

/** §2/§4 gallery create/edit form: images by upload or URL, or a YouTube/Vimeo video. */
export function GalleryForm({ gallery, onDone }: { gallery: Gallery | null; onDone: () => void }) {
  const form = useZodForm(GalleryFormSchema, { defaultValues: valuesOf(gallery) });
  const urlForm = useZodForm(ImageUrlFieldSchema, { defaultValues: { imageUrl: '' } });
  const [type, images, videoUrl, thumbnail, title, photoTexts] = useWatch({
    control: form.control,
    name: ['type', 'images', 'videoUrl', 'thumbnail', 'title', 'photos'],
  });
  const branches = useSchoolProfile().data?.branches ?? [];
  const programmes = useProgrammes().data ?? [];
  /** The server's refusal of a published gallery's change (issue 32): the children and photos concerned. */
  const [refused, setRefused] = useState<{ message: string; problems: ConsentProblem[] } | null>(null);
  const [source, setSource] = useState<'upload' | 'url'>('upload');
  const upload = usePhotoUploads();
  const save = useSaveGallery();

  /**
   * The list changed: its message goes once it has an image, or (after a save was tried) comes
   * back without one. Each photo's words go with it (issue 31).
   */
  const setImages = (next: string[], texts: PhotoText[] = form.getValues('photos') ?? []) => {
    const unused = [...texts];
    const photos = next.map((url) => {
      const at = unused.findIndex((p) => p.url === url);
      return at >= 0 ? unused.splice(at, 1)[0]! : { url, caption: '', alt: '' };
    });
    form.setValue('photos', photos, { shouldDirty: true });
    form.setValue('images', next, { shouldDirty: true, shouldValidate: next.length > 0 || form.formState.isSubmitted });
  };
  const setText = (index: number, key: 'caption' | 'alt', value: string) =>
    form.setValue(`photos.${index}.${key}`, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  const onFiles = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    // Each file goes on its own: the ones kept are added, in the order chosen, whatever the others do.
    const stored = await upload.upload([...files]);
    if (stored.length > 0) setImages([...form.getValues('images'), ...stored.map((s) => s.url)]);
  };

  const addUrl = urlForm.handleSubmit(({ imageUrl }) => {
    if (!imageUrl) return; // §5: a blank image URL add is ignored
    setImages([...form.getValues('images'), imageUrl]);
    urlForm.reset();
  });

  const submit = form.handleSubmit(async (input) => {
    setRefused(null);
    try {
      await save.mutateAsync({ id: gallery?.id ?? null, input });
      toast.success(gallery ? 'Gallery updated' : 'Gallery created');
      onDone();
    } catch (err) {
      showServerErrors(form, err);
      if (err instanceof ApiError && err.status === 409) {
        setRefused({ message: err.message, problems: (err.body as { problems?: ConsentProblem[] })?.problems ?? [] });
      }
      toast.error(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : 'Save failed');
    }
  });

  const imagesError = errorAt(form, 'images');
  const thumb = type === 'video' ? (videoThumbnail(videoUrl) ?? thumbnail) : images[0];

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      aria-label={gallery ? 'Edit gallery' : 'New gallery'}
    >
      <h2 className="text-lg font-bold text-slate-900">{gallery ? 'Edit Gallery' : 'New Gallery'}</h2>
      <Field label="Title" required maxLength={200} {...form.register('title')} error={errorAt(form, 'title')} />
      <TextArea
        label="Description"
        rows={3}
        maxLength={5000}
        {...form.register('description')}
        error={errorAt(form, 'description')}
      />
      <fieldset>
        <legend className="mb-1 text-sm font-semibold text-slate-800">Type</legend>
        <div className="flex gap-4 text-sm">
          {(['images', 'video'] as const).map((t) => (
            <label key={t} className="flex items-center gap-2">
              <input type="radio" value={t} {...form.register('type')} />
              {t === 'images' ? 'Images' : 'Video'}
            </label>
          ))}
        </div>
      </fieldset>

      {type === 'images' ? (
        <fieldset className="space-y-3" aria-describedby={imagesError ? 'gallery-images-error' : undefined}>
          <legend className="mb-1 text-sm font-semibold text-slate-800">Images</legend>
          <div className="flex gap-4 text-sm">
            {(['upload', 'url'] as const).map((s) => (
              <label key={s} className="flex items-center gap-2">
                <input type="radio" name="image-source" checked={source === s} onChange={() => setSource(s)} />
                {s === 'upload' ? 'Upload files' : 'Image URL'}
              </label>
            ))}
          </div>
          {source === 'upload' ? (
            <div>
              <Label htmlFor="gallery-files">Choose images</Label>
              <input
                id="gallery-files"
                type="file"
                multiple
                accept="image/png,image/jpeg,image/gif,image/webp"
                aria-describedby="gallery-files-hint"
                disabled={upload.uploading}
                onChange={(e) => {
                  void onFiles(e.target.files);
                  e.target.value = '';
                }}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:font-semibold file:text-white"
              />
              <p id="gallery-files-hint" className="mt-1 text-xs text-slate-600">
                PNG, JPG, GIF or WebP, up to 10MB
              </p>
              <PhotoUploadList files={upload.files} onDismiss={upload.clear} />
            </div>
          ) : (
            <div className="flex items-start gap-2">
              <div className="flex-1">
                <Field
                  label="Image URL"
                  type="url"
                  placeholder="https://"
                  {...urlForm.register('imageUrl')}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      void addUrl();
                    }
                  }}
                  error={errorAt(urlForm, 'imageUrl')}
                />
              </div>
              <Button variant="secondary" className="mt-6" onClick={() => void addUrl()}>
                <Plus className="h-4 w-4" aria-hidden="true" /> Add
              </Button>
            </div>
          )}
          {imagesError && (
            <p id="gallery-images-error" className="text-sm font-medium text-red-700">
              {imagesError}
            </p>
          )}
          {images.length > 0 && (
            <ol className="space-y-3" aria-label="Gallery images">
              {images.map((src, i) => {
                const text = photoTexts?.[i];
                const captionError = errorAt(form, `photos.${i}.caption`);
                const altError = errorAt(form, `photos.${i}.alt`);
                return (
                  <li key={src + i} className="flex gap-3 rounded-xl border border-slate-200 p-2 sm:p-3">
                    <SafeImage
                      src={src}
                      alt={photoAlt(title, i, images.length, text?.alt)}
                      className="aspect-square w-20 shrink-0 self-start rounded-lg sm:w-28"
                      sizes="7rem"
                    />
                    <div className="grid min-w-0 flex-1 gap-2 sm:grid-cols-2">
                      <Field
                        label={`Caption of photo ${i + 1}`}
                        value={text?.caption ?? ''}
                        maxLength={MAX_PHOTO_TEXT}
                        onChange={(e) => setText(i, 'caption', e.target.value)}
                        error={captionError}
                        hint="Shown under the photo"
                      />
                      <Field
                        label={`Alt text of photo ${i + 1}`}
                        value={text?.alt ?? ''}
                        maxLength={MAX_PHOTO_TEXT}
                        onChange={(e) => setText(i, 'alt', e.target.value)}
                        error={altError}
                        hint={`What it shows. Empty: "${photoAlt(title, i, images.length)}"`}
                      />
                      {gallery?.type === 'images' && gallery.images.includes(src) && (
                        <PhotoChildren gallery={gallery} photo={src} index={i} />
                      )}
                    </div>
                    <button
                      type="button"
                      onClick={() => setImages(images.filter((_, j) => j !== i))}
                      className="self-start rounded-full bg-white p-1.5 text-slate-800 shadow ring-1 ring-slate-200 hover:bg-slate-50"
                      aria-label={`Remove image ${i + 1}`}
                    >
                      <X className="h-4 w-4" aria-hidden="true" />
                    </button>
                  </li>
                );
              })}
            </ol>
          )}
        </fieldset>
      ) : (
        <div className="space-y-2">
          <Field
            label="Video URL"
            type="url"
            required
            placeholder="https://www.youtube.com/watch?v=…"
            {...form.register('videoUrl')}
            error={errorAt(form, 'videoUrl')}
            hint={`Detected: ${detectVideoType(videoUrl) === 'vimeo' ? 'Vimeo' : 'YouTube'}`}
          />
        </div>
      )}

      <div>
        <p className="mb-1 text-sm font-semibold text-slate-800">Thumbnail</p>
        <SafeImage
          src={thumb}
          alt="Thumbnail preview"
          className="aspect-video w-48 rounded-lg border border-slate-200"
          missingText="No Thumbnail"
          sizes="12rem"
        />
      </div>

      <AudienceFields
        form={form}
        audiences={GALLERY_AUDIENCES}
        branches={branches}
        programmes={programmes}
        note="Not on the public website. Tag children in the photos once the gallery is saved."
      />
      {refused && <ConsentRefusal {...refused} />}

      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" {...form.register('published')} className="h-4 w-4" />
        Publish immediately
      </label>

      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending || upload.uploading}>
          {save.isPending ? 'Saving…' : gallery ? 'Update Gallery' : 'Create Gallery'}
        </Button>
      </div>
    </form>
  );
}
