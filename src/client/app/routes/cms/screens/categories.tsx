import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ListPager } from '#client/components/cms/list-pager.tsx';
import { SearchBox } from '#client/components/cms/search-box.tsx';
import { useListParams, usePageInRange } from '#client/lib/use-list-params.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { useCan } from '../../../../features/auth/hooks/use-can.ts';
import { useCategoriesList, useDeleteCategory, useSaveCategory } from '../../../../features/categories/api/categories.ts';
import { DeleteCategoryDialog } from '../../../../features/categories/components/delete-category-dialog.tsx';
import { errorAt, showServerErrors, useZodForm } from '#client/lib/zod-form.ts';
import { CategoryInputSchema, type Category } from '#shared/schemas/category.ts';

const PAGE_SIZE = 20;

/** §2 Category management: 'Manage Categories', Add/Update, rows with Edit and Delete; paged and searched. */
export default function CategoriesScreen() {
  const list = useListParams({}, PAGE_SIZE);
  const { data, isPending, isError, isPlaceholderData } = useCategoriesList({
    limit: PAGE_SIZE,
    offset: list.offset,
    q: list.q || undefined,
  });
  usePageInRange(list, data?.total, PAGE_SIZE, isPlaceholderData);
  const categories = data?.data ?? [];
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const canWrite = useCan('settings', 'write');
  const canDelete = useCan('settings', 'delete');
  const form = useZodForm(CategoryInputSchema, { defaultValues: { name: '' } });
  const [editing, setEditing] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<Category | null>(null);
  const [deleteError, setDeleteError] = useState<string>();
  /** Back to 'New category name' (none), or to editing one category. */
  const edit = (category: { id: number; name: string } | null) => {
    setEditing(category?.id ?? null);
    form.reset({ name: category?.name ?? '' });
  };

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await save.mutateAsync({ id: editing, name });
      toast.success(editing === null ? 'Category added' : 'Category updated');
      edit(null);
    } catch (err) {
      showServerErrors(form, err, 'name');
    }
  });

  const ask = (category: Category | null) => {
    setDeleteError(undefined);
    setConfirm(category);
  };
  const doDelete = async (moveTo?: number) => {
    if (!confirm) return;
    try {
      const { moved } = await remove.mutateAsync({ id: confirm.id, moveTo });
      const target = moveTo && moved ? ` and its ${moved} event${moved === 1 ? '' : 's'} moved` : '';
      toast.success(`Category deleted${target}`);
      if (editing === confirm.id) edit(null);
      ask(null);
    } catch (err) {
      // Said in the dialog, which stays open: an event added meanwhile, say, or the target gone.
      setDeleteError((err as Error).message);
    }
  };

  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold text-slate-900">Manage Categories</h1>
      <p className="mt-1 text-sm text-slate-600">Every event belongs to one of these categories.</p>
      {canWrite && (
        <form
          onSubmit={submit}
          className="mt-6 flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start"
          noValidate
        >
          <div className="flex-1">
            <Field
              label={editing === null ? 'New category name' : 'Category name'}
              {...form.register('name')}
              maxLength={60}
              required
              error={errorAt(form, 'name')}
              placeholder="e.g. Workshop"
            />
          </div>
          <div className="flex gap-2 sm:pt-6">
            <Button type="submit" disabled={save.isPending}>
              {editing === null ? 'Add' : 'Update'}
            </Button>
            {editing !== null && (
              <Button variant="secondary" onClick={() => edit(null)}>
                Cancel
              </Button>
            )}
          </div>
        </form>
      )}

      <section className="mt-6" aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="text-lg font-semibold text-slate-900">
          Categories{data ? ` (${data.total.toLocaleString('en-US')})` : ''}
        </h2>
        {(data?.counts.total ?? 0) > PAGE_SIZE || list.q ? (
          <SearchBox
            className="mt-3"
            label="Search categories"
            placeholder="Search categories..."
            value={list.q}
            onSearch={list.setSearch}
          />
        ) : null}
        {isPending && <p className="mt-3 text-sm text-slate-600">Loading...</p>}
        {isError && <p className="mt-3 text-sm text-red-700">Failed to load categories.</p>}
        {data && categories.length === 0 && (
          <p className="mt-3 text-sm text-slate-600">
            {list.q ? 'No categories match this search.' : 'No categories yet. Add the first one above.'}
          </p>
        )}
        <ul
          className={`mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white empty:hidden ${isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={isPlaceholderData || undefined}
        >
          {categories.map((c) => (
            <li key={c.id} className="flex items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{c.name}</p>
                <p className="text-xs text-slate-600">
                  {c.event_count} event{c.event_count === 1 ? '' : 's'}
                </p>
              </div>
              <div className="flex shrink-0 gap-1">
                {canWrite && (
                  <Button variant="ghost" size="sm" aria-label={`Edit ${c.name}`} onClick={() => edit(c)}>
                    <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
                  </Button>
                )}
                {canDelete && (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-700"
                    aria-label={`Delete ${c.name}`}
                    onClick={() => ask(c)}
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
            label="Categories pages"
            page={list.page}
            pageSize={PAGE_SIZE}
            total={data.total}
            busy={isPlaceholderData}
            onPage={list.setPage}
          />
        )}
      </section>
      <DeleteCategoryDialog
        category={confirm}
        pending={remove.isPending}
        error={deleteError}
        onConfirm={(moveTo) => void doDelete(moveTo)}
        onCancel={() => ask(null)}
      />
    </div>
  );
}
