import { useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { formatScheduledFor, fromDatetimeLocal, toDatetimeLocal } from '#shared/dates.ts';

/**
 * Issue 34: when the server publishes the draft, chosen on the school's clock (whatever the
 * device's time zone). A scheduled post says when, and the time can be changed or cancelled.
 */
export function ScheduleBox({
  timeZone,
  scheduledAt,
  pending,
  onSchedule,
  onCancelSchedule,
}: {
  timeZone: string;
  /** The post's schedule as saved (ISO), null when none. */
  scheduledAt: string | null;
  pending: boolean;
  onSchedule: (at: string) => void;
  onCancelSchedule: () => void;
}) {
  const id = useId();
  const [when, setWhen] = useState(() => (scheduledAt ? toDatetimeLocal(scheduledAt, timeZone) : ''));
  const [problem, setProblem] = useState<string | null>(null);
  const schedule = () => {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(when)) return setProblem('Choose the day and time to publish it.');
    setProblem(null);
    onSchedule(fromDatetimeLocal(when, timeZone));
  };
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="space-y-2 rounded-xl bg-slate-50 p-3">
      <p id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        {scheduledAt ? `Scheduled for ${formatScheduledFor(scheduledAt, timeZone)}` : 'Schedule'}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <Label htmlFor={`${id}-at`}>Publish at</Label>
          <input
            id={`${id}-at`}
            type="datetime-local"
            value={when}
            onChange={(e) => setWhen(e.target.value)}
            aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
            aria-invalid={problem ? true : undefined}
            className="block rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900"
          />
        </div>
        <Button disabled={pending} onClick={schedule}>
          {scheduledAt ? 'Change schedule' : 'Schedule'}
        </Button>
        {scheduledAt && (
          <Button variant="ghost" disabled={pending} onClick={onCancelSchedule}>
            Cancel schedule
          </Button>
        )}
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        The school’s time ({timeZone}). The post stays a draft until then, and is published by the server with nobody signed in.
      </p>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm font-semibold text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
