import { Pencil, Plus, Trash2, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button.tsx';
import { useCan, usePermissions } from '../../../../features/auth/hooks/use-can.ts';
import { useDeleteGallery, useGalleries } from '../../../../features/galleries/api/galleries.ts';
import { GalleryForm } from '../../../../features/galleries/components/gallery-form.tsx';
import { ConfirmDialog } from '../../../../features/media/components/confirm-dialog.tsx';
import { SafeImage } from '../../../../features/media/components/safe-image.tsx';
import type { Gallery } from '../../../../../shared/schemas/gallery.ts';
import { ADMIN_MENU, MAIN_MENU, visibleMenu } from '../shell/menu.ts';

/**
 * /cms: the gallery dashboard for those who may read galleries; anyone else goes to the first
 * screen they may open (a blog writer to the blog), or reads that their account has no access yet.
 */
export default function CmsHomeScreen() {
  const can = usePermissions();
  if (can('gallery', 'read')) return <GalleryDashboardScreen />;
  const first = visibleMenu([...MAIN_MENU, ...ADMIN_MENU], (m) => can(m, 'read'))[0];
  const href = first?.submenu?.[0]?.href ?? first?.href;
  if (href && href !== '/cms') return <Navigate to={href} replace />;
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-extrabold text-slate-900">Welcome</h1>
      <p className="mt-2 text-slate-700">Your account has no access to the back office yet. Ask an administrator.</p>
    </section>
  );
}

/** §2 Gallery dashboard at /cms: five counters, Add Gallery/Cancel, the form and 'Existing Galleries'. */
function GalleryDashboardScreen() {
  const { data: galleries = [], isLoading, isError, error } = useGalleries();
  const canWrite = useCan('gallery', 'write');
  const canDelete = useCan('gallery', 'delete');
  const remove = useDeleteGallery();
  const [form, setForm] = useState<{ gallery: Gallery | null } | null>(null);
  const [confirm, setConfirm] = useState<Gallery | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (form) formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [form]);

  const stats = useMemo(
    () =>
      [
        ['Total Galleries', galleries.length],
        ['Total Images', galleries.filter((g) => g.type === 'images').reduce((n, g) => n + g.images.length, 0)],
        ['Total Videos', galleries.filter((g) => g.type === 'video').length],
        ['Published', galleries.filter((g) => g.published).length],
        ['Drafts', galleries.filter((g) => !g.published).length],
      ] as const,
    [galleries],
  );

  const doDelete = async () => {
    if (!confirm) return;
    try {
      await remove.mutateAsync(confirm.id);
      toast.success('Gallery deleted');
      if (form?.gallery?.id === confirm.id) setForm(null);
    } catch (err) {
      toast.error((err as Error).message || 'Something went wrong while deleting the gallery');
    } finally {
      setConfirm(null);
    }
  };

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
        {canWrite && (
          <Button variant={form ? 'secondary' : 'primary'} onClick={() => setForm(form ? null : { gallery: null })}>
            {form ? <X className="h-4 w-4" aria-hidden="true" /> : <Plus className="h-4 w-4" aria-hidden="true" />}
            {form ? 'Cancel' : 'Add Gallery'}
          </Button>
        )}
      </div>

      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {stats.map(([label, value]) => (
          <div key={label} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      {form && (
        <div ref={formRef} className="mt-6 scroll-mt-20">
          <GalleryForm key={form.gallery?.id ?? 'new'} gallery={form.gallery} onDone={() => setForm(null)} />
        </div>
      )}

      <section className="mt-8" aria-labelledby="existing-heading">
        <h2 id="existing-heading" className="text-lg font-bold text-slate-900">
          Existing Galleries ({galleries.length})
        </h2>
        {isLoading && <p className="mt-3 text-slate-600">Loading...</p>}
        {isError && (
          <p role="alert" className="mt-3 text-red-700">
            {error?.message || 'Failed to load galleries.'}
          </p>
        )}
        {!isLoading && !isError && galleries.length === 0 && (
          <p className="mt-3 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            No galleries yet. Create your first gallery!
          </p>
        )}
        <ul className="mt-3 space-y-3">
          {galleries.map((g) => (
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
                      ? `${g.images.length} image${g.images.length === 1 ? '' : 's'}`
                      : g.videoType === 'vimeo'
                        ? 'Vimeo'
                        : 'YouTube'}
                  </span>
                </div>
                {g.description && <p className="mt-1 line-clamp-2 text-sm text-slate-700">{g.description}</p>}
              </div>
              <div className="flex shrink-0 gap-1">
                {canWrite && (
                  <Button variant="secondary" size="sm" onClick={() => setForm({ gallery: g })} aria-label={`Edit ${g.title}`}>
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
