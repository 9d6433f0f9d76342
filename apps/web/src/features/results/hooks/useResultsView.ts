/**
 * The list the results page shows (PRODUCT.md#page-states, #filters, #paging-and-timing): the stores normalised for the channel,
 * then filtered by the selected keys ("Open now" at the current minute) and paged 5 at a time. Drop-off filtering (PRODUCT.md#drop-off) is
 * applied once, by the server's search (a service search that is not a drop-off search answers
 * no store offering drop-off repairs, numbered from 1). The page and the selected filters are
 * the caller's (the URL's); a filter change goes back to page 1.
 */
import { useMemo, useState } from 'react';
import { useMinuteClock } from './useMinuteClock';
import {
  activeFilterCount,
  filterContextFromResults,
  filterGroupsFromResults,
  filterPanel,
  filterStores,
  normaliseStores,
  pageAnnouncement,
  pageCount,
  pageSlice,
  resolveProductOption,
  toggleFilter,
  type Channel,
  type ResultChannel,
  type SearchResults,
} from '@locator/core';

export interface ResultsViewInput {
  channelKey: ResultChannel;
  channel: Channel;
  results: SearchResults;
  productId: string;
  /** The page asked for (from 1). */
  page: number;
  /** Asks for another page. */
  onPage(page: number): void;
  /** The selected filter keys the URL had when the results were shown. */
  filters: readonly string[];
  /** Selects other filter keys (and goes back to page 1). */
  onFilters(next: string[]): void;
}

export function useResultsView({
  channelKey,
  channel,
  results,
  productId,
  page,
  onPage,
  filters,
  onFilters,
}: ResultsViewInput) {
  const chosen = resolveProductOption(channel, productId);
  const stores = useMemo(() => normaliseStores(results, channelKey), [results, channelKey]);
  // "Open now" is judged at the current minute, so the filtered list follows the clock.
  const now = useMinuteClock();
  const filterCtx = useMemo(
    () => ({ ...filterContextFromResults(results, channelKey, chosen.code), now }),
    [results, channelKey, chosen.code, now],
  );
  const panel = useMemo(
    () =>
      filterPanel(
        filterGroupsFromResults(results, stores, channelKey),
        channelKey,
        chosen.code,
        stores.some((s) => s.hours !== undefined),
      ),
    [results, stores, channelKey, chosen.code],
  );
  // The URL's keys the panel offers (others are left out); a change shows at once, the URL
  // follows.
  const [selected, setSelected] = useState(() => {
    const offered = new Set(
      [panel.hours, panel.first, ...panel.more]
        .flatMap((g) => g?.filterData ?? [])
        .map((d) => d.code),
    );
    return filters.filter((k) => offered.has(k));
  });
  const select = (next: string[]) => {
    setSelected(next);
    onFilters(next);
  };
  const filtered = useMemo(
    () => filterStores(stores, selected, filterCtx),
    [stores, selected, filterCtx],
  );
  const pages = pageCount(filtered.length);
  const current = Math.min(page, pages);
  return {
    chosenProduct: chosen,
    stores,
    filtered,
    visible: pageSlice(filtered, current),
    page: current,
    pages,
    panel,
    selected,
    activeCount: activeFilterCount(selected),
    announcement: pageAnnouncement(current, filtered.length),
    toggle(key: string) {
      select(toggleFilter(selected, key));
    },
    resetFilters() {
      select([]);
    },
    goTo(next: number) {
      onPage(Math.min(Math.max(1, next), pages));
    },
  };
}

export type ResultsView = ReturnType<typeof useResultsView>;
