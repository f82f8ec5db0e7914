import { useEffect } from 'react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { NativeSelect } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { useCan } from '#client/features/auth/hooks/use-can.ts';
import { errorAt, showServerErrors, useZodForm } from '#client/lib/zod-form.ts';
import { formatLongDate, formatTime } from '#shared/dates.ts';
import { WEEKDAYS } from '#shared/schemas/newsletter-options.ts';
import { DigestSettingsSchema, type DigestStatus } from '#shared/schemas/newsletter.ts';
import { useSaveDigest } from '../api/digest.ts';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourText = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** The weekly digest (issue 33): on or off, and its day and hour on the school's clock. */
export function DigestSettingsForm({ status, timeZone }: { status: DigestStatus; timeZone: string }) {
  const canWrite = useCan('notices', 'write');
  const values = { enabled: status.enabled, weekday: status.weekday, hour: status.hour };
  const form = useZodForm(DigestSettingsSchema, { defaultValues: values });
  const save = useSaveDigest();
  const { reset } = form;
  useEffect(
    () => reset({ enabled: status.enabled, weekday: status.weekday, hour: status.hour }),
    [reset, status.enabled, status.weekday, status.hour],
  );
  const submit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      toast.success(input.enabled ? 'Weekly digest turned on' : 'Weekly digest turned off');
    } catch (error) {
      const unshown = showServerErrors(form, error);
      if (unshown) toast.error(unshown);
    }
  });
  const when = (iso: string) => `${formatLongDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="digest-settings"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-6"
    >
      <h2 id="digest-settings" className="text-lg font-bold text-slate-900">
        Weekly digest
      </h2>
      <p className="text-sm text-slate-600">
        Once a week, the posts published since the last digest and the events of the coming two weeks go to everyone subscribed to
        news or events. When nothing is new, nothing is sent.
      </p>
      <div className="flex items-center gap-2">
        <input id="digest-enabled" type="checkbox" className="h-4 w-4" disabled={!canWrite} {...form.register('enabled')} />
        <Label htmlFor="digest-enabled">Send the weekly digest</Label>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <Label htmlFor="digest-weekday">Day</Label>
          <NativeSelect
            id="digest-weekday"
            disabled={!canWrite}
            {...form.register('weekday', { valueAsNumber: true })}
            invalid={Boolean(errorAt(form, 'weekday'))}
          >
            {WEEKDAYS.map((day, i) => (
              <option key={day} value={i}>
                {day}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div>
          <Label htmlFor="digest-hour">Hour ({timeZone})</Label>
          <NativeSelect
            id="digest-hour"
            disabled={!canWrite}
            {...form.register('hour', { valueAsNumber: true })}
            invalid={Boolean(errorAt(form, 'hour'))}
          >
            {HOURS.map((h) => (
              <option key={h} value={h}>
                {hourText(h)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {canWrite && (
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        )}
      </div>
      <p className="text-sm text-slate-700">
        {status.nextAt ? `Next digest: ${when(status.nextAt)}.` : 'The digest is off.'}
        {status.lastAt ? ` Last looked at: ${when(status.lastAt)}.` : ''}
      </p>
    </form>
  );
}
