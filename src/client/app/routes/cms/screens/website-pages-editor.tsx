import { ArrowLeft, History, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useFormState } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { LazyRichTextEditor } from '#client/features/posts/components/lazy-rich-text-editor.tsx';
import { toast } from 'sonner';
import { AlertDialog } from '#client/components/ui/alert-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useCan } from '#client/features/auth/hooks/use-can.ts';
import { useSchoolTimezone } from '#client/features/school/api/school.ts';
import { PreviewDialog } from '#client/features/website/components/preview-dialog.tsx';
import { useLeaveWarning } from '#client/features/website/hooks/use-leave-warning.ts';
import { whenIn } from '#client/features/website/lib/when.ts';
import { useRestorePageVersion } from '#client/features/website-pages/api/page-versions.ts';
import {
  pagePreviewUrl,
  useCreatePage,
  useDeletePage,
  usePage,
  usePublishPage,
  useSaveDraft,
  useUnpublishPage,
} from '#client/features/website-pages/api/pages.ts';
import { PageFields, type BodyEditor } from '#client/features/website-pages/components/page-fields.tsx';
import { PageHistoryDialog } from '#client/features/website-pages/components/page-history-dialog.tsx';
import { PageActionBar } from '#client/features/website-pages/components/page-action-bar.tsx';
import { PageStatus, someone } from '#client/features/website-pages/components/page-state.tsx';
import { showServerErrors, useZodForm } from '#client/lib/zod-form.ts';
import { SitePageContentSchema, type SitePage, type SitePageContent } from '#shared/schemas/site-page.ts';

const Editor: BodyEditor = (props) => <LazyRichTextEditor {...props} />;

const LIST = '/cms/website/pages';
const EMPTY: SitePageContent = { title: '', slug: '', body: '', placement: 'none' };

/** Website > Pages > a page: /cms/website/pages/new, or /cms/website/pages/12. */
export default function WebsitePageEditorScreen() {
  const { id } = useParams();
  const numeric = id === 'new' ? null : Number(id);
  const page = usePage(numeric !== null && Number.isSafeInteger(numeric) && numeric > 0 ? numeric : null);
  const timeZone = useSchoolTimezone();
  let body;
  if (id !== 'new' && (!Number.isSafeInteger(numeric) || page.error)) {
    body = (
      <p role="alert" className="mt-4 text-red-700">
        {page.error ? `Could not load the page: ${page.error.message}` : 'There is no such page.'}
      </p>
    );
  } else if ((id !== 'new' && !page.data) || !timeZone) {
    body = (
      <p role="status" className="mt-4 text-slate-600">
        Loading...
      </p>
    );
  } else {
    // A new form for each page: nothing typed for one is offered to another.
    body = <PageEditor key={page.data?.id ?? 'new'} page={id === 'new' ? null : page.data!} when={whenIn(timeZone)} />;
  }
  return (
    <div className="mx-auto max-w-4xl">
      <Link to={LIST} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Pages
      </Link>
      {body}
    </div>
  );
}

type Confirm = 'delete' | null;

function PageEditor({ page, when }: { page: SitePage | null; when: (iso: string | null) => string }) {
  const navigate = useNavigate();
  const canWrite = useCan('website', 'write');
  const canDelete = useCan('website', 'delete');
  const form = useZodForm(SitePageContentSchema, { defaultValues: page ? (page.draft ?? page.published)! : EMPTY });
  const id = page?.id ?? 0;
  const create = useCreatePage();
  const saveDraft = useSaveDraft(id);
  const publish = usePublishPage(id);
  const unpublish = useUnpublishPage(id);
  const remove = useDeletePage();
  const restore = useRestorePageVersion(id);
  const [previewing, setPreviewing] = useState(false);
  const [history, setHistory] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const busy = create.isPending || saveDraft.isPending || publish.isPending || unpublish.isPending || remove.isPending;

  /** The server's answer is what the form holds now. */
  const took = (saved: SitePage) => {
    form.reset((saved.draft ?? saved.published)!);
    return saved;
  };
  const failed = (error: unknown, fallback: string) => toast.error(showServerErrors(form, error) ?? fallback);
  const invalid = () => toast.error('Some fields need your attention: see the messages in red.');

  /** Saves the form as the draft (a new page is created first, and the address becomes its own). */
  const save = async (values: SitePageContent): Promise<SitePage> => {
    if (!page) {
      const made = took(await create.mutateAsync(values));
      void navigate(`${LIST}/${made.id}`, { replace: true });
      return made;
    }
    if (!form.formState.isDirty && page.draft) return page;
    return took(await saveDraft.mutateAsync(values));
  };

  const onSave = form.handleSubmit(async (values) => {
    try {
      await save(values);
      toast.success('Draft saved. Parents see it once you publish.');
    } catch (error) {
      failed(error, 'The draft was not saved.');
    }
  }, invalid);

  const onPreview = form.handleSubmit(async (values) => {
    try {
      if (canWrite && (!page || form.formState.isDirty)) await save(values);
      setPreviewing(true);
    } catch (error) {
      failed(error, 'The draft was not saved, so it cannot be previewed.');
    }
  }, invalid);

  const onPublish = form.handleSubmit(async (values) => {
    try {
      took(await publish.mutateAsync(values));
      toast.success(`Published: parents can read it at /${values.slug}.`);
    } catch (error) {
      failed(error, 'The page was not published.');
    }
  }, invalid);

  const onUnpublish = async () => {
    try {
      took(await unpublish.mutateAsync());
      toast.success('The page is off the site. It is kept as a draft.');
    } catch (error) {
      toast.error((error as Error).message);
    }
  };

  const onDelete = async () => {
    try {
      await remove.mutateAsync(id);
      form.reset(form.getValues());
      toast.success('Page deleted.');
      void navigate(LIST);
    } catch (error) {
      toast.error((error as Error).message);
    }
    setConfirm(null);
  };

  const onRestore = async (versionId: number) => {
    try {
      took(await restore.mutateAsync(versionId));
      toast.success('Version restored: parents read it now.');
    } catch (error) {
      toast.error((error as Error).message);
      throw error;
    }
  };

  const title = page ? (page.draft ?? page.published)!.title : 'New page';
  const stamp = page ? (page.draftAt ?? page.publishedAt ?? page.updatedAt) : '';
  const byline = (v: { publishedAt: string | null; publishedBy: string | null }) =>
    `Published by ${someone(v.publishedBy)} ${when(v.publishedAt)}`;
  return (
    <FormProvider {...form}>
      <div className="mt-2 mb-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words text-slate-900">{title}</h1>
          {page ? (
            <PageStatus page={page} when={when} />
          ) : (
            <p className="mt-1 text-sm text-slate-600">A page of your own, saved as a draft until you publish it.</p>
          )}
        </div>
        {page && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setHistory(true)}>
              <History className="h-4 w-4" aria-hidden="true" /> History
            </Button>
            {canWrite && page.published && (
              <Button variant="secondary" size="sm" onClick={() => void onUnpublish()} disabled={busy}>
                Unpublish
              </Button>
            )}
            {canDelete && (
              <Button variant="secondary" size="sm" onClick={() => setConfirm('delete')} disabled={busy}>
                <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
              </Button>
            )}
          </div>
        )}
      </div>
      <form
        onSubmit={onSave}
        noValidate
        aria-label={`Page: ${title}`}
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <fieldset disabled={!canWrite} className="min-w-0">
          {!canWrite && (
            <p className="mb-4 text-sm text-slate-700">
              You can read this page; changing it needs the “Website: write” permission.
            </p>
          )}
          <PageFields Editor={Editor} followTitle={!page?.published} />
        </fieldset>
        <PageActionBar page={page} canWrite={canWrite} busy={busy} onPreview={onPreview} onPublish={onPublish} />
      </form>
      <LeaveWarning />
      {page && (
        <>
          <PreviewDialog
            open={previewing}
            onClose={() => setPreviewing(false)}
            src={pagePreviewUrl(page.id, stamp)}
            pageTitle={title}
          />
          <PageHistoryDialog
            pageId={page.id}
            open={history}
            onClose={() => setHistory(false)}
            published={page.published}
            byline={byline}
            canWrite={canWrite}
            restoring={restore.isPending}
            onRestore={onRestore}
          />
          <AlertDialog
            open={confirm === 'delete'}
            onOpenChange={(o) => !o && setConfirm(null)}
            title={`Delete “${title}”?`}
            description={`${page.published ? `Parents can no longer read it at /${page.slug}. ` : ''}The page and its history are deleted for good.`}
            confirmLabel="Delete the page"
            pending={remove.isPending}
            onConfirm={() => void onDelete()}
          />
        </>
      )}
    </FormProvider>
  );
}

/** Asks before a link leaves the editor with unsaved changes. */
function LeaveWarning() {
  const { isDirty, isSubmitting } = useFormState();
  const { pending, stay } = useLeaveWarning(isDirty && !isSubmitting);
  const navigate = useNavigate();
  const leave = () => {
    const to = pending!;
    stay();
    void navigate(to);
  };
  return (
    <AlertDialog
      open={pending !== null}
      onOpenChange={(o) => !o && stay()}
      title="Leave without saving?"
      description="Your changes to this page are not saved. Stay to save them as a draft, or leave and lose them."
      confirmLabel="Leave and lose the changes"
      onConfirm={leave}
    />
  );
}
