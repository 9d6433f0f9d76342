// @vitest-environment jsdom
/**
 * The console's webhooks screen against a fake of the webhooks route: each URL with its counts,
 * its recent deliveries and failures as tables (status code or error, attempts), and the empty
 * state naming the setting.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, expect, it } from 'vitest';
import type { WebhookListAnswer } from '@locator/core/console-webhooks';
import { createConsoleClient } from '../../../src/console/api/client';
import { ConsoleBrandContext } from '../../../src/console/shell/brand';
import WebhooksScreen from '../../../src/console/webhooks/WebhooksScreen';
import { testI18n } from '../i18n';

afterEach(cleanup);

function renderScreen(answer: WebhookListAnswer) {
  const fetchImpl = (async (input: RequestInfo | URL) => {
    expect(String(input)).toBe('/api/v1/admin/webhooks');
    return new Response(JSON.stringify(answer), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  render(
    <I18nextProvider i18n={testI18n()}>
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

type Delivery = WebhookListAnswer['webhooks'][number]['deliveries'][number];

/** A configured URL as the route answers it. */
const hook = (url: string, deliveries: Delivery[], failures: Delivery[]) => ({
  url,
  counts: {
    queued: 0,
    delivered: deliveries.filter((d) => d.outcome === 'delivered').length,
    failed: deliveries.filter((d) => d.outcome === 'failed').length,
  },
  deliveries,
  failures,
});

it('shows each URL with its deliveries and failures as tables', async () => {
  renderScreen({
    recordLimit: 50,
    webhooks: [hook('https://hooks.example.com/in?token=…', [failed, delivered], [failed])],
  });
  const card = (
    await screen.findByRole('heading', { name: 'https://hooks.example.com/in?token=…' })
  ).parentElement!;
  expect(within(card).getByText(/1 delivered in the last week, 1 failed, 0 waiting/)).toBeTruthy();
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

it('shows each configured URL as the server answers after deliveries, refusals and a receiver down', async () => {
  // The shape of the route's answer in the server's test (console.webhooks.api.test.ts): a
  // receiver that took one event and refused the next, and a URL where nothing listens.
  const refused = { ...delivered, eventId: 'ev-2', outcome: 'failed' as const, statusCode: 400 };
  const down = {
    ...failed,
    eventId: 'ev-1',
    at: '2026-12-06T10:00:01.000Z',
    attempts: 1,
    error: 'fetch failed (connect ECONNREFUSED 127.0.0.1:40123)',
  };
  renderScreen({
    recordLimit: 50,
    webhooks: [
      hook('http://127.0.0.1:40100/?token=…', [refused, delivered], [refused]),
      hook(
        'http://127.0.0.1:40123/down',
        [{ ...down, eventId: 'ev-2' }, down],
        [{ ...down, eventId: 'ev-2' }, down],
      ),
    ],
  });
  const cardOf = async (url: string) =>
    (await screen.findByRole('heading', { name: url })).parentElement!;
  const rowsOf = (card: HTMLElement, name: RegExp) =>
    within(within(card).getByRole('table', { name })).getAllByRole('row').slice(1);
  const receiver = await cardOf('http://127.0.0.1:40100/?token=…');
  const [first, second] = rowsOf(receiver, /Recent deliveries/);
  expect(first!.textContent).toContain('HTTP 400');
  expect(first!.textContent).toContain('Failed');
  expect(second!.textContent).toContain('HTTP 204');
  expect(rowsOf(receiver, /Recent failures/)).toHaveLength(1);
  const downCard = await cardOf('http://127.0.0.1:40123/down');
  expect(
    within(downCard).getByText(/0 delivered in the last week, 2 failed, 0 waiting/),
  ).toBeTruthy();
  const failures = rowsOf(downCard, /Recent failures/);
  expect(failures).toHaveLength(2);
  expect(failures[0]!.textContent).toContain('ECONNREFUSED 127.0.0.1:40123');
});

it('says that no webhook is configured, and which setting configures them', async () => {
  renderScreen({ recordLimit: 50, webhooks: [] });
  expect(await screen.findByRole('heading', { name: 'No webhooks configured' })).toBeTruthy();
  expect(screen.getByText(/WEBHOOK_URLS/)).toBeTruthy();
});
