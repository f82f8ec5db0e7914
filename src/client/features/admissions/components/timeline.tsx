import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { TextArea } from '#client/features/media/components/textarea.tsx';
import { STAGE_LABELS } from '#shared/schemas/admission-stages.ts';
import type { TimelineEntry } from '#shared/schemas/admissions.ts';
import { useAddNote, useSendReply, useTimeline } from '../api/admissions.ts';

function describe(entry: TimelineEntry, formatDate: (iso: string) => string): string {
  switch (entry.kind) {
    case 'submitted':
      return 'Submitted on the website';
    case 'stage': {
      const move = `Moved from ${entry.fromStage ? STAGE_LABELS[entry.fromStage] : '?'} to ${entry.toStage ? STAGE_LABELS[entry.toStage] : '?'}`;
      return entry.visitAt ? `${move} (visit ${formatDate(entry.visitAt)})` : move;
    }
    case 'note':
      return 'Note';
    case 'reply':
      return entry.mailed ? 'Reply e-mailed to the family' : 'Reply (not e-mailed)';
    default:
      return entry.kind;
  }
}

/** An enquiry's history, oldest first, with a note and a reply form for staff who may write. */
export function EnquiryTimeline({
  id,
  canWrite,
  formatDate,
}: {
  id: number;
  canWrite: boolean;
  formatDate: (iso: string) => string;
}) {
  const { data, isLoading, isError } = useTimeline(id);
  return (
    <section aria-labelledby={`timeline-${id}`} className="mt-6">
      <h3 id={`timeline-${id}`} className="text-base font-bold text-slate-900">
        Timeline
      </h3>
      {isLoading ? (
        <p className="text-sm text-slate-600">Loading...</p>
      ) : isError || !data ? (
        <p role="alert" className="text-sm text-red-700">
          Could not load the timeline.
        </p>
      ) : (
        <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-4 text-sm">
          {data.map((entry) => (
            <li key={entry.id}>
              <p className="font-semibold text-slate-800">{describe(entry, formatDate)}</p>
              <p className="text-xs text-slate-600">
                {formatDate(entry.at)}
                {entry.by && ` · ${entry.by}`}
              </p>
              {entry.text && <p className="mt-1 whitespace-pre-line text-slate-700">{entry.text}</p>}
            </li>
          ))}
        </ol>
      )}
      {canWrite && <TimelineForms id={id} />}
    </section>
  );
}

function TimelineForms({ id }: { id: number }) {
  const addNote = useAddNote();
  const sendReply = useSendReply();
  const [note, setNote] = useState('');
  const [reply, setReply] = useState('');
  const [unsent, setUnsent] = useState<{ message: string; to: string; subject: string } | null>(null);

  const saveNote = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await addNote.mutateAsync({ id, text: note });
      setNote('');
      toast.success('Note added');
    } catch (err) {
      toast.error((err as Error).message);
    }
  };
  const send = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const result = await sendReply.mutateAsync({ id, message: reply });
      setReply('');
      if (result.mailed) toast.success('Reply sent');
      else
        setUnsent({ message: result.message ?? 'Not e-mailed', to: result.mail?.to ?? '', subject: result.mail?.subject ?? '' });
    } catch (err) {
      toast.error((err as Error).message);
    }
  };
  return (
    <div className="mt-4 grid gap-4 sm:grid-cols-2">
      <form onSubmit={(e) => void saveNote(e)} className="space-y-2">
        <TextArea label="Add a note" rows={3} value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} />
        <Button type="submit" size="sm" variant="secondary" disabled={!note.trim() || addNote.isPending}>
          Add note
        </Button>
      </form>
      <form onSubmit={(e) => void send(e)} className="space-y-2">
        <TextArea
          label="Reply to the family"
          rows={3}
          value={reply}
          onChange={(e) => setReply(e.target.value)}
          maxLength={10000}
        />
        <Button type="submit" size="sm" disabled={!reply.trim() || sendReply.isPending}>
          Send reply
        </Button>
        {unsent && (
          <p role="status" className="text-sm text-amber-900">
            {unsent.message} To: {unsent.to}, subject “{unsent.subject}”.
          </p>
        )}
      </form>
    </div>
  );
}
