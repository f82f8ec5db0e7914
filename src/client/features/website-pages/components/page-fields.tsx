import { memo, type ComponentType } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Field } from '#client/components/ui/field.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { errorAt } from '#client/lib/zod-form.ts';
import { slugify } from '#shared/schemas/post.ts';
import {
  PAGE_PLACEMENT_LABELS,
  PAGE_PLACEMENTS,
  PAGE_SLUG_MAX,
  PAGE_TITLE_MAX,
  STAFF_NOTE,
  type SitePageInput,
} from '#shared/schemas/site-page.ts';

/** The body's editor (the blog's, composed in by the screen): the HTML, and a stable onChange. */
export type BodyEditor = ComponentType<{ value: string; onChange: (html: string) => void; labelId: string }>;

/**
 * A page's fields, bound to the form in context (SitePageContentSchema): the title, the address
 * (made from the title until staff change it, for a page never published), where it is offered,
 * and the body in the blog's editor.
 */
export const PageFields = memo(function PageFields({
  Editor,
  followTitle,
}: {
  Editor: BodyEditor;
  /** A new page: its address follows the title until the address is typed in. */
  followTitle: boolean;
}) {
  const form = useFormContext<SitePageInput>();
  const { register, setValue, getFieldState } = form;
  const slug = useWatch({ name: 'slug' }) as string;
  const title = register('title', {
    onChange: (e: { target: { value: string } }) => {
      if (followTitle && !getFieldState('slug').isDirty)
        setValue('slug', slugify(e.target.value).slice(0, PAGE_SLUG_MAX), { shouldValidate: getFieldState('slug').isTouched });
    },
  });
  return (
    <div className="space-y-5">
      <Field label="Title" required maxLength={PAGE_TITLE_MAX} error={errorAt(form, 'title')} {...title} />
      <Field
        label="Address"
        required
        maxLength={PAGE_SLUG_MAX}
        autoCapitalize="none"
        spellCheck={false}
        hint={`Parents find the page at /${slug || 'your-page'}. Lowercase letters, digits and dashes.`}
        error={errorAt(form, 'slug')}
        {...register('slug')}
      />
      <SelectField
        label="Where parents find it"
        hint="The footer’s Quick Links show Privacy Policy, Terms, Disclaimer, Credits and FAQ as links once a page of that title is published."
        error={errorAt(form, 'placement')}
        {...register('placement')}
      >
        {PAGE_PLACEMENTS.map((p) => (
          <option key={p} value={p}>
            {PAGE_PLACEMENT_LABELS[p]}
          </option>
        ))}
      </SelectField>
      <BodyField Editor={Editor} />
    </div>
  );
});

function BodyField({ Editor }: { Editor: BodyEditor }) {
  const form = useFormContext<SitePageInput>();
  const body = useWatch({ name: 'body' }) as string;
  const error = errorAt(form, 'body');
  return (
    <div>
      <p id="page-body-label" className="mb-1 text-sm font-semibold text-slate-800">
        The page
      </p>
      {body?.includes(STAFF_NOTE) && (
        <p className="mb-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          This page holds notes for staff, highlighted and starting with “{STAFF_NOTE}”. Fill in what each asks for, then delete
          the note: the page can be published once none is left.
        </p>
      )}
      <Controller
        name="body"
        control={form.control}
        // field.onChange is stable: the memoised editor is not drawn again as staff type elsewhere.
        render={({ field }) => <Editor value={field.value} onChange={field.onChange} labelId="page-body-label" />}
      />
      {error && (
        <p role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
