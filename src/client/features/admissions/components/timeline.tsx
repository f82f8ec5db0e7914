import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { TextArea } from '#client/features/media/components/textarea.tsx';
import { STAGE_LABELS } from '#shared/schemas/admission-stages.ts';
import type { TimelineEntry } from '#shared/schemas/admissions.ts';
import { useAddNote, useSendReply, useTimeline } from '../api/admissions.ts';
import { CopyTextButton } from './copy-text-button.tsx';

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
  const { data: answer, isLoading, isError } = useTimeline(id);
  const data = answer?.data;
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
      {canWrite && <TimelineForms id={id} mailConfigured={answer?.mail.configured ?? true} />}
    </section>
  );
}

function TimelineForms({ id, mailConfigured }: { id: number; mailConfigured: boolean }) {
  const addNote = useAddNote();
  const sendReply = useSendReply();
  const [note, setNote] = useState('');
  const [reply, setReply] = useState('');
  const [unsent, setUnsent] = useState<{ message: string; to: string; subject: string; text: string } | null>(null);

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
        setUnsent({
          message: result.message ?? 'Not e-mailed',
          to: result.mail?.to ?? '',
          subject: result.mail?.subject ?? '',
          text: result.mail?.text ?? reply,
        });
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
          aria-describedby={mailConfigured ? undefined : `reply-no-mail-${id}`}
        />
        {!mailConfigured && (
          <p id={`reply-no-mail-${id}`} className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
            E-mail is not set up on this server: the reply is kept in the timeline and you send it yourself.
          </p>
        )}
        <Button type="submit" size="sm" disabled={!reply.trim() || sendReply.isPending}>
          {mailConfigured ? 'Send reply' : 'Keep the reply to send myself'}
        </Button>
        {unsent && (
          <div role="status" className="space-y-2 text-sm text-amber-900">
            <p>
              {unsent.message} To: {unsent.to}, subject “{unsent.subject}”.
            </p>
            <CopyTextButton text={unsent.text} label="Copy the reply" />
          </div>
        )}
      </form>
    </div>
  );
}
