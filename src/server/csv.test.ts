import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from './csv.ts';

describe('csvCell', () => {
  it.each([
    '=1+1',
    '+1',
    '-1+2',
    '@SUM(A1)',
    '\t=1',
    '\r=1',
    ' =1+1',
    ';=1+1',
    'a;=1+1',
    'Fête,=HYPERLINK("x")',
    'x|=cmd',
    'x\t@A1',
    'x; -2+3',
    'line\n=1+1',
  ])('keeps %j as text with a quote before it', (text) => {
    expect(csvCell(text)).toBe(`'${text}`);
  });

  it.each(['Asha Rao', 'Fête, "école"', 'title, location', 'Smith-Jones', 'a@b.test', '2027-01-01', '', 'x=1', '1+1'])(
    'leaves %j as it is',
    (text) => {
      expect(csvCell(text)).toBe(text);
    },
  );

  it('writes numbers and nothing as they are', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('answers in linear time on a long hostile cell', () => {
    const start = performance.now();
    csvCell(`${' '.repeat(100_000)}x`);
    csvCell(';'.repeat(100_000));
    expect(performance.now() - start).toBeLessThan(100);
  });
});

describe('csvText', () => {
  it('quotes every cell, the header too, and passes every text cell through csvCell', () => {
    const text = csvText(
      ['Name', 'Count', 'Note'],
      [
        [';=1+1', 2, null],
        ['Fête, "école"', -1, 'ok'],
      ],
    );
    expect(text.split('\n')).toEqual(['\uFEFF"Name","Count","Note"', `"';=1+1","2",""`, '"Fête, ""école""","-1","ok"', '']);
  });
});
