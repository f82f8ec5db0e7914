import { History, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { useConsentHistory, useRecordConsent } from '#client/features/families/api/families.ts';
import { errorAt, showServerErrors, useZodForm } from '#client/lib/zod-form.ts';
import { formatShortDate, formatTime } from '#shared/dates.ts';
import {
  CONSENT_PURPOSE_LABELS,
  CONSENT_PURPOSES,
  ConsentChangeSchema,
  type Child,
  type ConsentPurpose,
  type ConsentRecord,
} from '#shared/schemas/family.ts';

type When = (iso: string) => string;

/** "on 3 Sep 2026, 10:00 by a member of staff (paper form)": who recorded a consent, and how. */
function recordedLine(record: ConsentRecord, when: When) {
  const who = record.recordedByName ?? (record.recordedByKind === 'parent' ? 'a parent' : 'a member of staff');
  const kind = record.recordedByKind === 'parent' ? 'parent' : 'staff';
  return `${when(record.recordedAt)}, by ${who} (${kind})${record.source ? `, ${record.source}` : ''}`;
}

function ConsentState({ record, overridden }: { record: ConsentRecord | null; overridden: boolean }) {
  if (!record) return <Badge tone="slate">Never recorded</Badge>;
  return (
    <>
      {record.granted ? <Badge tone="green">Given</Badge> : <Badge tone="red">Not given</Badge>}
      {overridden && record.granted && (
        <Badge tone="amber" className="ml-1">
          Overridden
        </Badge>
      )}
    </>
  );
}

/**
 * One child's photo consents (issue 32): each purpose's current state and who recorded it, a
 * "Record consent" dialog for a consent given to staff (on paper, by e-mail), and the history.
 * "No images anywhere" overrides the other two, and the panel says so.
 */
export function ChildConsents({ child, canWrite, timeZone }: { child: Child; canWrite: boolean; timeZone: string }) {
  const [recording, setRecording] = useState<ConsentPurpose | null>(null);
  const [showHistory, setShowHistory] = useState(false);
  const name = `${child.firstName} ${child.lastName}`.trim();
  const when: When = (iso) => `${formatShortDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`;
  const noImages = child.consents.none?.granted === true;

  return (
    <section aria-labelledby={`consents-${child.id}`} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`consents-${child.id}`} className="font-bold text-slate-900">
          Photo consents: {name}
        </h3>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setShowHistory(true)} aria-label={`History of ${name}'s consents`}>
            <History size={16} aria-hidden="true" /> History
          </Button>
          {canWrite && (
            <Button size="sm" onClick={() => setRecording('website')} aria-label={`Record consent for ${name}`}>
              <ShieldCheck size={16} aria-hidden="true" /> Record consent
            </Button>
          )}
        </div>
      </div>
      {noImages ? (
        <p role="note" className="mt-3 flex gap-2 rounded-lg bg-red-50 p-3 text-sm font-semibold text-red-800">
          <ShieldAlert size={18} className="shrink-0" aria-hidden="true" />
          No images anywhere: no photo of {name} may be shown to anyone outside the staff, whatever the other two consents say.
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          “No images anywhere” overrides the other two: once given, no photo of the child is shown outside the staff.
        </p>
      )}
      <dl className="mt-3 divide-y divide-slate-100 text-sm">
        {CONSENT_PURPOSES.map((purpose) => {
          const record = child.consents[purpose];
          return (
            <div key={purpose} className="grid gap-1 py-2 sm:grid-cols-[16rem_1fr]">
              <dt className="font-semibold text-slate-800">{CONSENT_PURPOSE_LABELS[purpose]}</dt>
              <dd className="text-slate-700">
                <ConsentState record={record} overridden={noImages && purpose !== 'none'} />
                {record && <span className="mt-1 block text-xs text-slate-600">{recordedLine(record, when)}</span>}
              </dd>
            </div>
          );
        })}
      </dl>

      {recording !== null && (
        <RecordConsentDialog childId={child.id} name={name} initialPurpose={recording} onClose={() => setRecording(null)} />
      )}
      <Dialog open={showHistory} onOpenChange={setShowHistory} title={`Consent history: ${name}`} width="max-w-xl">
        {showHistory && <ConsentHistory childId={child.id} when={when} />}
      </Dialog>
    </section>
  );
}

function ConsentHistory({ childId, when }: { childId: number; when: When }) {
  const { data, isPending, isError } = useConsentHistory(childId);
  if (isPending) return <p className="text-slate-600">Loading...</p>;
  if (isError)
    return (
      <p role="alert" className="text-red-700">
        Could not load the history. Please try again.
      </p>
    );
  if (data.length === 0) return <p className="text-slate-600">No consent has been recorded for this child yet.</p>;
  return (
    <ol className="divide-y divide-slate-100 text-sm" aria-label="Changes, newest first">
      {data.map((record) => (
        <li key={record.id} className="py-2">
          <p className="font-semibold text-slate-900">
            {CONSENT_PURPOSE_LABELS[record.purpose]}: {record.granted ? 'given' : 'withdrawn'}
          </p>
          <p className="text-xs text-slate-600">{recordedLine(record, when)}</p>
        </li>
      ))}
    </ol>
  );
}

/** The dialog's form: "given" or "withdrawn" as two radio buttons, made the API's true or false on submit. */
const RecordConsentSchema = z.object({
  purpose: ConsentChangeSchema.shape.purpose,
  granted: z.enum(['given', 'withdrawn'], 'Choose given or withdrawn.'),
  source: ConsentChangeSchema.shape.source,
});

function RecordConsentDialog({
  childId,
  name,
  initialPurpose,
  onClose,
}: {
  childId: number;
  name: string;
  initialPurpose: ConsentPurpose;
  onClose: () => void;
}) {
  const record = useRecordConsent(childId);
  const form = useZodForm(RecordConsentSchema, {
    defaultValues: { purpose: initialPurpose, granted: 'given', source: 'paper form' },
  });
  const submit = form.handleSubmit(async ({ granted, ...change }) => {
    try {
      await record.mutateAsync({ ...change, granted: granted === 'given' });
      toast.success('Consent recorded');
      onClose();
    } catch (error) {
      const unshown = showServerErrors(form, error);
      if (unshown) toast.error(unshown);
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Record consent: ${name}`}
      description="A consent a parent gave the school: on a paper form, by e-mail or in person."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <SelectField label="Purpose" error={errorAt(form, 'purpose')} {...form.register('purpose')}>
          {CONSENT_PURPOSES.map((purpose) => (
            <option key={purpose} value={purpose}>
              {CONSENT_PURPOSE_LABELS[purpose]}
            </option>
          ))}
        </SelectField>
        <fieldset>
          <legend className="mb-1 text-sm font-semibold text-slate-800">The parent&apos;s answer</legend>
          <div className="flex gap-6 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" value="given" {...form.register('granted')} /> Given
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" value="withdrawn" {...form.register('granted')} /> Withdrawn
            </label>
          </div>
          {errorAt(form, 'granted') && <p className="mt-1 text-sm text-red-700">{errorAt(form, 'granted')}</p>}
        </fieldset>
        <Field
          label="Source"
          hint="How the school was told, e.g. paper form"
          error={errorAt(form, 'source')}
          {...form.register('source')}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={record.isPending}>
            {record.isPending ? 'Saving…' : 'Record consent'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
