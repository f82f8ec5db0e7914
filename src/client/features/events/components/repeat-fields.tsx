import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Field } from '../../../components/ui/field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { WEEKDAY_NAMES as DAY_NAMES, weekdayOf, weekOfMonth, WEEKDAYS } from '../../../../shared/repeat-rule.ts';
import { nth as ordinal } from '../../../../shared/rule-words.ts';
import type { EventFormValues } from '../../../../shared/schemas/event.ts';
import { errorAt } from '../../../lib/zod-form.ts';

const WEEK = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' } as Record<number, string>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type EventForm = UseFormReturn<EventFormValues, any, any>;

/**
 * Issue 34: the event form's Repeats section: does not repeat, daily, weekly on chosen days,
 * monthly on the date or on the weekday; ending on a date or after a number of times; only in term time.
 */
export function RepeatFields({ form, customWords }: { form: EventForm; customWords?: string }) {
  const [freq, ends, start] = useWatch({ control: form.control, name: ['repeatFreq', 'repeatEnds', 'start_date'] });
  const day = /^\d{4}-\d{2}-\d{2}/.test(start) ? start : null;
  const repeats = freq !== '';
  const daysError = errorAt(form, 'repeatDays');
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Repeats</legend>
      {/* The section's title names the choice too: the label is for screen readers only (one "Repeats" seen). */}
      <SelectField
        label={<span className="sr-only">Repeats</span>}
        {...form.register('repeatFreq')}
        error={errorAt(form, 'repeatFreq')}
      >
        <option value="">Does not repeat</option>
        <option value="daily">Daily</option>
        <option value="weekly">Weekly on chosen days</option>
        <option value="monthly-date">Monthly on the date{day ? ` (the ${ordinal(Number(day.slice(8, 10)))})` : ''}</option>
        <option value="monthly-weekday">
          Monthly on the weekday{day ? ` (the ${WEEK[weekOfMonth(day)]} ${DAY_NAMES[weekdayOf(day)]})` : ''}
        </option>
        {customWords !== undefined && <option value="custom">As set through the API: {customWords}</option>}
      </SelectField>
      {freq === 'weekly' && (
        <fieldset aria-describedby={daysError ? 'repeat-days-error' : undefined}>
          <legend className="mb-1 text-sm font-semibold text-slate-800">On these days</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {WEEKDAYS.map((d) => (
              <label key={d} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" value={d} className="h-5 w-5" {...form.register('repeatDays')} />
                {DAY_NAMES[d]}
              </label>
            ))}
          </div>
          <p className="mt-1 text-xs text-slate-600">None chosen: the start date’s day.</p>
          {daysError && (
            <p id="repeat-days-error" className="mt-1 text-sm font-medium text-red-700">
              {daysError}
            </p>
          )}
        </fieldset>
      )}
      {repeats && freq !== 'custom' && (
        <fieldset>
          <legend className="mb-1 text-sm font-semibold text-slate-800">Ends</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input type="radio" value="until" className="h-5 w-5" {...form.register('repeatEnds')} /> On a date
              </label>
              {ends === 'until' && (
                <Field label="Last date" type="date" {...form.register('repeatUntil')} error={errorAt(form, 'repeatUntil')} />
              )}
            </div>
            <div>
              <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input type="radio" value="count" className="h-5 w-5" {...form.register('repeatEnds')} /> After a number of times
              </label>
              {ends === 'count' && (
                <Field
                  label="Number of times"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={1000}
                  {...form.register('repeatCount')}
                  error={errorAt(form, 'repeatCount')}
                />
              )}
            </div>
          </div>
        </fieldset>
      )}
      {repeats && (
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="h-5 w-5" {...form.register('termTime')} />
          Only in term time (not in half-terms or holidays; closures are always skipped)
        </label>
      )}
    </fieldset>
  );
}
