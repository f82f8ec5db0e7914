import { ArrowLeft } from 'lucide-react';
import { useDeferredValue } from 'react';
import { Link, useParams } from 'react-router';
import { useCan } from '#client/features/auth/hooks/use-can.ts';
import { useSchoolTimezone } from '#client/features/school/api/school.ts';
import { useSection } from '#client/features/website/api/sections.ts';
import { AboutFields } from '#client/features/website/components/editors/about-fields.tsx';
import { AdmissionFields } from '#client/features/website/components/editors/admission-fields.tsx';
import { ContactFields } from '#client/features/website/components/editors/contact-fields.tsx';
import { CurriculumFields } from '#client/features/website/components/editors/curriculum-fields.tsx';
import { HomeFields } from '#client/features/website/components/editors/home-fields.tsx';
import { ProgramsFields } from '#client/features/website/components/editors/programs-fields.tsx';
import { SectionEditor, type SectionFields } from '#client/features/website/components/section-editor.tsx';
import { whenIn } from '#client/features/website/lib/when.ts';
import { SECTION_KEYS, type SectionKey } from '#shared/schemas/site-content-defaults.ts';

const FIELDS: Record<SectionKey, SectionFields> = {
  home: HomeFields,
  about: AboutFields,
  programs: ProgramsFields,
  curriculum: CurriculumFields,
  admission: AdmissionFields,
  contact: ContactFields,
};

const isSection = (key: string | undefined): key is SectionKey => SECTION_KEYS.includes(key as SectionKey);

/** Website > a page's words: /cms/website/home, /about, /programs, /curriculum, /admission, /contact. */
export default function WebsiteSectionScreen() {
  const { section } = useParams();
  if (!isSection(section))
    return (
      <div className="py-16 text-center">
        <h1 className="text-2xl font-extrabold text-slate-900">No such page</h1>
        <Link to="/cms/website" className="mt-4 inline-block font-bold text-brand-700 underline">
          Back to Website
        </Link>
      </div>
    );
  // A new form for each section: nothing typed for one is offered to another.
  return <SectionScreen key={section} sectionKey={section} />;
}

function SectionScreen({ sectionKey }: { sectionKey: SectionKey }) {
  const doc = useSection(sectionKey);
  // The long form is drawn in the background, yielding to the browser, not in one long task.
  const data = useDeferredValue(doc.data);
  const canWrite = useCan('website', 'write');
  const timeZone = useSchoolTimezone();
  return (
    <div className="mx-auto max-w-4xl">
      <Link to="/cms/website" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Website
      </Link>
      <div className="mt-2">
        {doc.isError ? (
          <p role="alert" className="text-red-700">
            Could not load the page: {doc.error.message}
          </p>
        ) : !data || !timeZone ? (
          <p role="status" className="text-slate-600">
            Loading...
          </p>
        ) : (
          <SectionEditor doc={data} Fields={FIELDS[sectionKey]} canWrite={canWrite} when={whenIn(timeZone)} />
        )}
      </div>
    </div>
  );
}
