import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { StepProps } from './wizard-steps.tsx';

/** The wizard's last word: done, what happens next, and the way to the site and to the back office. */
export function WizardDone({ title, websiteLink, children }: { title: string; websiteLink: string; children: ReactNode }) {
  return (
    <div className="py-6 text-center" role="status">
      <CheckCircle2 className="mx-auto h-14 w-14 text-leaf-700" aria-hidden="true" />
      <p className="mt-4 text-xl font-bold text-slate-900">{title}</p>
      <p className="mt-2 text-slate-700">{children}</p>
      <p className="mt-4 flex justify-center gap-4">
        <a href="/" className="font-bold text-brand-700 underline">
          {websiteLink}
        </a>
        <a href="/cms" className="font-bold text-brand-700 underline">
          Sign in to the back office
        </a>
      </p>
    </div>
  );
}

export function FinishStep({ state, update, done }: Omit<StepProps, 'errors'> & { done: boolean }) {
  if (done) {
    return (
      <WizardDone title="Installation complete!" websiteLink="Go to the website now">
        {state.app.name} is ready. Taking you to your new website in 3 seconds...
      </WizardDone>
    );
  }
  const rows: [string, string][] = [
    ['School name', state.app.name],
    ['Company name', state.app.company_name],
    ['School e-mail', state.app.customer_email],
    ['Timezone', state.app.timezone],
    ...state.app.branches.map((b, i): [string, string] => [
      `Branch ${i + 1}`,
      [b.name, b.address, b.phone].filter(Boolean).join(', '),
    ]),
    ['Site address', state.app.site_url || 'Not set: links follow the address each visitor uses'],
    [
      'Administrator',
      `${state.admin.firstName} ${state.admin.lastName}, signs in as ${state.admin.username} (${state.admin.email})`,
    ],
    [
      'Database',
      state.database.type === 'postgres'
        ? `PostgreSQL: ${state.database.user}@${state.database.host}:${state.database.port}/${state.database.db}`
        : 'Built-in database',
    ],
  ];
  return (
    <div className="space-y-5">
      <p className="text-slate-700">Check the details, then press Finish to install.</p>
      <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {rows.map(([term, value]) => (
          <div key={term} className="grid gap-1 px-4 py-2 sm:grid-cols-3">
            <dt className="text-sm font-semibold text-slate-600">{term}</dt>
            <dd className="break-words text-slate-900 sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
      <label className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-xl bg-slate-50 p-4">
        <input
          type="checkbox"
          name="sampleContent"
          checked={state.sampleContent}
          onChange={(e) => update((s) => ({ ...s, sampleContent: e.target.checked }))}
          className="row-span-2 mt-1 h-4 w-4 accent-brand-600"
        />
        <span className="font-bold text-slate-900">Add sample content</span>
        <span className="text-sm text-slate-600">
          A few events, blog posts, an image gallery and categories, so you can see how the site looks. Delete them any time.
        </span>
      </label>
    </div>
  );
}
