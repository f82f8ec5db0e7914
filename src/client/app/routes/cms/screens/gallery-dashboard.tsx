import { Pencil, Plus, Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { CounterTiles } from '#client/components/cms/counter-tiles.tsx';
import { ListPager } from '#client/components/cms/list-pager.tsx';
import { SearchBox } from '#client/components/cms/search-box.tsx';
import { NativeSelect } from '#client/components/ui/input.tsx';
import { useListParams, usePageInRange } from '#client/lib/use-list-params.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { useCan } from '../../../../features/auth/hooks/use-can.ts';
import { useDeleteGallery, useGalleriesList, useGallery, useHiddenPhotos } from '../../../../features/galleries/api/galleries.ts';
import { HiddenPhotos } from '../../../../features/galleries/components/hidden-photos.tsx';
import { GalleryForm } from '../../../../features/galleries/components/gallery-form.tsx';
import { ConfirmDialog } from '../../../../features/media/components/confirm-dialog.tsx';
import { SafeImage } from '../../../../features/media/components/safe-image.tsx';
import { GALLERY_STATES, type GallerySummary } from '../../../../../shared/schemas/gallery.ts';

const PAGE_SIZE = 20;

/** The form for a new gallery, or for `id` once its images are read. */
function GalleryFormFor({ id, onDone }: { id: number | null; onDone: () => void }) {
  const gallery = useGallery(id);
  if (id === null) return <GalleryForm gallery={null} onDone={onDone} />;
  if (gallery.isError) return <p className="text-red-700">Failed to load the gallery.</p>;
  if (!gallery.data) return <p className="text-slate-600">Loading...</p>;
  return <GalleryForm gallery={gallery.data} onDone={onDone} />;
}

/**
 * §2 Gallery dashboard, at /cms/gallery since /cms is the overview (issue 31): five counters, Add Gallery/Cancel, the form and 'Existing Galleries',
 * one page at a time, searched and filtered by the server (DESIGN §10).
 */
export default function GalleryDashboardScreen() {
  const canWrite = useCan('gallery', 'write');
  const canDelete = useCan('gallery', 'delete');
  const hidden = useHiddenPhotos(useCan('families', 'read'));
  const list = useListParams({ status: GALLERY_STATES }, PAGE_SIZE);
  const { data, isPending, isError, isPlaceholderData } = useGalleriesList({
    limit: PAGE_SIZE,
    offset: list.offset,
    q: list.q || undefined,
    status: list.filters.status || undefined,
  });
  usePageInRange(list, data?.total, PAGE_SIZE, isPlaceholderData);
  const galleries = data?.data ?? [];
  const remove = useDeleteGallery();
  const [form, setForm] = useState<{ id: number | null } | null>(null);
  const [confirm, setConfirm] = useState<GallerySummary | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (form) formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [form]);

  const doDelete = async () => {
    if (!confirm) return;
    try {
      await remove.mutateAsync(confirm.id);
      toast.success('Gallery deleted');
      if (form?.id === confirm.id) setForm(null);
    } catch (err) {
      toast.error((err as Error).message || 'Something went wrong while deleting the gallery');
    } finally {
      setConfirm(null);
    }
  };

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Gallery dashboard</h1>
        {canWrite && (
          <Button variant={form ? 'secondary' : 'primary'} onClick={() => setForm(form ? null : { id: null })}>
            {form ? <X className="h-4 w-4" aria-hidden="true" /> : <Plus className="h-4 w-4" aria-hidden="true" />}
            {form ? 'Cancel' : 'Add Gallery'}
          </Button>
        )}
      </div>

      <CounterTiles
        className="mt-6 grid-cols-2 sm:grid-cols-3 lg:grid-cols-5"
        counters={[
          ['Total Galleries', data?.counts.total],
          ['Total Images', data?.counts.images],
          ['Total Videos', data?.counts.videos],
          ['Published', data?.counts.published],
          ['Drafts', data?.counts.drafts],
        ]}
      />

      <HiddenPhotos photos={hidden.data ?? []} onOpen={(id) => setForm({ id })} />

      {form && (
        <div ref={formRef} className="mt-6 scroll-mt-20">
          <GalleryFormFor key={form.id ?? 'new'} id={form.id} onDone={() => setForm(null)} />
        </div>
      )}

      <section className="mt-8" aria-labelledby="existing-heading">
        <h2 id="existing-heading" className="text-lg font-bold text-slate-900">
          Existing Galleries{data ? ` (${data.total.toLocaleString('en-US')})` : ''}
        </h2>
        <div className="mt-3 flex flex-col gap-3 sm:flex-row">
          <SearchBox
            className="flex-1"
            label="Search galleries"
            placeholder="Search galleries..."
            value={list.q}
            onSearch={list.setSearch}
          />
          <NativeSelect
            aria-label="Filter by state"
            className="sm:w-44"
            value={list.filters.status}
            onChange={(e) => list.setFilter('status', e.target.value)}
          >
            <option value="">All galleries</option>
            <option value="published">Published</option>
            <option value="draft">Drafts</option>
          </NativeSelect>
        </div>
        {isPending && <p className="mt-3 text-slate-600">Loading...</p>}
        {isError && <p className="mt-3 text-red-700">Failed to load galleries.</p>}
        {data && galleries.length === 0 && (
          <div className="mt-3 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            {list.filtered ? (
              <>
                <p className="font-semibold text-slate-900">No galleries found</p>
                <p className="mt-1 text-sm">Try adjusting your search or filter</p>
              </>
            ) : (
              <p>No galleries yet. Create your first gallery!</p>
            )}
          </div>
        )}
        <ul
          className={`mt-3 space-y-3 ${isPlaceholderData ? 'opacity-60' : ''}`}
          aria-label="Galleries"
          aria-busy={isPlaceholderData || undefined}
        >
          {galleries.map((g, i) => (
            <li
              key={g.id}
              className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center"
            >
              <SafeImage
                src={g.thumbnail}
                alt=""
                className="aspect-video w-full shrink-0 rounded-xl sm:w-40"
                missingText="No Thumbnail"
                sizes="10rem"
                eager={i === 0}
              />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-semibold break-words text-slate-900">{g.title}</h3>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${g.published ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'}`}
                  >
                    {g.published ? 'Published' : 'Draft'}
                  </span>
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
                    {g.type === 'images'
                      ? `${g.image_count} image${g.image_count === 1 ? '' : 's'}`
                      : g.videoType === 'vimeo'
                        ? 'Vimeo'
                        : 'YouTube'}
                  </span>
                </div>
                {g.description && <p className="mt-1 line-clamp-2 text-sm text-slate-700">{g.description}</p>}
              </div>
              <div className="flex shrink-0 gap-1">
                {canWrite && (
                  <Button variant="secondary" size="sm" onClick={() => setForm({ id: g.id })} aria-label={`Edit ${g.title}`}>
                    <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
                  </Button>
                )}
                {canDelete && (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-700"
                    onClick={() => setConfirm(g)}
                    aria-label={`Delete ${g.title}`}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
        {data && (
          <ListPager
            label="Galleries pages"
            page={list.page}
            pageSize={PAGE_SIZE}
            total={data.total}
            busy={isPlaceholderData}
            onPage={list.setPage}
          />
        )}
      </section>
      <ConfirmDialog
        open={!!confirm}
        message="Delete this gallery?"
        pending={remove.isPending}
        onConfirm={doDelete}
        onCancel={() => setConfirm(null)}
      />
    </div>
  );
}
