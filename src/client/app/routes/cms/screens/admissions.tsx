import { Download, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { SearchBox } from '#client/components/cms/search-box.tsx';
import { buttonClass } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { useCan } from '#client/features/auth/hooks/use-can.ts';
import { admissionParams, useAdmissionBoard } from '#client/features/admissions/api/admissions.ts';
import { useProgrammes } from '#client/features/admissions/api/get-programmes.ts';
import { MoveDialog, type MoveTarget } from '#client/features/admissions/components/move-dialog.tsx';
import { StageMenu } from '#client/features/admissions/components/stage-menu.tsx';
import { EnquiryTimeline } from '#client/features/admissions/components/timeline.tsx';
import { CreateFamilyButton } from '#client/features/families/components/create-family-button.tsx';
import { useSchoolProfile } from '#client/features/school/api/school.ts';
import { formatShortDate, formatTime } from '#shared/dates.ts';
import { STAGE_LABELS } from '#shared/schemas/admission-stages.ts';
import type { AdmissionCard, AdmissionFilter } from '#shared/schemas/admissions.ts';

/** The family's e-mail or phone: a mailto: or tel: link, opened by the mail or phone app. */
function ContactLink({ href, text }: { href: string; text: string }) {
  return (
    <a className="font-semibold text-brand-700 underline" href={href}>
      {text}
    </a>
  );
}

/** The admissions pipeline (issue #14): a column per stage, cards moved by a "Move to…" menu. */
export default function AdmissionsScreen() {
  const { data: school } = useSchoolProfile();
  const timeZone = school?.timezone ?? 'UTC';
  const formatDate = (iso: string) => `${formatShortDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`;
  const [filter, setFilter] = useState<Partial<AdmissionFilter>>({});
  const set = (key: keyof AdmissionFilter, value: string) => setFilter((f) => ({ ...f, [key]: value || undefined }));
  const { data, isLoading, isError, isPlaceholderData } = useAdmissionBoard(filter);
  const programmes = useProgrammes().data ?? [];
  const canWrite = useCan('leads', 'write');
  const canAddFamily = useCan('families', 'write');
  const [moving, setMoving] = useState<MoveTarget | null>(null);
  const [opened, setOpenCard] = useState<AdmissionCard | null>(null);
  // The open card as the board now shows it (its stage changes when it is moved).
  const openCard = opened && (data?.columns.flatMap((c) => c.cards).find((c) => c.id === opened.id) ?? opened);

  return (
    <div className="mx-auto max-w-[100rem]">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Admissions</h1>
          <p className="text-sm text-slate-600">Every admission enquiry, from New to Enrolled.</p>
        </div>
        <a className={buttonClass('secondary')} href={`/api/admissions/export.csv${admissionParams(filter)}`} download>
          <Download size={16} aria-hidden="true" /> Export CSV
        </a>
      </div>

      <div className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField label="Department" value={filter.department ?? ''} onChange={(e) => set('department', e.target.value)}>
          <option value="">All departments</option>
          {programmes.map((p) => (
            <option key={p.key} value={p.key}>
              {p.hidden ? `${p.name} (hidden from the form)` : p.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Branch" value={filter.branch ?? ''} onChange={(e) => set('branch', e.target.value)}>
          <option value="">All branches</option>
          {school?.branches.map((b) => (
            <option key={b.name} value={b.name}>
              {b.name}
            </option>
          ))}
        </SelectField>
        <div>
          <Label htmlFor="admissions-month">Wanted start month</Label>
          <Input id="admissions-month" type="month" value={filter.month ?? ''} onChange={(e) => set('month', e.target.value)} />
        </div>
        <SearchBox
          className="self-end"
          label="Search by child or parent name"
          placeholder="Child or parent name..."
          value={filter.q ?? ''}
          onSearch={(q) => set('q', q)}
        />
      </div>

      {data?.capacity && (
        <section aria-label="Seats for the chosen month" className="mt-4 flex flex-wrap gap-2">
          {data.capacity.length === 0 ? (
            <p className="text-sm text-slate-600">No seats are set for these branches (Settings › School profile).</p>
          ) : (
            data.capacity.map((line) => (
              <p
                key={`${line.branch}-${line.department}`}
                className={`rounded-lg px-3 py-1.5 text-sm font-semibold ${line.taken > line.seats ? 'bg-red-100 text-red-800' : line.taken === line.seats ? 'bg-amber-100 text-amber-900' : 'bg-green-100 text-green-800'}`}
              >
                {line.branch} · {line.departmentName}: {line.taken} of {line.seats} seats offered or taken
              </p>
            ))
          )}
        </section>
      )}

      {isLoading ? (
        <p className="mt-8 text-center text-slate-600">Loading...</p>
      ) : isError || !data ? (
        <p role="alert" className="mt-8 text-center text-red-700">
          Could not load the admissions. Please try again.
        </p>
      ) : (
        <div className="mt-6 flex gap-4 overflow-x-auto pb-4" aria-busy={isPlaceholderData || undefined}>
          {data.columns.map((column) => (
            <section
              key={column.stage}
              aria-labelledby={`stage-${column.stage}`}
              className="w-72 shrink-0 rounded-xl bg-slate-100 p-3"
            >
              <h2 id={`stage-${column.stage}`} className="flex items-center justify-between text-sm font-bold text-slate-800">
                {STAGE_LABELS[column.stage]}
                <span className="rounded-full bg-white px-2 py-0.5 text-xs">{column.count}</span>
              </h2>
              <ul className="mt-3 space-y-2">
                {column.cards.map((card) => (
                  <li key={card.id} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
                    <button
                      type="button"
                      className="text-left font-semibold text-slate-900 hover:underline"
                      onClick={() => setOpenCard(card)}
                    >
                      {card.name}
                    </button>
                    <p className="text-xs text-slate-600">
                      {card.ageAtStart ? `${card.ageAtStart} at start · ` : ''}
                      {card.departmentName}
                    </p>
                    {card.ageWarning && (
                      <p className="mt-1 inline-flex items-center gap-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                        <TriangleAlert size={12} aria-hidden="true" />
                        <span>Age outside {card.departmentName}</span>
                      </p>
                    )}
                    <p className="text-xs text-slate-600">
                      {card.branch || 'No branch'} · {card.daysInStage} {card.daysInStage === 1 ? 'day' : 'days'} in stage
                    </p>
                    {card.visitAt && column.stage === 'visit_booked' && (
                      <p className="text-xs font-semibold text-slate-700">Visit {formatDate(card.visitAt)}</p>
                    )}
                    {column.stage === 'enrolled' && canAddFamily && (
                      <div className="mt-2">
                        <CreateFamilyButton enquiryId={card.id} name={card.name} />
                      </div>
                    )}
                    {canWrite && (
                      <div className="mt-2">
                        <StageMenu
                          name={card.name}
                          stage={card.stage}
                          onChoose={(to) => setMoving({ id: card.id, name: card.name, to })}
                        />
                      </div>
                    )}
                  </li>
                ))}
              </ul>
              {column.count > column.cards.length && (
                <p className="mt-2 text-xs text-slate-600">
                  {column.count - column.cards.length} more: narrow the list with the filters.
                </p>
              )}
            </section>
          ))}
        </div>
      )}

      <MoveDialog target={moving} timeZone={timeZone} onClose={() => setMoving(null)} />
      <Dialog
        open={openCard !== null}
        onOpenChange={(open) => !open && setOpenCard(null)}
        title={openCard ? `${openCard.name} (${openCard.reference})` : ''}
        width="max-w-xl"
      >
        {openCard && (
          <>
            <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
              {(
                [
                  ["Father's name", openCard.fatherName],
                  ['E-mail', <ContactLink key="e" href={`mailto:${openCard.email}`} text={openCard.email} />],
                  [
                    'Phone',
                    openCard.phone ? (
                      <ContactLink key="p" href={`tel:${openCard.phone.replace(/[^+\d]/g, '')}`} text={openCard.phone} />
                    ) : (
                      ''
                    ),
                  ],
                  [
                    'Address',
                    <span key="a" className="whitespace-pre-line">
                      {openCard.address}
                    </span>,
                  ],
                  ['Department', openCard.departmentName],
                  ['Branch', openCard.branch],
                  ['Date of birth', openCard.birthDate],
                  ['Wanted start', `${openCard.admissionDate} (${openCard.ageAtStart})`],
                  ...(openCard.ageWarning ? ([['Age note', `${openCard.ageWarning}.`]] as const) : []),
                  ['Stage', STAGE_LABELS[openCard.stage]],
                  ['Received', formatDate(openCard.createdAt)],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="font-semibold text-slate-600">{label}</dt>
                  <dd className="break-words text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
            <EnquiryTimeline id={openCard.id} canWrite={canWrite} formatDate={formatDate} />
          </>
        )}
      </Dialog>
    </div>
  );
}
