import { useRouteLoaderData } from 'react-router';
import { PageBanner } from '#client/components/public/page-banner.tsx';
import { AdmissionForm } from '#client/features/enquiries/components/admission-form.tsx';
import type { RouteHandle } from '../../meta.ts';
import type { PublicLayoutData } from './public-layout.tsx';

export const admissionHandle: RouteHandle = {
  meta: (_d, _match, school) => ({
    title: 'Admission',
    description: `Apply for Playgroup, Nursery or Kindergarten at ${school?.name ?? 'our preschool'}: children aged 2 to 6. Fill in the admission form and we will contact you.`,
    canonicalPath: '/admission',
  }),
};

// §2: the five instructions.
const INSTRUCTIONS = [
  "Submit the form along with a copy of your child's birth certificate.",
  'Bring a recent passport-size photograph of your child.',
  'Make sure your contact details are accurate so we can reach you.',
  'Check seat availability for your chosen department with the school office.',
  'Our admissions team will contact you to arrange a visit and complete the process.',
];

export function AdmissionPage() {
  const { school } = useRouteLoaderData('public') as PublicLayoutData;
  return (
    <>
      <PageBanner eyebrow="Admissions open" title="Admission Form">
        Join our family! Tell us about your child and we will get in touch about the next steps.
      </PageBanner>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="form-title" className="rounded-[2rem] bg-white p-6 shadow-xl ring-1 ring-orange-100 sm:p-10">
          <h2 id="form-title" className="text-2xl font-black text-slate-900">
            Student details
          </h2>
          <p className="mb-6 mt-1 text-slate-600">All fields are required.</p>
          <AdmissionForm branches={school.branches.map((b) => b.name)} />
        </section>
        <aside className="space-y-6">
          <section aria-labelledby="instructions-title" className="rounded-[2rem] bg-amber-50 p-7 ring-1 ring-amber-200">
            <h2 id="instructions-title" className="text-xl font-black text-slate-900">
              Instructions
            </h2>
            <ol className="mt-4 space-y-3">
              {INSTRUCTIONS.map((text, i) => (
                <li key={text} className="flex gap-3 text-slate-700">
                  <span className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-black text-white">
                    {i + 1}
                  </span>
                  <span>{text}</span>
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="help-title" className="rounded-[2rem] bg-sky-50 p-7 ring-1 ring-sky-200">
            <h2 id="help-title" className="text-xl font-black text-slate-900">
              Questions?
            </h2>
            <p className="mt-2 text-slate-700">Call a branch, {school.hours}:</p>
            <ul className="mt-3 space-y-2">
              {school.branches.map((b) => (
                <li key={b.name}>
                  <span className="font-bold text-slate-900">{b.name}: </span>
                  <a className="font-semibold text-brand-700 underline" href={`tel:${b.phone.replace(/[^+\d]/g, '')}`}>
                    {b.phone}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </aside>
      </div>
    </>
  );
}
