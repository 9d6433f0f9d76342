// @vitest-environment jsdom
/**
 * The console's sign-in flow against a fake of the server's session routes: the form at any
 * console address, its errors in words (announced), the session read on load, the CSRF token on
 * state-changing requests, signing out here and everywhere.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createConsoleClient } from '../../src/console/api/client';
import { ConsoleApp } from '../../src/console/ConsoleApp';
import { ConsoleBrandContext } from '../../src/console/shell/brand';
import { MemoryRouter, useLocation } from '../../src/lib/router';
import { testI18n } from './i18n';

afterEach(cleanup);

const EMAIL = 'editor@example.com';
const PASSWORD = 'correct horse battery';
const CSRF = 'csrf-token-1';

interface Call {
  method: string;
  path: string;
  csrf: string | null;
  body?: unknown;
}

/** The server's session routes, in memory; `answer` overrides the answer of a request. */
function fakeServer(
  options: {
    signedIn?: boolean;
    answer?: (call: Call) => Response | 'unreachable' | undefined;
  } = {},
) {
  let signedIn = options.signedIn ?? false;
  const calls: Call[] = [];
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  const session = () => json({ account: { email: EMAIL, role: 'editor' }, csrfToken: CSRF });
  const notSignedIn = () => json({ error: { code: 'NOT_SIGNED_IN', message: 'Sign in.' } }, 401);
  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const call: Call = {
      method: init.method ?? 'GET',
      path: String(input),
      csrf: headers.get('x-csrf-token'),
      ...(typeof init.body === 'string' ? { body: JSON.parse(init.body) } : {}),
    };
    calls.push(call);
    const special = options.answer?.(call);
    if (special === 'unreachable') throw new TypeError('Failed to fetch');
    if (special) return special;
    const route = `${call.method} ${call.path}`;
    if (route === 'GET /api/v1/admin/session') return signedIn ? session() : notSignedIn();
    if (route === 'POST /api/v1/admin/session') {
      const body = call.body as { email: string; password: string };
      if (body.email !== EMAIL || body.password !== PASSWORD) {
        return json({ error: { code: 'SIGN_IN_FAILED', message: 'Wrong.' } }, 401);
      }
      signedIn = true;
      return session();
    }
    if (call.method === 'DELETE' && call.path.startsWith('/api/v1/admin/session')) {
      if (!signedIn) return notSignedIn();
      if (call.csrf !== CSRF) {
        return json({ error: { code: 'CSRF_TOKEN_INVALID', message: 'No token.' } }, 403);
      }
      signedIn = false;
      return new Response(null, { status: 204 });
    }
    return json({ error: { code: 'NOT_FOUND', message: 'No.' } }, 404);
  }) as typeof fetch;
  const endSessions = () => {
    signedIn = false;
  };
  return { fetchImpl, calls, json, endSessions };
}

function Where() {
  const location = useLocation();
  return <span data-testid="where">{location.pathname + location.search}</span>;
}

function renderConsole(server: ReturnType<typeof fakeServer>, url = '/admin/') {
  const client = createConsoleClient(server.fetchImpl);
  render(
    <I18nextProvider i18n={testI18n()}>
      <ConsoleBrandContext.Provider value="Lumen">
        <MemoryRouter initialEntries={[url]}>
          <ConsoleApp client={client} />
          <Where />
        </MemoryRouter>
      </ConsoleBrandContext.Provider>
    </I18nextProvider>,
  );
  return client;
}

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  const emailField = await screen.findByLabelText('Email');
  await user.clear(emailField);
  if (email) await user.type(emailField, email);
  const passwordField = screen.getByLabelText('Password');
  await user.clear(passwordField);
  if (password) await user.type(passwordField, password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

const alertText = () =>
  screen
    .getAllByRole('alert')
    .map((a) => a.textContent)
    .join('');

describe('console sign-in', () => {
  it('meets a signed-out visitor of any console address, and leads there once signed in', async () => {
    const server = fakeServer();
    renderConsole(server, '/admin/nothing-here?q=42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the console' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    // The title is set in an effect, which may run after the heading is seen.
    await waitFor(() => expect(document.title).toBe('Sign in – Lumen Console'));

    await signIn(EMAIL, PASSWORD);
    // The console has no imports screen yet: the address is kept, and said to show nothing.
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }));
    expect(screen.getByTestId('where').textContent).toBe('/admin/nothing-here?q=42');
    const header = screen.getByRole('banner');
    expect(within(header).getByText(EMAIL)).toBeTruthy();
    expect(within(header).getByText('Editor')).toBeTruthy();
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/v1/admin/session',
      'POST /api/v1/admin/session',
    ]);
    expect(server.calls[1]?.body).toEqual({ email: EMAIL, password: PASSWORD });
  });

  it('shows the home screen with the account once signed in at /admin/', async () => {
    renderConsole(fakeServer());
    await signIn(` ${EMAIL} `, PASSWORD);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Home' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('Also changes stores and runs imports.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out everywhere' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Home – Lumen Console'));
  });

  it('says a wrong email or password in words, in an alert, each time', async () => {
    renderConsole(fakeServer());
    await signIn(EMAIL, 'wrong password');
    await waitFor(() =>
      expect(alertText()).toBe('The email or password is wrong. Check both and try again.'),
    );
    const first = screen.getByText(/The email or password is wrong/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    // A new element in the alert, so that a screen reader announces the second refusal too.
    await waitFor(() => expect(screen.getByText(/The email or password is wrong/)).not.toBe(first));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeTruthy();
  });

  it('says how long to wait after too many attempts, from Retry-After', async () => {
    let wait = '30';
    const server = fakeServer({
      answer: (call) =>
        call.method === 'POST'
          ? new Response(
              JSON.stringify({ error: { code: 'SIGN_IN_THROTTLED', message: 'Too many.' } }),
              {
                status: 429,
                headers: { 'content-type': 'application/json', 'retry-after': wait },
              },
            )
          : undefined,
    });
    renderConsole(server);
    const user = await signIn(EMAIL, PASSWORD);
    await waitFor(() =>
      expect(alertText()).toBe('Too many failed attempts. Try again in 30 seconds.'),
    );
    wait = '300';
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(alertText()).toBe('Too many failed attempts. Try again in 5 minutes.'),
    );
  });

  it('says the server cannot be reached when the sign-in gets no answer, or a 5xx', async () => {
    let mode: 'unreachable' | '503' = 'unreachable';
    const server = fakeServer({
      answer: (call) => {
        if (call.method !== 'POST') return undefined;
        if (mode === 'unreachable') return 'unreachable';
        return new Response('Service Unavailable', { status: 503 });
      },
    });
    renderConsole(server);
    const user = await signIn(EMAIL, PASSWORD);
    const unavailable = 'The server cannot be reached right now. Try again in a moment.';
    await waitFor(() => expect(alertText()).toBe(unavailable));
    mode = '503';
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(alertText()).toBe(unavailable));
  });

  it('names empty fields beside them and sends nothing', async () => {
    const server = fakeServer();
    renderConsole(server);
    await signIn('', '');
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Enter your email address.');
    expect(document.activeElement).toBe(email);
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('goes straight to the screen when the session exists, and signs out with the CSRF token', async () => {
    const server = fakeServer({ signedIn: true });
    renderConsole(server);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the console' }));
    expect(screen.getByRole('status').textContent).toBe('You have signed out.');
    expect(server.calls.at(-1)).toEqual({
      method: 'DELETE',
      path: '/api/v1/admin/session',
      csrf: CSRF,
    });
  });

  it('signs out everywhere with the CSRF token', async () => {
    const server = fakeServer();
    renderConsole(server);
    const user = await signIn(EMAIL, PASSWORD);
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the console' }));
    expect(screen.getByRole('status').textContent).toMatch(/signed out everywhere/);
    expect(server.calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/v1/admin/sessions' });
    expect(server.calls.at(-1)?.csrf).toBe(CSRF);
  });

  it('brings back the sign-in form when a later request finds the session gone', async () => {
    const server = fakeServer({ signedIn: true });
    const client = renderConsole(server, '/admin/');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await client.request('/api/v1/admin/stores').catch(() => undefined);
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    server.endSessions();
    await client.request('/api/v1/admin/session', { method: 'DELETE' }).catch(() => undefined);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the console' }));
    expect(screen.getByRole('status').textContent).toBe(
      'Your session has ended. Sign in again to go on.',
    );
  });

  it('says the console is unavailable when the session cannot be read, and tries again', async () => {
    let down = true;
    const server = fakeServer({
      answer: () => (down ? new Response('Bad Gateway', { status: 502 }) : undefined),
    });
    renderConsole(server);
    expect(await screen.findByRole('heading', { level: 1, name: 'Console unavailable' }));
    down = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the console' }));
  });
});

describe('console client', () => {
  it('adds X-CSRF-Token to state-changing requests only, and reports a lost session', async () => {
    const server = fakeServer({
      answer: (call) =>
        call.path === '/api/v1/admin/stores/1' && call.method === 'PUT'
          ? new Response(JSON.stringify({ error: { code: 'NOT_SIGNED_IN', message: 'x' } }), {
              status: 401,
              headers: { 'content-type': 'application/json' },
            })
          : call.path.startsWith('/api/v1/admin/stores')
            ? new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })
            : undefined,
    });
    const client = createConsoleClient(server.fetchImpl);
    await client.signIn(EMAIL, PASSWORD);
    await client.request('/api/v1/admin/stores');
    await client.request('/api/v1/admin/stores', { method: 'POST', body: '{}' });
    expect(server.calls.slice(1).map((c) => [c.method, c.csrf])).toEqual([
      ['GET', null],
      ['POST', CSRF],
    ]);
    let lost = 0;
    client.onSessionLost(() => (lost += 1));
    await expect(client.request('/api/v1/admin/stores/1', { method: 'PUT' })).rejects.toMatchObject(
      { status: 401, code: 'NOT_SIGNED_IN' },
    );
    expect(lost).toBe(1);
    // The token is forgotten with the session.
    await client.request('/api/v1/admin/stores', { method: 'POST' }).catch(() => undefined);
    expect(server.calls.at(-1)?.csrf).toBeNull();
  });
});
