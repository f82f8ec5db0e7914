import { STAGE_LABELS } from '#shared/schemas/admission-stages.ts';
import { programmeName, type ProgrammeOption } from '#shared/schemas/enquiry-options.ts';
import type { Enquiry } from '#shared/schemas/enquiry.ts';

const DETAIL_LABELS: Record<string, string> = {
  fatherName: "Father's name",
  birthDate: 'Date of birth',
  department: 'Department',
  admissionDate: 'Admission date',
  address: 'Address',
  branch: 'Branch',
};

export const MAIL_STATE_TEXT: Record<Enquiry['mailState'], { label: string; className: string }> = {
  not_configured: { label: 'E-mail off', className: 'bg-slate-100 text-slate-700' },
  pending: { label: 'Sending', className: 'bg-amber-100 text-amber-900' },
  sent: { label: 'E-mailed', className: 'bg-green-100 text-green-800' },
  failed: { label: 'E-mail failed', className: 'bg-red-100 text-red-800' },
};

export function EnquiryDetail({
  enquiry,
  programmes,
  formatDate,
}: {
  enquiry: Enquiry;
  /** The school's programmes: the department shows by its current name. */
  programmes: readonly Pick<ProgrammeOption, 'key' | 'name'>[];
  formatDate: (iso: string) => string;
}) {
  const rows: [string, string][] = [
    ['Reference', enquiry.reference],
    ...(enquiry.stage ? ([['Stage', STAGE_LABELS[enquiry.stage]]] as [string, string][]) : []),
    [enquiry.type === 'admission' ? "Child's full name" : 'Name', enquiry.name],
    ['E-mail', enquiry.email],
    ...(enquiry.phone ? ([['Phone', enquiry.phone]] as [string, string][]) : []),
    ...Object.entries(enquiry.details).map(([key, value]): [string, string] => [
      DETAIL_LABELS[key] ?? key,
      key === 'department' ? programmeName(programmes, value) : value,
    ]),
    ['Received', formatDate(enquiry.createdAt)],
  ];
  return (
    <div className="space-y-4">
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-600">{label}</dt>
            <dd className="break-words text-slate-900">
              {label === 'E-mail' ? (
                <a className="text-brand-700 underline" href={`mailto:${value}`}>
                  {value}
                </a>
              ) : label === 'Phone' ? (
                <a className="text-brand-700 underline" href={`tel:${value.replace(/[^+\d]/g, '')}`}>
                  {value}
                </a>
              ) : (
                value
              )}
            </dd>
          </div>
        ))}
      </dl>
      {enquiry.message && <p className="whitespace-pre-line rounded-lg bg-slate-50 p-4 text-slate-800">{enquiry.message}</p>}
      <p className="text-sm text-slate-600">
        E-mail to the school:{' '}
        <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${MAIL_STATE_TEXT[enquiry.mailState].className}`}>
          {MAIL_STATE_TEXT[enquiry.mailState].label}
        </span>
        {enquiry.mailAttempts > 0 && ` after ${enquiry.mailAttempts} attempt${enquiry.mailAttempts === 1 ? '' : 's'}`}
        {enquiry.mailError && <span className="block text-red-700">Last error: {enquiry.mailError}</span>}
      </p>
    </div>
  );
}
