import { describe, expect, it } from 'vitest';
import type { SchoolDate } from '#shared/school-year.ts';
import { academicYears, yearStartMonth } from './academic-years.ts';

let id = 0;
const d = (
  kind: SchoolDate['kind'],
  name: string,
  starts_on: string,
  ends_on: string,
  branch: string | null = null,
): SchoolDate => ({
  id: ++id,
  kind,
  name,
  starts_on,
  ends_on,
  branch,
});

describe('the school year grouped by academic year', () => {
  it('starts the year after the summer break, and puts half-terms under their term', () => {
    const dates = [
      d('term', 'Spring 2031', '2031-01-06', '2031-03-28'),
      d('term', 'Summer 2031', '2031-04-14', '2031-07-18'),
      d('term', 'Autumn 2031', '2031-09-03', '2031-12-19'),
      d('half_term', 'October', '2031-10-27', '2031-10-31'),
      d('closure', 'Training', '2031-11-14', '2031-11-14', 'City'),
      d('closure', 'Summer fair set-up', '2031-08-20', '2031-08-20'),
    ];
    expect(yearStartMonth(dates)).toBe(9);
    const years = academicYears(dates);
    expect(years.map((y) => y.label)).toEqual(['2030–31', '2031–32']);
    expect(years[0]!.terms.map((t) => t.term.name)).toEqual(['Spring 2031', 'Summer 2031']);
    expect(years[0]!.closures.map((c) => c.name)).toEqual(['Summer fair set-up']);
    expect(years[1]!.terms[0]!.halfTerms.map((h) => h.name)).toEqual(['October']);
    expect(years[1]!.closures.map((c) => c.name)).toEqual(['Training']);
  });

  it('follows a school whose year starts in June', () => {
    const dates = [
      d('term', 'Term 1', '2031-06-02', '2031-09-30'),
      d('term', 'Term 2', '2031-10-20', '2032-03-31'),
      d('term', 'Term 1', '2032-06-01', '2032-09-30'),
    ];
    expect(academicYears(dates).map((y) => [y.label, y.terms.length])).toEqual([
      ['2031–32', 2],
      ['2032–33', 1],
    ]);
  });

  it('sees the long holiday of a single year entered (March to June), not the shorter breaks between its terms', () => {
    const dates = [
      d('term', 'Monsoon term', '2026-06-08', '2026-09-25'),
      d('term', 'Autumn term', '2026-10-19', '2026-12-18'),
      d('term', 'Spring term', '2027-01-11', '2027-03-26'),
    ];
    expect(yearStartMonth(dates)).toBe(6);
    expect(academicYears(dates).map((y) => [y.label, y.terms.length])).toEqual([['2026–27', 3]]);
  });

  it('keeps a half-term no term holds in its year, apart', () => {
    const years = academicYears([d('half_term', 'Lost', '2031-10-27', '2031-10-31')]);
    expect(years[0]!.loose.map((h) => h.name)).toEqual(['Lost']);
  });
});
