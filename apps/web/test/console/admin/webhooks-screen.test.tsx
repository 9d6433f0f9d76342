// @vitest-environment jsdom
/**
 * The console's webhooks screen against a fake of the webhooks route: each URL with its counts,
 * its recent deliveries and failures as tables (status code or error, attempts), and the empty
 * state naming the setting.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, expect, it } from 'vitest';
import type { WebhookListAnswer } from '@locator/core/console-webhooks';
import consoles from '../../../public/locales/consoles-en_US.json';
import { createConsoleClient } from '../../../src/console/api/client';
import { ConsoleBrandContext } from '../../../src/console/shell/brand';
import WebhooksScreen from '../../../src/console/webhooks/WebhooksScreen';

afterEach(cleanup);

function renderScreen(answer: WebhookListAnswer) {
  const fetchImpl = (async (input: RequestInfo | URL) => {
    expect(String(input)).toBe('/api/v1/admin/webhooks');
    return new Response(JSON.stringify(answer), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { console: consoles } },
    defaultNS: 'console',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <ConsoleBrandContext.Provider value="Lumen">
        <WebhooksScreen client={createConsoleClient(fetchImpl)} />
      </ConsoleBrandContext.Provider>
    </I18nextProvider>,
  );
}

const delivered = {
  eventId: 'ev-1',
  event: 'stores.changed',
  at: '2026-12-06T10:00:00.000Z',
  outcome: 'delivered' as const,
  statusCode: 204,
  error: null,
  attempts: 1,
};
const failed = {
  ...delivered,
  eventId: 'ev-2',
  outcome: 'failed' as const,
  statusCode: null,
  error: 'fetch failed (connect ECONNREFUSED 127.0.0.1:9)',
  attempts: 6,
};

it('shows each URL with its deliveries and failures as tables', async () => {
  renderScreen({
    recordLimit: 50,
    webhooks: [
      {
        url: 'https://hooks.example.com/in?token=…',
        counts: { queued: 0, delivered: 1, failed: 1, dropped: 0 },
        deliveries: [failed, delivered],
        failures: [failed],
      },
    ],
  });
  const card = (
    await screen.findByRole('heading', { name: 'https://hooks.example.com/in?token=…' })
  ).parentElement!;
  expect(within(card).getByText(/1 delivered, 1 failed, 0 dropped/)).toBeTruthy();
  const recent = within(card).getByRole('table', { name: /Recent deliveries/ });
  const rows = within(recent).getAllByRole('row');
  expect(rows).toHaveLength(3);
  expect(rows[1]!.textContent).toContain('fetch failed (connect ECONNREFUSED 127.0.0.1:9)');
  expect(rows[1]!.textContent).toContain('Failed');
  expect(rows[2]!.textContent).toContain('HTTP 204');
  expect(rows[2]!.textContent).toContain('Delivered');
  const failures = within(card).getByRole('table', { name: /Recent failures/ });
  expect(within(failures).getAllByRole('row')).toHaveLength(2);
  expect(screen.getByText(/last 50 deliveries/)).toBeTruthy();
});

it('says that no webhook is configured, and which setting configures them', async () => {
  renderScreen({ recordLimit: 50, webhooks: [] });
  expect(await screen.findByRole('heading', { name: 'No webhooks configured' })).toBeTruthy();
  expect(screen.getByText(/WEBHOOK_URLS/)).toBeTruthy();
});
