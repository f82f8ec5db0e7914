import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { TextArea } from '#client/features/media/components/textarea.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { fromDatetimeLocal } from '#shared/dates.ts';
import { STAGE_LABELS, type AdmissionStage } from '#shared/schemas/admission-stages.ts';
import type { CapacityLine } from '#shared/schemas/admissions.ts';
import { useMoveStage, type VisitOutcome } from '../api/admissions.ts';
import { CopyTextButton } from './copy-text-button.tsx';

export interface MoveTarget {
  id: number;
  name: string;
  to: AdmissionStage;
}

/**
 * Moving a family to another stage: an optional note, the visit's time for Visit booked, the
 * capacity warning before an offer passes the seats, and the visit text when no e-mail went out.
 */
export function MoveDialog({ target, timeZone, onClose }: { target: MoveTarget | null; timeZone: string; onClose: () => void }) {
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={target ? `Move ${target.name} to ${STAGE_LABELS[target.to]}` : ''}
    >
      {target && <MoveForm key={`${target.id}-${target.to}`} target={target} timeZone={timeZone} onClose={onClose} />}
    </Dialog>
  );
}

function MoveForm({ target, timeZone, onClose }: { target: MoveTarget; timeZone: string; onClose: () => void }) {
  const move = useMoveStage();
  const [note, setNote] = useState('');
  const [visitLocal, setVisitLocal] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [overCapacity, setOverCapacity] = useState<{ message: string; line: CapacityLine } | null>(null);
  const [visit, setVisit] = useState<VisitOutcome | null>(null);
  const needsVisit = target.to === 'visit_booked';

  const send = async (confirmOverCapacity: boolean) => {
    setError(null);
    setFields({});
    try {
      const result = await move.mutateAsync({
        id: target.id,
        to: target.to,
        note: note || undefined,
        visitAt: needsVisit && visitLocal ? fromDatetimeLocal(visitLocal, timeZone) : undefined,
        confirmOverCapacity,
      });
      if (result.visit && !result.visit.mailed) return setVisit(result.visit);
      toast.success(
        result.visit?.mailed
          ? `Visit booked; ${target.name}'s family was e-mailed the invitation`
          : `${target.name} moved to ${STAGE_LABELS[target.to]}`,
      );
      onClose();
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { code?: string; capacity?: CapacityLine } | undefined) : undefined;
      if (body?.code === 'OVER_CAPACITY' && body.capacity)
        return setOverCapacity({ message: (err as Error).message, line: body.capacity });
      setError((err as Error).message);
      if (err instanceof ApiError && err.fields) setFields(err.fields);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(false);
  };

  if (visit) {
    return (
      <div className="space-y-3">
        <p role="status" className="text-sm text-slate-700">
          {visit.error ?? 'E-mail is not set up on this server: send the family this invitation yourself.'}
        </p>
        <TextArea id={`visit-text-${target.id}`} label={visit.subject} readOnly rows={8} value={visit.text} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CopyTextButton text={visit.text} fieldId={`visit-text-${target.id}`} label="Copy the invitation" />
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    );
  }
  if (overCapacity) {
    return (
      <div className="space-y-4">
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {overCapacity.message}
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={move.isPending} onClick={() => void send(true)}>
            Offer anyway
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {needsVisit && (
        <Field
          label="Visit date and time"
          type="datetime-local"
          required
          value={visitLocal}
          onChange={(e) => setVisitLocal(e.target.value)}
          error={fields.visitAt}
          hint={`In the school's time (${timeZone}).`}
        />
      )}
      <TextArea label="Note (optional)" rows={3} value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} />
      {error && !Object.keys(fields).length && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" type="button" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={move.isPending}>
          {move.isPending ? 'Moving…' : `Move to ${STAGE_LABELS[target.to]}`}
        </Button>
      </div>
    </form>
  );
}
