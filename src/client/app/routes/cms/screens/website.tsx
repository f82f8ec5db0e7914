import { Link } from 'react-router';
import { useSchoolTimezone } from '#client/features/school/api/school.ts';
import { useSections } from '#client/features/website/api/sections.ts';
import { SectionState } from '#client/features/website/components/section-state.tsx';
import { whenIn } from '#client/features/website/lib/when.ts';
import { SECTION_KEYS, SECTION_PATHS, SECTION_TITLES } from '#shared/schemas/site-content-defaults.ts';

/** Website: the public pages whose words and photos staff edit, each with what parents read now. */
export default function WebsiteScreen() {
  const sections = useSections();
  const timeZone = useSchoolTimezone();
  const when = whenIn(timeZone ?? 'UTC');
  const byKey = new Map(sections.data?.map((s) => [s.key, s]));
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold text-slate-900">Website</h1>
      <p className="mt-1 text-slate-700">
        The words and photos of each public page. Edit a page, preview the draft, then publish it.
      </p>
      {sections.isError && (
        <p role="alert" className="mt-4 text-red-700">
          Could not load the pages: {sections.error.message}
        </p>
      )}
      <ul
        className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm"
        aria-busy={sections.isLoading}
      >
        {SECTION_KEYS.map((key) => {
          const section = byKey.get(key);
          return (
            <li key={key} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <h2 className="font-bold text-slate-900">
                  <Link to={`/cms/website/${key}`} className="hover:text-brand-700 hover:underline">
                    {SECTION_TITLES[key]}
                  </Link>{' '}
                  <span className="text-sm font-normal text-slate-600">{SECTION_PATHS[key]}</span>
                </h2>
                <div className="mt-1">
                  {section ? (
                    <SectionState section={section} when={when} />
                  ) : (
                    <span className="text-sm text-slate-600">Loading…</span>
                  )}
                </div>
              </div>
              <Link
                to={`/cms/website/${key}`}
                aria-label={`Edit ${SECTION_TITLES[key]}`}
                className="shrink-0 self-start rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 sm:self-auto"
              >
                Edit
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
