/**
 * The app's client-side router: the part of React Router the locator uses, with React Router's
 * behaviour for it. Written here because React Router (about 14 KB of gzipped JavaScript on
 * every page) did not fit the home page's budget (bench:web).
 *
 * - `BrowserRouter` (history API) and `MemoryRouter` (tests); location updates are rendered in
 *   a transition, so a page stays on screen while the next one's lazy code loads.
 * - `Routes`/`Route` with absolute patterns ("/", "/:a/:b", static segments, "*"), ranked by
 *   specificity (static over dynamic over "*"); static segments match case-insensitively,
 *   trailing slashes are ignored, params are the decoded segments.
 * - `Navigate` navigates in an effect; `Link` handles plain left clicks (no modifier key, no
 *   other target, not prevented by its own onClick) and replaces the entry when the target is
 *   the current location; `useSearchParams` sets the query string of the current path.
 */
import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}

export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

interface History {
  location: Location;
  push(location: Location): void;
  replace(location: Location): void;
  listen(listener: (location: Location) => void): () => void;
}

const RouterContext = createContext<{ location: Location; history: History } | null>(null);
const ParamsContext = createContext<Readonly<Record<string, string>>>({});

/** "/a?b#c" → its parts. */
function parsePath(path: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
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
function resolve(to: To, from: Location, state: unknown = null): Location {
  const parts = typeof to === 'string' ? parsePath(to) : to;
  return {
    pathname: parts.pathname || from.pathname,
    search: normalise(parts.search ?? '', '?'),
    hash: normalise(parts.hash ?? '', '#'),
    state,
  };
}

function createBrowserHistory(): History {
  const listeners = new Set<(location: Location) => void>();
  const current = (): Location => ({
    pathname: window.location.pathname,
    search: window.location.search,
    hash: window.location.hash,
    state: (window.history.state as { usr?: unknown } | null)?.usr ?? null,
  });
  const history: History = {
    location: current(),
    push(location) {
      window.history.pushState({ usr: location.state }, '', createPath(location));
      history.location = current();
      listeners.forEach((l) => l(history.location));
    },
    replace(location) {
      window.history.replaceState({ usr: location.state }, '', createPath(location));
      history.location = current();
      listeners.forEach((l) => l(history.location));
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  window.addEventListener('popstate', () => {
    history.location = current();
    listeners.forEach((l) => l(history.location));
  });
  return history;
}

function createMemoryHistory(initialEntries: string[]): History {
  const entries = (initialEntries.length > 0 ? initialEntries : ['/']).map((e): Location => ({
    ...parsePath(e),
    state: null,
  }));
  let index = entries.length - 1;
  const listeners = new Set<(location: Location) => void>();
  const history: History = {
    location: entries[index]!,
    push(location) {
      entries.splice(index + 1, entries.length, location);
      index += 1;
      history.location = location;
      listeners.forEach((l) => l(location));
    },
    replace(location) {
      entries[index] = location;
      history.location = location;
      listeners.forEach((l) => l(location));
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return history;
}

function Router({ history, children }: { history: History; children: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  useLayoutEffect(
    () => history.listen((next) => startTransition(() => setLocation(next))),
    [history],
  );
  const value = useMemo(() => ({ location, history }), [location, history]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  return <Router history={history}>{children}</Router>;
}

export function MemoryRouter({
  children,
  initialEntries = ['/'],
}: {
  children?: ReactNode;
  initialEntries?: string[];
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

function useRouter() {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks and components need a <BrowserRouter>');
  return router;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useParams(): Readonly<Record<string, string | undefined>> {
  return useContext(ParamsContext);
}

/** navigate(to, { replace, state }): a stable function. */
export function useNavigate(): (to: To, options?: NavigateOptions) => void {
  const { history } = useRouter();
  return useCallback(
    (to: To, options: NavigateOptions = {}) => {
      const next = resolve(to, history.location, options.state);
      if (options.replace) history.replace(next);
      else history.push(next);
    },
    [history],
  );
}

export function useSearchParams(): [
  URLSearchParams,
  (next: ConstructorParameters<typeof URLSearchParams>[0], options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: ConstructorParameters<typeof URLSearchParams>[0], options?: NavigateOptions) =>
      navigate({ search: `?${new URLSearchParams(next).toString()}` }, options),
    [navigate],
  );
  return [params, set];
}

export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  const target = JSON.stringify(typeof to === 'string' ? parsePath(to) : to);
  useEffect(() => {
    navigate(JSON.parse(target) as To, { replace, state });
  }, [navigate, target, replace, state]);
  return null;
}

export interface RouteProps {
  path: string;
  element: ReactNode;
}

/** A route of <Routes>: only its props are read. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

interface CompiledRoute {
  matcher: RegExp;
  names: string[];
  score: number;
  element: ReactNode;
}

/** React Router's ranking: static segment 10, dynamic 3, empty 1, "*" −2, plus the count. */
function score(path: string): number {
  const segments = path.split('/');
  let total = segments.length + (segments.includes('*') ? -2 : 0);
  for (const s of segments) {
    if (s === '*') continue;
    total += /^:[\w-]+$/.test(s) ? 3 : s === '' ? 1 : 10;
  }
  return total;
}

function compile(path: string, element: ReactNode): CompiledRoute {
  const names: string[] = [];
  let source = `^${path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)/g, (_m, name: string) => {
      names.push(name);
      return '/([^\\/]+)';
    })}`;
  if (path.endsWith('*')) {
    names.push('*');
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else {
    source += '\\/*$';
  }
  return { matcher: new RegExp(source, 'i'), names, score: score(path), element };
}

/** Each segment decoded ("%2F" kept as such), as React Router matches. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((s) => decodeURIComponent(s).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const routes = useMemo(() => {
    const list: CompiledRoute[] = [];
    Children.forEach(children, (child) => {
      if (isValidElement<RouteProps>(child)) {
        list.push(compile(child.props.path, child.props.element));
      }
    });
    // Stable: equal scores keep their order.
    return list.sort((a, b) => b.score - a.score);
  }, [children]);
  const decoded = decodePath(pathname);
  for (const route of routes) {
    const m = route.matcher.exec(decoded);
    if (!m) continue;
    const params: Record<string, string> = {};
    route.names.forEach((name, i) => {
      params[name] = (m[i + 1] ?? '').replace(/%2F/g, '/');
    });
    return <ParamsContext.Provider value={params}>{route.element}</ParamsContext.Provider>;
  }
  return null;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
};

/** An in-app link: a real <a href>, handled by the router on a plain left click. */
export function Link({ to, replace, state, onClick, target, children, ...rest }: LinkProps) {
  const { location } = useRouter();
  const navigate = useNavigate();
  const next = resolve(to, location);
  const href = createPath(next);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.button !== 0 || (target && target !== '_self') || modified) return;
    event.preventDefault();
    navigate(next, { replace: replace ?? createPath(location) === href, state });
  };
  return (
    <a {...rest} href={href} target={target} onClick={handleClick}>
      {children}
    </a>
  );
}
