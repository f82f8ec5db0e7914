import { describe, expect, it } from 'vitest';
import { readRule, repeatOfRule, ruleOfRepeat } from './repeat-rule.ts';
import { ruleWords } from './rule-words.ts';

const LONDON = 'Europe/London';

describe('ruleWords', () => {
  it.each([
    ['FREQ=WEEKLY;BYDAY=TU;UNTIL=20270718T225959Z', true, 'Every Tuesday in term time until July 18, 2027'],
    ['FREQ=MONTHLY;BYDAY=1FR;COUNT=10', false, 'First Friday of every month, 10 times'],
    ['FREQ=MONTHLY;BYDAY=-1FR;COUNT=3', false, 'Last Friday of every month, 3 times'],
    ['FREQ=MONTHLY;BYDAY=FR;BYSETPOS=1;COUNT=3', false, 'First Friday of every month, 3 times'],
    ['FREQ=DAILY;UNTIL=20270131', false, 'Every day until January 31, 2027'],
    ['FREQ=DAILY;INTERVAL=2;COUNT=1', false, 'Every 2 days, once'],
    ['FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=6', false, 'Every Monday, Wednesday and Friday, 6 times'],
    ['FREQ=WEEKLY;BYDAY=FR,MO,TU,WE,TH;COUNT=6', false, 'Every weekday, 6 times'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=6', false, 'Every 2 weeks on Tuesday and Thursday, 6 times'],
    ['FREQ=MONTHLY;BYMONTHDAY=15;COUNT=4', false, 'Every month on the 15th, 4 times'],
    ['FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1;COUNT=4', false, 'Every 3 months on the 1st, 4 times'],
  ])('%s', (rrule, termTime, words) => {
    expect(ruleWords({ rrule, startsLocal: '2027-01-05T09:30', termTime }, LONDON)).toBe(words);
  });

  it('reads UNTIL on the school clock (late evening in New York is the next day in UTC)', () => {
    expect(
      ruleWords(
        { rrule: 'FREQ=DAILY;UNTIL=20270719T035959Z', startsLocal: '2027-01-05T09:30', termTime: false },
        'America/New_York',
      ),
    ).toBe('Every day until July 18, 2027');
  });
});

describe('readRule', () => {
  it.each([
    ['FREQ=WEEKLY;BYHOUR=9;COUNT=2', 'The repeat rule has a part Sprout does not read: BYHOUR.'],
    ['FREQ=YEARLY;COUNT=2', "The repeat rule's FREQ must be DAILY, WEEKLY or MONTHLY, not YEARLY."],
    ['FREQ=HOURLY;COUNT=2', 'FREQ=HOURLY would give more than 1,000 dates a year: Sprout repeats events daily at most.'],
    ['FREQ=WEEKLY;BYDAY=TU', 'The repeat rule must end: give an end date (UNTIL) or a number of times (COUNT).'],
    ['FREQ=WEEKLY;BYDAY=XX;COUNT=2', "The repeat rule's BYDAY is not valid: XX."],
    ['FREQ=WEEKLY;BYDAY=1TU;COUNT=2', 'A numbered BYDAY (such as 1FR) is read only with FREQ=MONTHLY.'],
  ])('%s', (rrule, error) => {
    expect(readRule(rrule)).toEqual({ error });
  });
});

describe('ruleOfRepeat and repeatOfRule', () => {
  it('turn the form’s choices into a rule and back', () => {
    const start = '2027-01-01T10:00';
    const monthly = ruleOfRepeat(
      { freq: 'monthly', interval: 1, monthlyBy: 'weekday', count: 10, termTime: false },
      start,
      LONDON,
    );
    expect(monthly).toBe('FREQ=MONTHLY;BYDAY=1FR;COUNT=10');
    const weekly = ruleOfRepeat(
      { freq: 'weekly', interval: 1, weekdays: ['TH', 'TU'], until: '2027-07-18', termTime: true },
      start,
      LONDON,
    );
    expect(weekly).toBe('FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270718T225959Z');
    expect(repeatOfRule(weekly, LONDON, true)).toEqual({
      freq: 'weekly',
      interval: 1,
      weekdays: ['TU', 'TH'],
      monthlyBy: undefined,
      until: '2027-07-18',
      count: null,
      termTime: true,
    });
    expect(repeatOfRule('FREQ=MONTHLY;BYDAY=FR;BYSETPOS=1;COUNT=3', LONDON, false)).toBeNull();
  });
});
