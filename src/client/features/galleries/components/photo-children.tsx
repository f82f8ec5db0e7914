import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { MAX_LIST_LIMIT } from '../../../../shared/schemas/list-query.ts';
import type { ConsentProblem, Gallery } from '../../../../shared/schemas/gallery.ts';
import { useFamiliesList } from '../../families/api/families.ts';
import { useSetPhotoTags } from '../api/galleries.ts';

/** What a refusal says: the server's message, and each child with the photos concerned. */
function problemsOf(err: unknown): { message: string; problems: ConsentProblem[] } {
  if (!(err instanceof ApiError)) return { message: 'Saving the children failed.', problems: [] };
  const body = err.body as { problems?: ConsentProblem[] } | undefined;
  return { message: err.message, problems: body?.problems ?? [] };
}

/** A 409 of the server, shown as it comes: its message and each child with what is missing. */
export function ConsentRefusal({ message, problems }: { message: string; problems: ConsentProblem[] }) {
  return (
    <div role="alert" className="mt-2 rounded-lg border border-red-200 bg-red-50 p-2 text-sm text-red-800">
      <p>{message}</p>
      {problems.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {problems.map((p) => (
            <li key={p.child.id}>
              {p.child.name}:{' '}
              {p.noImages ? 'no images anywhere' : `no consent for ${p.needs === 'website' ? 'the website' : 'families'}`} (
              {p.photos.length} photo{p.photos.length === 1 ? '' : 's'})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The children of the gallery's group (issue 32), read from the families list. */
function useGroupChildren(gallery: Gallery) {
  const branch =
    gallery.audience === 'branch' || gallery.audience === 'programme' ? (gallery.audienceBranch ?? undefined) : undefined;
  const programme = gallery.audience === 'programme' ? (gallery.audienceProgramme ?? undefined) : undefined;
  const list = useFamiliesList({ limit: MAX_LIST_LIMIT, branch, programme });
  const children = (list.data?.data ?? [])
    .flatMap((f) => f.children)
    .filter((c) => (branch === undefined || c.branch === branch) && (programme === undefined || c.programme === programme));
  return { children, isError: list.isError, isLoading: list.isLoading };
}

/**
 * "Children in this photo": a saved gallery's photo, its children picked from the gallery's group.
 * Saved at once; on a published gallery the server refuses a child whose consent does not allow
 * the audience, and the refusal is shown as it comes.
 */
export function PhotoChildren({ gallery, photo, index }: { gallery: Gallery; photo: string; index: number }) {
  const group = useGroupChildren(gallery);
  const save = useSetPhotoTags(gallery.id);
  const [refusal, setRefusal] = useState<{ message: string; problems: ConsentProblem[] } | null>(null);
  const tagged = new Set((gallery.tags ?? []).filter((t) => t.photo === photo).map((t) => t.child.id));

  const toggle = async (childId: number, on: boolean) => {
    const next = on ? [...tagged, childId] : [...tagged].filter((id) => id !== childId);
    setRefusal(null);
    try {
      await save.mutateAsync({ photo, children: next });
    } catch (err) {
      setRefusal(problemsOf(err));
    }
  };

  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-semibold text-slate-800">Children in photo {index + 1}</legend>
      {group.isError ? (
        <p className="text-xs text-slate-600">The families list could not be read (it needs the Families module).</p>
      ) : group.isLoading ? (
        <p className="text-xs text-slate-600">Loading the children…</p>
      ) : group.children.length === 0 ? (
        <p className="text-xs text-slate-600">No children in this gallery’s group.</p>
      ) : (
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {group.children.map((c) => (
            <label key={c.id} className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={tagged.has(c.id)}
                disabled={save.isPending}
                onChange={(e) => void toggle(c.id, e.target.checked)}
              />
              {`${c.firstName} ${c.lastName}`.trim()}
            </label>
          ))}
        </div>
      )}
      {refusal && <ConsentRefusal {...refusal} />}
    </fieldset>
  );
}
