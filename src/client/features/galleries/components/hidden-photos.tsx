import { EyeOff } from 'lucide-react';
import type { HiddenPhoto } from '../../../../shared/schemas/hidden-photo.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SafeImage } from '../../media/components/safe-image.tsx';

const why = (h: HiddenPhoto) =>
  h.noImages
    ? '“No images anywhere”'
    : h.needs === 'website'
      ? 'no consent for the public website'
      : 'no consent for the family area';

/**
 * Photos hidden from their gallery's audience because a tagged child's consent no longer allows it
 * (issue 32): one line per photo, with the children concerned, and a way to the gallery, where
 * staff untag the child, remove the photo or narrow the audience. Nothing is drawn when none is.
 */
export function HiddenPhotos({ photos, onOpen }: { photos: HiddenPhoto[]; onOpen: (galleryId: number) => void }) {
  if (photos.length === 0) return null;
  const byPhoto = new Map<string, HiddenPhoto[]>();
  for (const h of photos) {
    const key = `${h.galleryId} ${h.photo}`;
    byPhoto.set(key, [...(byPhoto.get(key) ?? []), h]);
  }
  const count = byPhoto.size;
  return (
    <section aria-labelledby="hidden-photos-heading" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="hidden-photos-heading" className="flex items-center gap-2 text-base font-bold text-amber-900">
        <EyeOff className="h-5 w-5" aria-hidden="true" />
        {count} photo{count === 1 ? ' is' : 's are'} hidden from {count === 1 ? 'its' : 'their'} audience
      </h2>
      <p className="mt-1 text-sm text-amber-900">
        A parent withdrew consent for a child tagged in {count === 1 ? 'it' : 'them'}. Nobody outside the staff sees{' '}
        {count === 1 ? 'it' : 'them'} now. Untag the child, remove the photo, or choose a narrower audience.
      </p>
      <ul className="mt-3 flex flex-col gap-2">
        {[...byPhoto.values()].map((rows) => {
          const first = rows[0]!;
          return (
            <li key={`${first.galleryId} ${first.photo}`} className="flex items-center gap-3 rounded-lg bg-white p-2">
              <SafeImage src={first.photo} alt="" sizes="64px" className="h-12 w-16 shrink-0 rounded object-cover" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-semibold text-slate-900">{first.galleryTitle}</p>
                <p className="text-slate-700">{rows.map((h) => `${h.child.name} (${why(h)})`).join(', ')}</p>
              </div>
              <Button variant="secondary" size="sm" onClick={() => onOpen(first.galleryId)}>
                Open gallery<span className="sr-only"> {first.galleryTitle}</span>
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
