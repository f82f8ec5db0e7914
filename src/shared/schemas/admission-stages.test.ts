import { describe, expect, it } from 'vitest';
import { ageOn, ageOutside, ageWarning, monthsOn, outsideAges, yearsAndMonthsInWords } from './admission-stages.ts';

const nursery = { name: 'Nursery', ages: 'Ages 3-4', minAge: 3, maxAge: 4 };

describe('a child’s age at the wanted start', () => {
  it('counts whole months, a month not yet complete left out', () => {
    expect(monthsOn('2022-05-20', '2027-04-01')).toBe(58);
    expect(monthsOn('2022-05-20', '2027-05-20')).toBe(60);
    expect(monthsOn('2022-05-20', '')).toBeNull();
    expect(ageOn('2022-05-20', '2027-04-01')).toBe('4 y 10 m');
    expect(ageOn('2028-01-01', '2027-04-01')).toBe('not born yet');
  });

  it('takes a band’s upper age as parents say it: Ages 3-4 runs to the fifth birthday', () => {
    expect(outsideAges(35, nursery)).toBe(true);
    expect(outsideAges(36, nursery)).toBe(false);
    expect(outsideAges(59, nursery)).toBe(false);
    expect(outsideAges(60, nursery)).toBe(true);
    // Toddlers from 18 months; a fractional upper bound is its last month.
    expect(outsideAges(17, { minAge: 1.5, maxAge: 2.5 })).toBe(true);
    expect(outsideAges(30, { minAge: 1.5, maxAge: 2.5 })).toBe(false);
    expect(outsideAges(31, { minAge: 1.5, maxAge: 2.5 })).toBe(true);
    expect(outsideAges(200, { minAge: null, maxAge: null })).toBe(false);
  });

  it('warns of a child of 5 years 2 months for Nursery (3-4), and of nothing when the ages fit or are unknown', () => {
    expect(ageWarning('2022-02-01', '2027-04-01', nursery)).toBe('5 y 2 m at the start, outside Nursery (Ages 3-4)');
    expect(ageWarning('2023-02-01', '2027-04-01', nursery)).toBe('');
    expect(ageWarning('2022-02-01', '', nursery)).toBe('');
    expect(ageWarning('2022-02-01', '2027-04-01', undefined)).toBe('');
    expect(ageWarning('2022-02-01', '2027-04-01', { ...nursery, ages: '' })).toBe(
      '5 y 2 m at the start, outside Nursery (ages 3-4)',
    );
  });

  it('tells a parent the age in words and the band the programme is for', () => {
    expect(ageOutside('2022-02-01', '2027-04-01', nursery)).toEqual({ months: 62, band: 'Ages 3-4' });
    expect(ageOutside('2022-02-01', '2027-04-01', { ...nursery, ages: '', maxAge: null })).toBeNull();
    expect(ageOutside('2025-02-01', '2027-04-01', { ...nursery, ages: '', maxAge: null })).toEqual({
      months: 26,
      band: 'from age 3',
    });
    expect(yearsAndMonthsInWords(62)).toBe('5 years and 2 months');
    expect(yearsAndMonthsInWords(12)).toBe('1 year');
    expect(yearsAndMonthsInWords(13)).toBe('1 year and 1 month');
    expect(yearsAndMonthsInWords(8)).toBe('8 months');
  });
});
