import { describe, expect, it } from 'vitest';
import {
  PAGE_SIZE,
  clampPage,
  pageAnnouncement,
  pageCount,
  pageSlice,
  paginationWindow,
  showPagination,
} from '../src/paging.js';

const items = Array.from({ length: 23 }, (_, i) => i + 1);

describe('pages (PRODUCT.md#paging-and-timing)', () => {
  it('has 5 stores a page', () => {
    expect(PAGE_SIZE).toBe(5);
    expect(pageCount(23)).toBe(5);
    expect(pageCount(5)).toBe(1);
    expect(pageCount(6)).toBe(2);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(Number.NaN)).toBe(1);
    expect(pageCount(10, 0)).toBe(1);
  });

  it('slices a page', () => {
    expect(pageSlice(items, 1)).toEqual([1, 2, 3, 4, 5]);
    expect(pageSlice(items, 5)).toEqual([21, 22, 23]);
    expect(pageSlice(items, 99)).toEqual([21, 22, 23]);
    expect(pageSlice(items, 0)).toEqual([1, 2, 3, 4, 5]);
    expect(pageSlice([], 1)).toEqual([]);
    expect(pageSlice(items, 2, 10)).toEqual(items.slice(10, 20));
  });

  it('clamps pages', () => {
    expect(clampPage(3.7, 5)).toBe(3);
    expect(clampPage(-1, 5)).toBe(1);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(9, 0)).toBe(1);
  });

  it('shows pagination only with more than one page', () => {
    expect(showPagination(5)).toBe(false);
    expect(showPagination(6)).toBe(true);
    expect(showPagination(0)).toBe(false);
  });
});

describe('pagination window (PRODUCT.md#paging-and-timing)', () => {
  it.each([
    [1, 10, [1, 2, 3, 4, 5]],
    [2, 10, [1, 2, 3, 4, 5]],
    [3, 10, [1, 2, 3, 4, 5]],
    [4, 10, [2, 3, 4, 5, 6]],
    [6, 10, [4, 5, 6, 7, 8]],
    [8, 10, [6, 7, 8, 9, 10]],
    [9, 10, [6, 7, 8, 9, 10]],
    [10, 10, [6, 7, 8, 9, 10]],
    [1, 3, [1, 2, 3]],
    [3, 3, [1, 2, 3]],
    [1, 1, [1]],
    [4, 5, [1, 2, 3, 4, 5]],
    [1, 0, [1]],
    [50, 10, [6, 7, 8, 9, 10]],
  ])('page %i of %i → %j', (page, pages, window) => {
    expect(paginationWindow(page, pages)).toEqual(window);
  });
});

describe('announcement (PRODUCT.md#paging-and-timing)', () => {
  it('gives from, to and total', () => {
    expect(pageAnnouncement(1, 23)).toEqual({ from: 1, to: 5, total: 23 });
    expect(pageAnnouncement(5, 23)).toEqual({ from: 21, to: 23, total: 23 });
    expect(pageAnnouncement(9, 23)).toEqual({ from: 21, to: 23, total: 23 });
    expect(pageAnnouncement(1, 0)).toEqual({ from: 0, to: 0, total: 0 });
    expect(pageAnnouncement(1, Number.NaN)).toEqual({ from: 0, to: 0, total: 0 });
  });
});
