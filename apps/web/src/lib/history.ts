/**
 * The router's history (router.tsx): the browser's (history API), which saves each entry's
 * view (scroll position and focused element) when it is left, or one in memory (tests).
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** The view saved in this history entry when it was left (Back, Forward, reload). */
  view?: SavedView | undefined;
}

/** A history entry's saved view: the scroll position and the focused element's id. */
export interface SavedView {
  scrollY: number;
  focusId?: string | undefined;
}

/** How the current location was reached: a new entry, a replaced one, or Back/Forward/load. */
export type NavigationType = 'PUSH' | 'REPLACE' | 'POP';

export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface History {
  location: Location;
  action: NavigationType;
  push(location: Location): void;
  replace(location: Location): void;
  go(delta: number): void;
  listen(listener: (location: Location) => void): () => void;
}

/** "/a?b#c" → its parts. */
export function parsePath(path: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  let rest = path;
  let hash = '';
  let search = '';
  const h = rest.indexOf('#');
  if (h >= 0) {
    hash = rest.slice(h);
    rest = rest.slice(0, h);
  }
  const q = rest.indexOf('?');
  if (q >= 0) {
    search = rest.slice(q);
    rest = rest.slice(0, q);
  }
  return { pathname: rest, search, hash };
}

const normalise = (part: string, prefix: string) => (part && part !== prefix ? part : '');

/** The location's URL ("/uk/en/sales?pt=all"). */
export function createPath({ pathname, search, hash }: Omit<Location, 'state'>): string {
  return `${pathname}${normalise(search, '?')}${normalise(hash, '#')}`;
}

/** The location `to` names from the current one: a missing pathname keeps the current path. */
export function resolve(to: To, from: Location, state: unknown = null): Location {
  const parts = typeof to === 'string' ? parsePath(to) : to;
  return {
    pathname: parts.pathname || from.pathname,
    search: normalise(parts.search ?? '', '?'),
    hash: normalise(parts.hash ?? '', '#'),
    state,
  };
}

interface EntryState {
  usr?: unknown;
  view?: SavedView;
}

/** The current scroll position and focused element (by id, when it has one). */
function currentView(): SavedView {
  const active = document.activeElement;
  const focusId = active && active !== document.body && active.id ? active.id : undefined;
  return { scrollY: Math.round(window.scrollY), focusId };
}

/**
 * Puts a saved view back: the scroll position, then focus without scrolling. While it scrolls,
 * content the page skips out of the window (`content-visibility: auto`, sized by an estimate)
 * is laid out for real (styles.css, `data-restoring-view`), so the position means what it
 * meant when it was saved; each part keeps its size once laid out and a frame rendered.
 */
export function restoreView(view: SavedView | undefined): boolean {
  if (!view) return false;
  const root = document.documentElement;
  root.setAttribute('data-restoring-view', '');
  window.scrollTo({ top: view.scrollY, behavior: 'instant' });
  // Sizes are remembered when a frame is rendered: the attribute goes after the next one.
  const later = (f: () => void) =>
    typeof requestAnimationFrame === 'function' ? requestAnimationFrame(f) : setTimeout(f, 16);
  later(() => later(() => root.removeAttribute('data-restoring-view')));
  const el = view.focusId ? document.getElementById(view.focusId) : null;
  el?.focus({ preventScroll: true });
  return el !== null;
}

export function createBrowserHistory(): History {
  const listeners = new Set<(location: Location) => void>();
  const entry = () => (window.history.state as EntryState | null) ?? {};
  const current = (): Location => ({
    pathname: window.location.pathname,
    search: window.location.search,
    hash: window.location.hash,
    state: entry().usr ?? null,
    view: entry().view,
  });
  const saveView = () => {
    window.history.replaceState({ ...entry(), view: currentView() }, '');
  };
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  const history: History = {
    location: current(),
    action: 'POP',
    push(location) {
      saveView();
      window.history.pushState({ usr: location.state }, '', createPath(location));
      history.location = current();
      history.action = 'PUSH';
      listeners.forEach((l) => l(history.location));
    },
    replace(location) {
      window.history.replaceState({ usr: location.state }, '', createPath(location));
      history.location = current();
      history.action = 'REPLACE';
      listeners.forEach((l) => l(history.location));
    },
    go(delta) {
      window.history.go(delta);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  window.addEventListener('popstate', () => {
    history.location = current();
    history.action = 'POP';
    listeners.forEach((l) => l(history.location));
  });
  // A reload comes back to this entry with its view.
  window.addEventListener('pagehide', saveView);
  return history;
}

export function createMemoryHistory(initialEntries: string[]): History {
  const entries = (initialEntries.length > 0 ? initialEntries : ['/']).map((e): Location => ({
    ...parsePath(e),
    state: null,
  }));
  let index = entries.length - 1;
  const listeners = new Set<(location: Location) => void>();
  const history: History = {
    location: entries[index]!,
    action: 'POP',
    push(location) {
      entries.splice(index + 1, entries.length, location);
      index += 1;
      history.location = location;
      history.action = 'PUSH';
      listeners.forEach((l) => l(location));
    },
    replace(location) {
      entries[index] = location;
      history.location = location;
      history.action = 'REPLACE';
      listeners.forEach((l) => l(location));
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      history.location = entries[index]!;
      history.action = 'POP';
      listeners.forEach((l) => l(history.location));
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return history;
}
