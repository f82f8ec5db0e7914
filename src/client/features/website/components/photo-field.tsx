import { ImagePlus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { useImageUpload } from '#client/features/media/api/upload-images.ts';
import { SafeImage } from '#client/features/media/components/safe-image.tsx';
import { UploadProgress } from '#client/features/media/components/upload-progress.tsx';
import { CheckboxInput, TextInput, useFieldError } from './form-fields.tsx';

/**
 * A photo of the school (SitePhotoSchema, or null for the drawing): uploaded through the media
 * pipeline (WebP variants, metadata and GPS stripped), shown as a thumbnail, with its alt text or
 * marked decorative, and removable.
 */
export function PhotoField({ name, label, emptyText }: { name: string; label: string; emptyText: string }) {
  const { setValue, setFocus } = useFormContext();
  const url = useWatch({ name: `${name}.url` }) as string | undefined;
  const { upload, progress, uploading } = useImageUpload('cover');
  const [uploadError, setUploadError] = useState<string | null>(null);
  const fieldError = useFieldError(`${name}.url`);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const error = uploadError ?? fieldError;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    try {
      const [image] = await upload([file]);
      setValue(name, { url: image!.url, alt: '', decorative: false }, { shouldDirty: true });
      // What the photo shows is the next thing to say.
      requestAnimationFrame(() => setFocus(`${name}.alt`));
    } catch (err) {
      setUploadError((err as Error).message);
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  const onRemove = () => {
    setValue(name, null, { shouldDirty: true });
    requestAnimationFrame(() => input.current?.focus());
  };

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="space-y-3">
      <p id={`${id}-label`} className="text-sm font-semibold text-slate-800">
        {label}
      </p>
      <div className="flex flex-wrap items-start gap-4">
        {url ? (
          <SafeImage src={url} alt="" sizes="160px" className="aspect-[4/3] w-40 rounded-lg border border-slate-200" />
        ) : (
          <p className="w-40 rounded-lg border border-dashed border-slate-300 p-3 text-xs text-slate-600">{emptyText}</p>
        )}
        <div className="space-y-2">
          <label
            htmlFor={`${id}-file`}
            className="inline-flex h-8 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
          >
            <ImagePlus className="h-4 w-4" aria-hidden="true" />
            {url ? 'Replace the photo' : 'Upload a photo'}
            <input
              ref={input}
              id={`${id}-file`}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              disabled={uploading}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              onChange={(e) => void onFile(e.target.files?.[0])}
              className="sr-only"
            />
          </label>
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            PNG, JPG, GIF or WebP up to 10 MB. Location and camera details are removed.
          </p>
          {url && (
            <Button variant="ghost" size="sm" onClick={onRemove}>
              <Trash2 className="h-4 w-4 text-red-700" aria-hidden="true" /> Remove the photo
            </Button>
          )}
          {error && (
            <p id={`${id}-error`} className="text-sm font-medium text-red-700">
              {error}
            </p>
          )}
          <UploadProgress value={progress} label="Uploading the photo" />
        </div>
      </div>
      {url && (
        <div className="space-y-3">
          <TextInput
            name={`${name}.alt`}
            label="Alt text (what the photo shows)"
            hint="Read aloud to people who cannot see it."
          />
          <CheckboxInput
            name={`${name}.decorative`}
            label="Decorative (no description needed)"
            hint="Only for a photo that adds nothing a visitor needs to know."
          />
        </div>
      )}
    </div>
  );
}
