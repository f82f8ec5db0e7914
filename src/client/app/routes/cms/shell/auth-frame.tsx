import type { ReactNode } from 'react';
import { Logo } from '../../../../components/layout/logo.tsx';
import { useSchoolName } from '#client/features/school/api/school.ts';

/** The signed-out screens' card: the school, a title, the form, and the way back to the website. */
export function AuthFrame({ title, notice, children }: { title: string; notice?: string | null; children: ReactNode }) {
  const schoolName = useSchoolName();
  return (
    <div className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 via-white to-sky-soft px-4 py-10">
      <main className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
        <div className="mb-6 flex flex-col items-center text-center">
          <Logo size={52} />
          <p className="mt-3 text-sm font-semibold text-slate-600">{schoolName}</p>
          <h1 className="text-2xl font-extrabold text-slate-900">{title}</h1>
        </div>
        {notice && (
          <p role="status" className="mb-4 rounded-lg bg-sky-50 p-3 text-sm text-sky-900">
            {notice}
          </p>
        )}
        {children}
        <p className="mt-6 text-center text-sm">
          <a href="/" className="font-semibold text-brand-700 hover:underline">
            Back to the website
          </a>
        </p>
      </main>
    </div>
  );
}
