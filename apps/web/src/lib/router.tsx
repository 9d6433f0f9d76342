/**
 * The app's client-side router: the part of React Router the locator uses, with React Router's
 * behaviour for it. Written here because React Router (about 14 KB of gzipped JavaScript on
 * every page) did not fit the home page's budget (bench:web).
 *
 * - `BrowserRouter` (history API) and `MemoryRouter` (tests); a new path is rendered in a
 *   transition, so a page stays on screen while the next one's lazy code loads; a new query on
 *   the same path is rendered with the update that wrote it.
 * - `Routes`/`Route` with absolute patterns ("/", "/:a/:b", static segments, "*"), ranked by
 *   specificity (static over dynamic over "*"); static segments match case-insensitively,
 *   trailing slashes are ignored, params are the decoded segments.
 * - `Navigate` navigates in an effect; `Link` handles plain left clicks (no modifier key, no
 *   other target, not prevented by its own onClick) and replaces the entry when the target is
 *   the current location; `useSearchParams` sets the query string of the current path.
 * - History entries remember their view: before a push (and when the page is left) the scroll
 *   position and the focused element's id are saved in the entry being left, so that Back,
 *   Forward and reload can put them back (`useNavigationType`, `location.view`, `restoreView`)
 *   once the page's content is there; the browser's own scroll restoration is off because it
 *   runs before content that loads asynchronously.
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
import {
  createBrowserHistory,
  createMemoryHistory,
  createPath,
  parsePath,
  resolve,
  type History,
  type Location,
  type NavigateOptions,
  type NavigationType,
  type To,
} from './history';

export {
  createPath,
  restoreView,
  type Location,
  type NavigateOptions,
  type NavigationType,
  type SavedView,
  type To,
} from './history';

const RouterContext = createContext<{
  location: Location;
  action: NavigationType;
  history: History;
} | null>(null);
const ParamsContext = createContext<Readonly<Record<string, string>>>({});

function Router({ history, children }: { history: History; children: ReactNode }) {
  const [current, setCurrent] = useState({ location: history.location, action: history.action });
  useLayoutEffect(() => {
    let pathname = history.location.pathname;
    return history.listen((next) => {
      const update = () => setCurrent({ location: next, action: history.action });
      // Another path may be another page whose code is still to load: rendered as a
      // transition, the page shown stays until it is there. The same path with another query
      // (a search, a results page, the detail view) is the same page: rendered at once, with
      // the change that wrote it, not as a second render of the whole app after it.
      if (next.pathname === pathname) update();
      else startTransition(update);
      pathname = next.pathname;
    });
  }, [history]);
  const { location, action } = current;
  const value = useMemo(() => ({ location, action, history }), [location, action, history]);
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

/** How the current location was reached (React Router's useNavigationType). */
export function useNavigationType(): NavigationType {
  return useRouter().action;
}

export function useParams(): Readonly<Record<string, string | undefined>> {
  return useContext(ParamsContext);
}

/** navigate(to, { replace, state }), or navigate(-1) for Back: a stable function. */
export function useNavigate(): (to: To | number, options?: NavigateOptions) => void {
  const { history } = useRouter();
  return useCallback(
    (to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') {
        history.go(to);
        return;
      }
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
