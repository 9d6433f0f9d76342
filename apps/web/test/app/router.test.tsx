// @vitest-environment jsdom
/** The app's own router (src/lib/router.tsx): matching, ranking, params, links, navigation. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Link,
  MemoryRouter,
  Navigate,
  Route,
  Routes,
  createPath,
  useLocation,
  useParams,
  useSearchParams,
} from '../../src/lib/router';

afterEach(cleanup);

function Show({ name }: { name: string }) {
  const params = useParams();
  const { pathname, search } = useLocation();
  return (
    <p data-testid="shown">
      {name} {JSON.stringify(params)} {pathname}
      {search}
    </p>
  );
}

const ROUTES = (
  <Routes>
    <Route path="*" element={<Show name="fallback" />} />
    <Route path="/:country/:lang/*" element={<Show name="locale-rest" />} />
    <Route path="/:country/:lang" element={<Show name="home" />} />
    <Route path="/:country/:lang/:channel" element={<Show name="channel" />} />
    <Route path="/choose/country" element={<Show name="chooser" />} />
    <Route path="/" element={<Show name="root" />} />
  </Routes>
);

function at(url: string) {
  const view = render(<MemoryRouter initialEntries={[url]}>{ROUTES}</MemoryRouter>);
  const text = screen.getByTestId('shown').textContent ?? '';
  view.unmount();
  return text;
}

describe('Routes', () => {
  it('ranks static segments over dynamic ones over "*"', () => {
    expect(at('/choose/country')).toMatch(/^chooser /);
    expect(at('/uk/en')).toMatch(/^home \{"country":"uk","lang":"en"\}/);
    expect(at('/uk/en/sales')).toMatch(/^channel .*"channel":"sales"/);
    expect(at('/uk/en/sales/extra')).toMatch(/^locale-rest .*"\*":"sales\/extra"/);
    expect(at('/')).toMatch(/^root /);
    expect(at('/nowhere')).toMatch(/^fallback \{"\*":"nowhere"\}/);
  });

  it('ignores trailing slashes and the case of static segments', () => {
    expect(at('/uk/en/')).toMatch(/^home /);
    expect(at('/CHOOSE/Country/')).toMatch(/^chooser /);
  });

  it('decodes params, keeping an encoded slash inside one segment', () => {
    expect(at('/s%C3%BC/en/a%2Fb')).toMatch(/"country":"sü".*"channel":"a\/b"/);
  });

  it('survives a malformed escape', () => {
    expect(at('/%E0%A4%A/en')).toMatch(/^home /);
  });
});

describe('createPath', () => {
  it('drops a lone "?" or "#"', () => {
    expect(createPath({ pathname: '/a', search: '?', hash: '#' })).toBe('/a');
    expect(createPath({ pathname: '/a', search: '?b=1', hash: '#c' })).toBe('/a?b=1#c');
  });
});

describe('Link and navigation', () => {
  function App() {
    const [params, setParams] = useSearchParams();
    return (
      <>
        <Link to="/uk/en/sales?pt=all">to sales</Link>
        <Link to="/uk/en/sales" target="_blank">
          new tab
        </Link>
        <button type="button" onClick={() => setParams({ pt: '7' })}>
          set pt
        </button>
        <output>{params.get('pt') ?? '-'}</output>
        {ROUTES}
      </>
    );
  }

  it('a plain click navigates in the app; a modified click or another target does not', async () => {
    render(
      <MemoryRouter initialEntries={['/uk/en']}>
        <App />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'to sales' });
    expect(link.getAttribute('href')).toBe('/uk/en/sales?pt=all');

    const ctrl = fireEvent.click(link, { ctrlKey: true });
    expect(ctrl).toBe(true); // not prevented: the browser opens it
    expect(screen.getByTestId('shown').textContent).toMatch(/^home /);

    const blank = fireEvent.click(screen.getByRole('link', { name: 'new tab' }));
    expect(blank).toBe(true);

    await act(async () => {
      fireEvent.click(link);
    });
    expect(screen.getByTestId('shown').textContent).toMatch(/^channel .*\?pt=all$/);
    expect(screen.getByRole('status').textContent).toBe('all');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'set pt' }));
    });
    expect(screen.getByTestId('shown').textContent).toMatch(/\/uk\/en\/sales\?pt=7$/);
  });

  it('Navigate replaces the location', async () => {
    await act(async () => {
      render(
        <MemoryRouter initialEntries={['/old']}>
          <Routes>
            <Route path="/old" element={<Navigate to="/uk/en/" replace />} />
            <Route path="/:country/:lang" element={<Show name="home" />} />
          </Routes>
        </MemoryRouter>,
      );
    });
    expect(screen.getByTestId('shown').textContent).toMatch(/^home .*\/uk\/en\/$/);
  });
});
