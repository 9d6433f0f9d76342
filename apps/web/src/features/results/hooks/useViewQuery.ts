import { useCallback } from 'react';
import { useLocation, useNavigate, useNavigationType, type SavedView } from '../../../lib/router';
import { viewQueryOf, withViewQuery } from '../request';

const OPENED_HERE = 'storeOpened';

/**
 * The view within the shown results that the URL holds (`page`, `store`), so that each results
 * page and the narrow detail view is a history entry: turning a page and opening a store push
 * one; a filter change goes back to page 1 in place; "Back to stores" goes back when the detail
 * view was opened here (else it replaces the entry). `entry` is the current entry, with its
 * saved view when it was reached by Back/Forward or reload.
 */
export function useViewQuery() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const { page, store } = viewQueryOf(new URLSearchParams(location.search));
  const { search } = location;
  const openedHere =
    typeof location.state === 'object' && location.state !== null && OPENED_HERE in location.state;

  const setPage = useCallback(
    (next: number, replace = false) =>
      navigate({ search: withViewQuery(search, { page: next }) }, { replace }),
    [navigate, search],
  );
  const openStore = useCallback(
    (id: string) =>
      navigate(
        { search: withViewQuery(search, { page, store: id }) },
        { state: { [OPENED_HERE]: true } },
      ),
    [navigate, search, page],
  );
  const closeStore = useCallback(() => {
    if (openedHere) navigate(-1);
    else navigate({ search: withViewQuery(search, { page }) }, { replace: true });
  }, [navigate, openedHere, search, page]);

  const entry: ViewEntry = { location, popped: navigationType === 'POP', view: location.view };
  return { page, store, setPage, openStore, closeStore, entry };
}

/** The current history entry: reached by Back/Forward or load (`popped`), its saved view. */
export interface ViewEntry {
  location: object;
  popped: boolean;
  view: SavedView | undefined;
}
