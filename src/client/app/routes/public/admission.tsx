import { useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PageBanner } from '#client/components/public/page-banner.tsx';
import { phoneText } from '#client/components/public/phone.ts';
import { AdmissionForm, departmentOptions } from '#client/features/enquiries/components/admission-form.tsx';
import { publicData } from '#client/lib/public-data.ts';
import type { SchoolProfile } from '#shared/schemas/school.ts';
import type { AdmissionContent } from '#shared/schemas/site-content.ts';
import type { RouteHandle } from '../../meta.ts';
import type { PublicLayoutData } from './public-layout.tsx';

export async function admissionLoader({ context }: LoaderFunctionArgs) {
  const source = publicData(context);
  const [admission, programs] = await Promise.all([source.content('admission'), source.content('programs')]);
  // Only what the page draws: the form's choices, not the programmes' descriptions and photos.
  return { content: admission.content, departments: departmentOptions(programs.content.programmes) };
}

type AdmissionData = Awaited<ReturnType<typeof admissionLoader>>;

/** "Playgroup, Nursery or Kindergarten". */
const either = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? ''));

export const admissionHandle: RouteHandle = {
  meta: (data, _match, school) => {
    const names = (data as AdmissionData | undefined)?.departments.map((d) => d.name) ?? [];
    return {
      title: 'Admission',
      description: `Apply${names.length ? ` for ${either(names)}` : ''} at ${school?.name ?? 'our preschool'}. Fill in the admission form and we will contact you.`,
      canonicalPath: '/admission',
    };
  },
};

/** Who to ask: the branches' phones, else the school's e-mail; nothing the school never gave. */
function Questions({ school }: { school: SchoolProfile }) {
  const phones = school.branches.filter((b) => b.phone);
  if (phones.length === 0 && !school.email) return null;
  return (
    <section aria-labelledby="help-title" className="rounded-[2rem] bg-sky-50 p-7 ring-1 ring-sky-200">
      <h2 id="help-title" className="text-xl font-black text-slate-900">
        Questions?
      </h2>
      {phones.length > 0 ? (
        <>
          <p className="mt-2 text-slate-700">
            {phones.length > 1 ? 'Call a branch' : 'Call us'}
            {school.hours ? `, ${school.hours}` : ''}:
          </p>
          <ul className="mt-3 space-y-2">
            {phones.map((b) => (
              <li key={b.name}>
                <span className="font-bold text-slate-900">{b.name}: </span>
                <a className="font-semibold text-brand-700 underline" href={`tel:${b.phone!.replace(/[^+\d]/g, '')}`}>
                  {phoneText(b.phone!)}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-2 text-slate-700">
          Write to us at{' '}
          <a className="font-semibold text-brand-700 underline" href={`mailto:${school.email}`}>
            {school.email}
          </a>
          .
        </p>
      )}
    </section>
  );
}

function Instructions({ instructions }: Pick<AdmissionContent, 'instructions'>) {
  return (
    <section aria-labelledby="instructions-title" className="rounded-[2rem] bg-amber-50 p-7 ring-1 ring-amber-200">
      <h2 id="instructions-title" className="text-xl font-black text-slate-900">
        Instructions
      </h2>
      <ol className="mt-4 space-y-3">
        {instructions.map((text, i) => (
          <li key={i} className="flex gap-3 text-slate-700">
            <span className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-black text-white">
              {i + 1}
            </span>
            <span>{text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function AdmissionPage() {
  const { school } = useRouteLoaderData('public') as PublicLayoutData;
  const { content, departments } = useLoaderData() as AdmissionData;
  return (
    <>
      <PageBanner eyebrow={content.banner.eyebrow} title={content.banner.title}>
        {content.banner.text}
      </PageBanner>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="form-title" className="rounded-[2rem] bg-white p-6 shadow-xl ring-1 ring-orange-100 sm:p-10">
          <h2 id="form-title" className="text-2xl font-black text-slate-900">
            Student details
          </h2>
          <p className="mb-6 mt-1 text-slate-600">All fields are required.</p>
          <AdmissionForm branches={school.branches.map((b) => b.name)} departments={departments} />
        </section>
        <aside className="space-y-6">
          {content.instructions.length > 0 && <Instructions instructions={content.instructions} />}
          <Questions school={school} />
        </aside>
      </div>
    </>
  );
}
