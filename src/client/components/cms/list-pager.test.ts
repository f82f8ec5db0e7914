import { describe, expect, it } from 'vitest';
import { pageWindow } from './list-pager.tsx';

describe('pageWindow', () => {
  it('offers the first, the last and two pages either side of the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 251)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 251]);
    expect(pageWindow(251, 251)).toEqual([1, 'gap', 249, 250, 251]);
    // A gap of one page shows the page instead of an ellipsis.
    expect(pageWindow(5, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap', 10]);
  });
});
