/**
 * Paging of the store list (PRODUCT.md#results-page, #paging-and-timing): 5 stores a page, a window of 5 page
 * numbers, pagination only with more than one page, and the announcement numbers.
 *
 * Decisions where PRODUCT.md is silent:
 * - Pages are 1-based. A page number out of range (or not an integer) is clamped into
 *   1..pageCount; with no items there is one (empty) page.
 * - "Near the start" means current ≤ 3 and "near the end" current ≥ n-2, so the window always
 *   holds 5 numbers when there are at least 5 pages and is centred otherwise.
 * - The announcement of an empty list is {from: 0, to: 0, total: 0}.
 */

/** Stores per page (PRODUCT.md#paging-and-timing). */
export const PAGE_SIZE = 5;
/** Page numbers in the pagination window (PRODUCT.md#paging-and-timing). */
export const PAGINATION_WINDOW = 5;
/** How long the pagination announcement stays, in ms (PRODUCT.md#paging-and-timing). */
export const PAGINATION_ANNOUNCEMENT_MS = 4000;

/** Number of pages for a number of items (at least 1). */
export function pageCount(totalItems: number, pageSize: number = PAGE_SIZE): number {
  if (!Number.isFinite(totalItems) || totalItems <= 0 || pageSize <= 0) return 1;
  return Math.ceil(totalItems / pageSize);
}

/** The page clamped into 1..pages. */
export function clampPage(page: number, pages: number): number {
  const last = Math.max(1, Math.floor(pages));
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.floor(page)), last);
}

/** The items of a 1-based page. */
export function pageSlice<T>(items: readonly T[], page: number, pageSize: number = PAGE_SIZE): T[] {
  const current = clampPage(page, pageCount(items.length, pageSize));
  const start = (current - 1) * pageSize;
  return items.slice(start, start + pageSize);
}

/**
 * The page numbers to show (PRODUCT.md#paging-and-timing): 1–5 near the start, n-4..n near the end, otherwise the
 * current page ±2; with fewer pages than the window, all of them.
 */
export function paginationWindow(
  currentPage: number,
  totalPages: number,
  size: number = PAGINATION_WINDOW,
): number[] {
  const pages = Math.max(1, Math.floor(totalPages));
  const current = clampPage(currentPage, pages);
  const width = Math.min(size, pages);
  const half = Math.floor(size / 2);
  const start = Math.min(Math.max(1, current - half), pages - width + 1);
  return Array.from({ length: width }, (_, i) => start + i);
}

/** Pagination shows only when there is more than one page (PRODUCT.md#paging-and-timing). */
export function showPagination(totalItems: number, pageSize: number = PAGE_SIZE): boolean {
  return pageCount(totalItems, pageSize) > 1;
}

export interface PageAnnouncement {
  from: number;
  to: number;
  total: number;
}

/** "showing results {from} to {to} of {total}" for a page (PRODUCT.md#paging-and-timing). */
export function pageAnnouncement(
  page: number,
  totalItems: number,
  pageSize: number = PAGE_SIZE,
): PageAnnouncement {
  const total = Math.max(0, Math.floor(Number.isFinite(totalItems) ? totalItems : 0));
  if (total === 0) return { from: 0, to: 0, total: 0 };
  const current = clampPage(page, pageCount(total, pageSize));
  const from = (current - 1) * pageSize + 1;
  return { from, to: Math.min(total, from + pageSize - 1), total };
}
