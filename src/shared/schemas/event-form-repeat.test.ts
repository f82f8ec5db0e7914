import { describe, expect, it } from 'vitest';
import { eventFormField, eventFormSchema, NEW_EVENT_FORM, type EventFormValues } from './event.ts';

const filled: EventFormValues = {
  ...NEW_EVENT_FORM,
  title: 'Forest School',
  description: 'Outdoors.',
  cover_image: 'https://example.com/forest.jpg',
  category: 'Outdoors',
  location: 'The woods',
  start_date: '2027-01-05T09:30',
  end_date: '2027-01-05T11:00',
};

describe('the event form’s Repeats section, branch and publish-at', () => {
  it('gives the API a weekly term-time repeat for a branch, scheduled on the school clock', () => {
    const payload = eventFormSchema('Europe/London').parse({
      ...filled,
      branch: 'City Branch',
      publishAt: '2026-12-20T08:00',
      repeatFreq: 'weekly',
      repeatDays: ['TU', 'TH'],
      repeatUntil: '2027-07-18',
      termTime: true,
    });
    expect(payload).toMatchObject({
      branch: 'City Branch',
      publishAt: '2026-12-20T08:00:00.000Z',
      repeat: { freq: 'weekly', interval: 1, weekdays: ['TU', 'TH'], until: '2027-07-18', count: null, termTime: true },
    });
  });

  it('sends no repeat for "Does not repeat", and monthly on the weekday after a number of times', () => {
    expect(eventFormSchema('UTC').parse(filled)).toMatchObject({ repeat: null, branch: null, publishAt: null });
    expect(
      eventFormSchema('UTC').parse({ ...filled, repeatFreq: 'monthly-weekday', repeatEnds: 'count', repeatCount: '10' }).repeat,
    ).toMatchObject({ freq: 'monthly', monthlyBy: 'weekday', count: 10, until: null });
  });

  it('says beside "Last date" that the repeat must end', () => {
    const result = eventFormSchema('UTC').safeParse({ ...filled, repeatFreq: 'daily' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['repeatUntil', 'Say when it stops repeating: on a date or after a number of times.'],
    ]);
  });
});

describe('eventFormField', () => {
  it('puts the API’s messages about a repeat beside the form’s own fields', () => {
    const until = { repeatEnds: 'until' } as const;
    expect(eventFormField(['rrule'], until)).toBe('repeatFreq');
    expect(eventFormField(['repeat', 'until'], until)).toBe('repeatUntil');
    expect(eventFormField(['repeat', 'until'], { repeatEnds: 'count' })).toBe('repeatCount');
    expect(eventFormField(['repeat', 'weekdays', '0'], until)).toBe('repeatDays');
    expect(eventFormField(['publishAt'], until)).toBe('publishAt');
    expect(eventFormField(['end_date'], until)).toBe('end_date');
  });
});
