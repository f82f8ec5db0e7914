import { useEffect } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorAt, showServerErrors, useZodForm } from '../../../lib/zod-form.ts';
import { BodyPhotoFormSchema, type BodyPhotoFormValues } from '../../../../shared/schemas/media.ts';
import { useImageUpload } from '../../media/api/upload-images.ts';
import { UploadProgress } from '../../media/components/upload-progress.tsx';
import type { BodyPhotoAttributes } from './body-photo.ts';

const EMPTY: BodyPhotoFormValues = { file: null, inText: false, alt: '' };

/**
 * Puts a photo in the text, or changes the alt text of the one selected (`current`). The file is
 * uploaded through the media pipeline (resized, metadata stripped) before it is placed.
 */
export function BodyPhotoDialog({
  open,
  onOpenChange,
  current,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: BodyPhotoAttributes | null;
  onDone: (photo: BodyPhotoAttributes) => void;
}) {
  const form = useZodForm(BodyPhotoFormSchema, { defaultValues: EMPTY });
  const { upload, progress, uploading } = useImageUpload('cover');
  useEffect(() => {
    if (open) form.reset(current ? { file: null, inText: true, alt: current.alt } : EMPTY);
  }, [open, current, form]);

  const submit = form.handleSubmit(async ({ file, alt }) => {
    try {
      if (file) {
        const [stored] = await upload([file]);
        onDone({ src: stored!.url, alt, width: stored!.width, height: stored!.height });
      } else if (current) onDone({ ...current, alt });
      onOpenChange(false);
    } catch (error) {
      showServerErrors(form, error, 'file');
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={current ? 'Photo' : 'Add a photo'}>
      <form
        onSubmit={(e) => {
          // Portalled, but React still bubbles the submit to the form around the editor.
          e.stopPropagation();
          void submit(e);
        }}
        noValidate
        className="space-y-4"
      >
        <Field
          label={current ? 'Replace the photo (optional)' : 'Photo'}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          error={errorAt(form, 'file')}
          hint="JPEG, PNG, GIF or WebP, at most 10 MB. Location and camera details are removed."
          onChange={(e) => form.setValue('file', e.target.files?.[0] ?? null, { shouldValidate: true })}
        />
        <Field
          label="Alt text"
          {...form.register('alt')}
          error={errorAt(form, 'alt')}
          hint="What the photo shows, for parents who use a screen reader: “Children planting beans in the garden”."
        />
        <UploadProgress value={progress} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={uploading}>
            Cancel
          </Button>
          <Button type="submit" disabled={uploading}>
            {current ? 'Save' : 'Add the photo'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
