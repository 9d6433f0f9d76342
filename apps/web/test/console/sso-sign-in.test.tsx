// @vitest-environment jsdom
/**
 * Single sign-on on the console's sign-in form: the link to the server's start route only when
 * the server offers it, and a sign-on that came back refused (`?ssoError=`) said in words, in an
 * alert, with the parameter taken out of the address. The boot value says whether it is offered.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { SSO_ERROR_CODES } from '@locator/core/console-api';
import { afterEach, describe, expect, it } from 'vitest';
import { createConsoleClient } from '../../src/console/api/client';
import { ConsoleApp } from '../../src/console/ConsoleApp';
import { ssoErrorMessage } from '../../src/console/session/sso-error';
import { readBoot } from '../../src/lib/boot';
import { MemoryRouter, useLocation } from '../../src/lib/router';
import consoles from '../../public/locales/consoles-en_US.json';
import { testI18n } from './i18n';

afterEach(cleanup);

const signedOut = (async () =>
  new Response(JSON.stringify({ error: { code: 'NOT_SIGNED_IN', message: 'Sign in.' } }), {
    status: 401,
    headers: { 'content-type': 'application/json' },
  })) as typeof fetch;

function Where() {
  const location = useLocation();
  return <span data-testid="where">{location.pathname + location.search}</span>;
}

function renderConsole(url: string, sso: boolean) {
  render(
    <I18nextProvider i18n={testI18n()}>
      <MemoryRouter initialEntries={[url]}>
        <ConsoleApp client={createConsoleClient(signedOut)} sso={sso} />
        <Where />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('console single sign-on', () => {
  it('offers single sign-on as a link to the start route when the server does', async () => {
    renderConsole('/admin/', true);
    const link = await screen.findByRole('link', { name: 'Sign in with single sign-on' });
    expect(link.getAttribute('href')).toBe('/api/v1/admin/sso/start');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('does not offer it otherwise', async () => {
    renderConsole('/admin/', false);
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('link', { name: 'Sign in with single sign-on' })).toBeNull();
  });

  it('says why a single sign-on came back refused, and leaves the address clean', async () => {
    renderConsole('/admin/?ssoError=SSO_NO_ROLE&x=1', true);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(consoles.signIn.sso.error.SSO_NO_ROLE),
    );
    expect(screen.getByTestId('where').textContent).toBe('/admin/?x=1');
    // The heading takes focus in an effect after the form is shown (as on a notice).
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Sign in to the console'));
  });

  it('has words for every reason, and reads an unknown one as a failed sign-on', () => {
    const i18n = testI18n();
    expect(Object.keys(consoles.signIn.sso.error)).toEqual([...SSO_ERROR_CODES]);
    for (const code of Object.keys(consoles.signIn.sso.error)) {
      expect(i18n.t(ssoErrorMessage(code).key)).toBe(
        consoles.signIn.sso.error[code as keyof typeof consoles.signIn.sso.error],
      );
    }
    expect(ssoErrorMessage('SOMETHING')).toEqual({ key: 'signIn.sso.error.SSO_FAILED' });
  });

  it('reads the boot value: offered only when it says true', () => {
    const doc = document.implementation.createHTMLDocument();
    const boot = doc.createElement('script');
    boot.id = 'locator-boot';
    boot.textContent = JSON.stringify({ locale: 'en-US', brand: 'Lumen', sso: true });
    doc.head.append(boot);
    expect(readBoot(doc).sso).toBe(true);
    boot.textContent = JSON.stringify({ locale: 'en-US', brand: 'Lumen', sso: 'yes' });
    expect(readBoot(doc).sso).toBeUndefined();
  });
});
