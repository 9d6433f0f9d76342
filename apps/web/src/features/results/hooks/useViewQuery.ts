import { useCallback } from 'react';
import { useLocation, useNavigate, useNavigationType, type SavedView } from '../../../lib/router';
import { viewQueryOf, withViewQuery, type ResultsShown } from '../request';

const OPENED_HERE = 'storeOpened';

/**
 * The view within the shown results that the URL holds (`page`, `store`, `show`), so that each
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
  const { page, store, show } = viewQueryOf(new URLSearchParams(location.search));
  const { search } = location;
  const openedHere =
    typeof location.state === 'object' && location.state !== null && OPENED_HERE in location.state;

  const setPage = useCallback(
    (next: number, replace = false) =>
      navigate({ search: withViewQuery(search, { page: next, show }) }, { replace }),
    [navigate, search, show],
  );
  const setShow = useCallback(
    (next: ResultsShown) => navigate({ search: withViewQuery(search, { page, show: next }) }),
    [navigate, search, page],
  );
  const openStore = useCallback(
    (id: string) =>
      navigate(
        { search: withViewQuery(search, { page, store: id, show }) },
        { state: { [OPENED_HERE]: true } },
      ),
    [navigate, search, page, show],
  );
  const markStore = useCallback(
    (id: string | null) =>
      navigate(
        { search: withViewQuery(search, { page, store: id ?? undefined, show }) },
        { replace: true },
      ),
    [navigate, search, page, show],
  );
  const closeStore = useCallback(() => {
    if (openedHere) navigate(-1);
    else navigate({ search: withViewQuery(search, { page, show }) }, { replace: true });
  }, [navigate, openedHere, search, page, show]);

  const entry: ViewEntry = { location, popped: navigationType === 'POP', view: location.view };
  return { page, store, show, setPage, setShow, openStore, markStore, closeStore, entry };
}

/** The current history entry: reached by Back/Forward or load (`popped`), its saved view. */
export interface ViewEntry {
  location: object;
  popped: boolean;
  view: SavedView | undefined;
}
