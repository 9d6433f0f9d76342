// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { LanguageSelector } from '../../src/components/LanguageSelector';
import { ErrorBoundary } from '../../src/components/ErrorBoundary';
import { ErrorScreen } from '../../src/components/ErrorScreen';
import { languageOptions } from '../../src/lib/languages';
import { testI18n } from './helpers';

afterEach(cleanup);

describe('LanguageSelector (PRODUCT.md#language-selector)', () => {
  const options = languageOptions('en-CA', [
    { code: 'en', name: 'English' },
    { code: 'fr', name: 'Français' },
  ]);

  it('marks the current language selected and disabled, the others are links', () => {
    render(
      <I18nextProvider i18n={testI18n()}>
        <LanguageSelector options={options} suffix="sales?pt=all" />
      </I18nextProvider>,
    );
    const nav = screen.getByRole('navigation', { name: 'Language' });
    const current = nav.querySelector('[aria-current="true"]');
    expect(current?.getAttribute('aria-disabled')).toBe('true');
    expect(current?.textContent).toBe('English, current language');
    const link = screen.getByRole('link', { name: 'Français' });
    expect(link.getAttribute('href')).toBe('/ca/fr/sales?pt=all');
    expect(link.getAttribute('lang')).toBe('fr-CA');
  });

  it('navigates on the space key', () => {
    const navigate = vi.fn();
    render(
      <I18nextProvider i18n={testI18n()}>
        <LanguageSelector options={options} suffix="?q=1" navigate={navigate} />
      </I18nextProvider>,
    );
    fireEvent.keyDown(screen.getByRole('link', { name: 'Français' }), { key: ' ' });
    expect(navigate).toHaveBeenCalledWith(
      'http://localhost:3000/ca/fr/?q=1'.replace('http://localhost:3000', window.location.origin),
    );
  });

  it('is absent for a single language', () => {
    const { container } = render(
      <I18nextProvider i18n={testI18n()}>
        <LanguageSelector options={languageOptions('en-GB', undefined)} suffix="" />
      </I18nextProvider>,
    );
    expect(container.innerHTML).toBe('');
  });
});

describe('ErrorBoundary and ErrorScreen (PRODUCT.md#error-screen)', () => {
  function Boom(): never {
    throw new Error('render failure');
  }

  it('shows the error screen when a child fails to render', () => {
    const onError = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <I18nextProvider i18n={testI18n()}>
        <ErrorBoundary fallback={<ErrorScreen homePath="/uk/en/" />} onError={onError}>
          <Boom />
        </ErrorBoundary>
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Error Occured.');
    expect(screen.getByText('Please contact the administrator for the issue.')).toBeTruthy();
    expect(screen.getByRole('link').getAttribute('href')).toBe('/uk/en/');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    expect(onError).toHaveBeenCalledOnce();
  });
});
