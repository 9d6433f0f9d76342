import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useNavigationType, type SavedView } from '../../../lib/router';
import { viewQueryOf, withViewQuery, type ResultsShown } from '../request';

const OPENED_HERE = 'storeOpened';

/**
 * The view within the shown results that the URL holds (`page`, `store`, `show`, `filters`), so
 * that a shared or reloaded address shows the same, and each
 * results page, the narrow detail view and the narrow map are history entries: turning a page,
 * opening a store and switching between list and map push one; a store selected beside the map
 * (wide screens, the narrow map) is marked in place; a filter change goes back to page 1 in place; "Back to stores" goes back when the detail
 * view was opened here (else it replaces the entry). `entry` is the current entry, with its
 * saved view when it was reached by Back/Forward or reload.
 */
export function useViewQuery() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const query = viewQueryOf(new URLSearchParams(location.search));
  const { page, store, show } = query;
  const filterKey = query.filters.join(',');
  // The same array while the keys are the same (a dependency of the filtered list).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const filters = useMemo(() => query.filters, [filterKey]);
  const { search } = location;
  const openedHere =
    typeof location.state === 'object' && location.state !== null && OPENED_HERE in location.state;

  const setPage = useCallback(
    (next: number, replace = false) =>
      navigate({ search: withViewQuery(search, { page: next, show, filters }) }, { replace }),
    [navigate, search, show, filters],
  );
  /** Filters changed: in place, back to page 1. */
  const setFilters = useCallback(
    (next: string[]) =>
      navigate(
        { search: withViewQuery(search, { page: 1, show, filters: next }) },
        { replace: true },
      ),
    [navigate, search, show],
  );
  const setShow = useCallback(
    (next: ResultsShown) =>
      navigate({ search: withViewQuery(search, { page, show: next, filters }) }),
    [navigate, search, page, filters],
  );
  const openStore = useCallback(
    (id: string) =>
      navigate(
        { search: withViewQuery(search, { page, store: id, show, filters }) },
        { state: { [OPENED_HERE]: true } },
      ),
    [navigate, search, page, show, filters],
  );
  const markStore = useCallback(
    (id: string | null) =>
      navigate(
        { search: withViewQuery(search, { page, store: id ?? undefined, show, filters }) },
        { replace: true },
      ),
    [navigate, search, page, show, filters],
  );
  const closeStore = useCallback(() => {
    if (openedHere) navigate(-1);
    else navigate({ search: withViewQuery(search, { page, show, filters }) }, { replace: true });
  }, [navigate, openedHere, search, page, show, filters]);

  const entry: ViewEntry = { location, popped: navigationType === 'POP', view: location.view };
  return {
    page,
    store,
    show,
    filters,
    setPage,
    setShow,
    setFilters,
    openStore,
    markStore,
    closeStore,
    entry,
  };
}

/** The current history entry: reached by Back/Forward or load (`popped`), its saved view. */
export interface ViewEntry {
  location: object;
  popped: boolean;
  view: SavedView | undefined;
}
