import { Plus, Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { useProgrammes } from '#client/features/admissions/api/get-programmes.ts';
import { useCan } from '#client/features/auth/hooks/use-can.ts';
import { useDeleteFamily, useFamily, useSaveFamily } from '#client/features/families/api/families.ts';
import { ChildConsents } from '#client/features/families/components/child-consents.tsx';
import { FamilyPrivacyActions } from '#client/features/families/components/family-privacy-actions.tsx';
import { ConfirmDialog } from '#client/features/media/components/confirm-dialog.tsx';
import { useSchoolProfile } from '#client/features/school/api/school.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { errorAt, showServerErrors, useZodForm } from '#client/lib/zod-form.ts';
import { FamilyInputSchema, MAX_CHILDREN, MAX_CONTACTS, type Family } from '#shared/schemas/family.ts';
import type { ProgrammeOption } from '#shared/schemas/enquiry-options.ts';
import type { z } from 'zod';

type FamilyForm = z.input<typeof FamilyInputSchema>;

const NEW_CONTACT = { name: '', relation: '', email: '', phone: '', isPrimary: false };
const newChild = (branch: string) => ({
  firstName: '',
  lastName: '',
  birthDate: '',
  branch,
  programme: '',
  startDate: '',
  leavingDate: '',
});

/** The form's values of a saved family: every text a string, the rows' ids kept (an update names them). */
const fromFamily = (family: Family): FamilyForm => ({
  name: family.name,
  notes: family.notes ?? '',
  contacts: family.contacts.map((c) => ({
    id: c.id,
    name: c.name,
    relation: c.relation ?? '',
    email: c.email ?? '',
    phone: c.phone ?? '',
    isPrimary: c.isPrimary,
  })),
  children: family.children.map((c) => ({
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    birthDate: c.birthDate,
    branch: c.branch ?? '',
    programme: c.programme,
    startDate: c.startDate ?? '',
    leavingDate: c.leavingDate ?? '',
  })),
});

/** /cms/families/new and /cms/families/:id (issue 32): the family, its parents and children, and each child's consents. */
export default function FamilyScreen() {
  const { id } = useParams();
  // An address that is no family's id (`/cms/families/abc`) is a family not found, asked of no one.
  const familyId = id === undefined ? null : /^[1-9]\d{0,9}$/.test(id) ? Number(id) : -1;
  const existing = useFamily(familyId !== null && familyId > 0 ? familyId : null);
  const school = useSchoolProfile();
  // The programme select shows a child's programme only once its option is there: wait for the list.
  const programmes = useProgrammes();

  if (familyId === -1 || existing.isError) {
    const gone = familyId === -1 || (existing.error instanceof ApiError && existing.error.status === 404);
    return (
      <div className="mx-auto max-w-3xl text-center">
        <p role="alert" className="text-red-700">
          {gone ? 'This family was not found: it may have been deleted.' : 'Could not load the family. Please try again.'}
        </p>
        <Link to="/cms/families" className="mt-2 inline-block font-semibold text-brand-700 underline">
          Back to Families
        </Link>
      </div>
    );
  }
  if ((familyId !== null && !existing.data) || !school.data || programmes.isPending)
    return <p className="text-center text-slate-600">Loading...</p>;
  const family = familyId !== null ? existing.data! : null;
  return (
    <FamilyEditor
      key={family ? `${family.id}-${family.updatedAt}` : 'new'}
      family={family}
      branches={school.data.branches.map((b) => b.name)}
      programmes={programmes.data ?? []}
      timeZone={school.data.timezone}
    />
  );
}

function FamilyEditor({
  family,
  branches,
  programmes,
  timeZone,
}: {
  family: Family | null;
  branches: string[];
  programmes: ProgrammeOption[];
  timeZone: string;
}) {
  const navigate = useNavigate();
  const canWrite = useCan('families', 'write');
  const canDelete = useCan('families', 'delete');
  const save = useSaveFamily(family?.id ?? null);
  const remove = useDeleteFamily();
  const [confirming, setConfirming] = useState(false);
  const defaultBranch = branches.length === 1 ? branches[0]! : '';
  const form = useZodForm(FamilyInputSchema, {
    defaultValues: family
      ? fromFamily(family)
      : { name: '', notes: '', contacts: [{ ...NEW_CONTACT, isPrimary: true }], children: [newChild(defaultBranch)] },
  });
  const { register, control, setValue } = form;
  const contacts = useFieldArray({ control, name: 'contacts' });
  const kids = useFieldArray({ control, name: 'children' });
  const values = useWatch({ control }) as FamilyForm;
  const errorOf = (path: string) => errorAt(form, path);

  const submit = form.handleSubmit(
    async (input) => {
      try {
        const saved = await save.mutateAsync(input);
        toast.success(family ? 'Family saved' : 'Family added');
        if (!family) navigate(`/cms/families/${saved.id}`, { replace: true });
      } catch (error) {
        const unshown = showServerErrors(form, error);
        toast.error(unshown ?? 'Please fix the highlighted fields.');
      }
    },
    () => toast.error('Please fix the highlighted fields.'),
  );

  const doDelete = async () => {
    if (!family) return;
    try {
      await remove.mutateAsync(family.id);
      toast.success('Family deleted');
      navigate('/cms/families');
    } catch (error) {
      toast.error((error as Error).message || 'Could not delete the family.');
      setConfirming(false);
    }
  };

  /** One contact is the primary one: marking one unmarks the others. */
  const markPrimary = (index: number, checked: boolean) => {
    if (!checked) return;
    values.contacts?.forEach((_, i) => {
      if (i !== index) setValue(`contacts.${i}.isPrimary`, false, { shouldDirty: true });
    });
  };

  const textArea = (
    <div className="sm:col-span-2">
      <Label htmlFor="family-notes">Notes</Label>
      <textarea
        id="family-notes"
        rows={3}
        {...register('notes')}
        aria-invalid={Boolean(errorOf('notes')) || undefined}
        aria-describedby={errorOf('notes') ? 'family-notes-error' : undefined}
        className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base sm:text-sm"
      />
      {errorOf('notes') && (
        <p id="family-notes-error" className="mt-1 text-sm font-medium text-red-700">
          {errorOf('notes')}
        </p>
      )}
    </div>
  );

  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <form onSubmit={submit} className="space-y-8" noValidate aria-labelledby="family-title">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 id="family-title" className="text-2xl font-bold text-slate-900">
              {family ? family.name : 'Add family'}
            </h1>
            <p className="text-sm text-slate-600">
              {family?.enquiryId ? 'Made from an enrolled admission. ' : ''}Parents, children and their photo consents.
            </p>
          </div>
          {family && (
            <div className="flex flex-wrap gap-2">
              <FamilyPrivacyActions family={family} canExport={canWrite} canErase={canDelete} />
              {canDelete && (
                <Button variant="ghost" className="text-red-700" onClick={() => setConfirming(true)}>
                  <Trash2 size={16} aria-hidden="true" /> Delete family
                </Button>
              )}
            </div>
          )}
        </div>

        <fieldset disabled={!canWrite} className="space-y-8">
          <section className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6">
            <Field label="Family name" required error={errorOf('name')} {...register('name')} />
            {textArea}
          </section>

          <section className="space-y-4" aria-labelledby="contacts-heading">
            <div className="flex items-center justify-between">
              <h2 id="contacts-heading" className="text-lg font-bold text-slate-900">
                Parent contacts
              </h2>
              <Button
                variant="secondary"
                size="sm"
                disabled={contacts.fields.length >= MAX_CONTACTS}
                onClick={() => contacts.append({ ...NEW_CONTACT })}
              >
                <Plus size={16} aria-hidden="true" /> Add contact
              </Button>
            </div>
            {errorOf('contacts') && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {errorOf('contacts')}
              </p>
            )}
            {contacts.fields.map((field, i) => (
              <fieldset
                key={field.id}
                className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6"
              >
                <legend className="px-1 text-sm font-bold text-slate-700">Contact {i + 1}</legend>
                <Field label="Name" required error={errorOf(`contacts.${i}.name`)} {...register(`contacts.${i}.name`)} />
                <Field
                  label="Relation"
                  hint="e.g. Mother, Father, Guardian"
                  error={errorOf(`contacts.${i}.relation`)}
                  {...register(`contacts.${i}.relation`)}
                />
                <Field
                  label="E-mail"
                  type="email"
                  inputMode="email"
                  error={errorOf(`contacts.${i}.email`)}
                  {...register(`contacts.${i}.email`)}
                />
                <Field label="Phone" type="tel" error={errorOf(`contacts.${i}.phone`)} {...register(`contacts.${i}.phone`)} />
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    {...register(`contacts.${i}.isPrimary`, { onChange: (e) => markPrimary(i, e.target.checked) })}
                  />
                  Primary contact
                </label>
                {contacts.fields.length > 1 && (
                  <div className="sm:text-right">
                    <Button variant="ghost" size="sm" onClick={() => contacts.remove(i)}>
                      <Trash2 size={16} aria-hidden="true" /> Remove contact {i + 1}
                    </Button>
                  </div>
                )}
              </fieldset>
            ))}
          </section>

          <section className="space-y-4" aria-labelledby="children-heading">
            <div className="flex items-center justify-between">
              <h2 id="children-heading" className="text-lg font-bold text-slate-900">
                Children
              </h2>
              <Button
                variant="secondary"
                size="sm"
                disabled={kids.fields.length >= MAX_CHILDREN}
                onClick={() => kids.append(newChild(defaultBranch))}
              >
                <Plus size={16} aria-hidden="true" /> Add child
              </Button>
            </div>
            {errorOf('children') && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {errorOf('children')}
              </p>
            )}
            {kids.fields.map((field, i) => {
              const programme = values.children?.[i]?.programme ?? '';
              return (
                <fieldset
                  key={field.id}
                  className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6"
                >
                  <legend className="px-1 text-sm font-bold text-slate-700">Child {i + 1}</legend>
                  <Field
                    label="First name"
                    required
                    error={errorOf(`children.${i}.firstName`)}
                    {...register(`children.${i}.firstName`)}
                  />
                  <Field label="Last name" error={errorOf(`children.${i}.lastName`)} {...register(`children.${i}.lastName`)} />
                  <Field
                    label="Date of birth"
                    type="date"
                    required
                    error={errorOf(`children.${i}.birthDate`)}
                    {...register(`children.${i}.birthDate`)}
                  />
                  <SelectField
                    label="Programme"
                    required
                    error={errorOf(`children.${i}.programme`)}
                    {...register(`children.${i}.programme`)}
                  >
                    <option value="">Choose a programme</option>
                    {programmes.map((p) => (
                      <option key={p.key} value={p.key}>
                        {p.hidden ? `${p.name} (hidden from the form)` : p.name}
                      </option>
                    ))}
                    {programme && programmes.length > 0 && !programmes.some((p) => p.key === programme) && (
                      <option value={programme}>{programme} (no longer a programme)</option>
                    )}
                  </SelectField>
                  <SelectField label="Branch" error={errorOf(`children.${i}.branch`)} {...register(`children.${i}.branch`)}>
                    <option value="">{branches.length ? 'Choose a branch' : 'No branch'}</option>
                    {branches.map((b) => (
                      <option key={b} value={b}>
                        {b}
                      </option>
                    ))}
                  </SelectField>
                  <div className="hidden sm:block" />
                  <Field
                    label="Start date"
                    type="date"
                    error={errorOf(`children.${i}.startDate`)}
                    {...register(`children.${i}.startDate`)}
                  />
                  <Field
                    label="Leaving date"
                    type="date"
                    error={errorOf(`children.${i}.leavingDate`)}
                    {...register(`children.${i}.leavingDate`)}
                  />
                  {kids.fields.length > 1 && (
                    <div className="sm:col-span-2">
                      <Button variant="ghost" size="sm" onClick={() => kids.remove(i)}>
                        <Trash2 size={16} aria-hidden="true" /> Remove child {i + 1}
                      </Button>
                      {values.children?.[i]?.id !== undefined && (
                        <span className="ml-2 text-xs text-slate-600">
                          Removing a child deletes their consent history on Save.
                        </span>
                      )}
                    </div>
                  )}
                </fieldset>
              );
            })}
          </section>
        </fieldset>

        {canWrite ? (
          <div className="flex justify-end gap-2">
            <Link to="/cms/families" className="self-center text-sm font-semibold text-brand-700 underline">
              Back to Families
            </Link>
            <Button type="submit" disabled={save.isPending}>
              <Save size={16} aria-hidden="true" /> {save.isPending ? 'Saving…' : 'Save family'}
            </Button>
          </div>
        ) : (
          <p className="text-right text-sm text-slate-600">Changing a family needs families: write.</p>
        )}
      </form>

      {family && (
        <section className="space-y-4" aria-labelledby="consents-heading">
          <div>
            <h2 id="consents-heading" className="text-lg font-bold text-slate-900">
              Photo consents
            </h2>
            <p className="text-sm text-slate-600">
              Per child and purpose. Nothing recorded is no consent. “No images anywhere” overrides the other two.
            </p>
          </div>
          {family.children.map((child) => (
            <ChildConsents key={child.id} child={child} canWrite={canWrite} timeZone={timeZone} />
          ))}
        </section>
      )}

      <ConfirmDialog
        open={confirming}
        message={`Delete the family “${family?.name ?? ''}”, its contacts, its children and their consent history? Its admission keeps the child’s and parents’ details: to remove those too, use Erase family. This cannot be undone.`}
        pending={remove.isPending}
        onConfirm={doDelete}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
