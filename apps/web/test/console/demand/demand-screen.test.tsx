// @vitest-environment jsdom
/**
 * The demand dashboard's states against a fake of the demand route: the server's message when
 * it refuses, the empty period, and a note for what the address cannot mean.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, expect, it } from 'vitest';
import type { DemandAnswer } from '@locator/core/console-demand';
import { createConsoleClient } from '../../../src/console/api/client';
import DemandScreen from '../../../src/console/demand/DemandScreen';
import { ConsoleBrandContext } from '../../../src/console/shell/brand';
import { BrowserRouter } from '../../../src/lib/router';
import { testI18n } from '../i18n';

afterEach(cleanup);

const NOW = Date.UTC(2026, 11, 6, 12);

function renderScreen(search: string, demand: () => Response) {
  window.history.pushState(null, '', `/admin/demand${search}`);
  const asked: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    if (url.startsWith('/api/v1/admin/store-search')) {
      return Response.json({ choices: { countries: ['DE'], badges: [] } });
    }
    return demand();
  }) as typeof fetch;
  render(
    <I18nextProvider i18n={testI18n()}>
      <ConsoleBrandContext.Provider value="Lumen">
        <BrowserRouter>
          <DemandScreen
            client={createConsoleClient(fetchImpl)}
            timeZone="Europe/Berlin"
            now={() => NOW}
          />
        </BrowserRouter>
      </ConsoleBrandContext.Provider>
    </I18nextProvider>,
  );
  return asked;
}

const empty: DemandAnswer = {
  period: {
    from: '2026-11-07',
    to: '2026-12-06',
    timeZone: 'Europe/Berlin',
    by: 'day',
    days: 30,
    utcFrom: '2026-11-06T23:00:00.000Z',
    utcTo: '2026-12-06T23:00:00.000Z',
    previous: { from: '2026-10-08', to: '2026-11-06' },
  },
  filters: { country: null, channel: null, product: null },
  minCount: 5,
  headline: {
    searches: { current: 0, previous: 0 },
    unmet: { current: 0, previous: 0 },
    beyondRadius: { current: 0, previous: 0 },
    shareFound: { current: null, previous: null },
    clicksPerSearch: { current: null, previous: null },
  },
  series: [],
  byCountry: [],
  byChannel: [],
  byProduct: [],
  funnel: [{ step: 'searches', count: 0 }],
  unmetPlaces: { total: 0, unlocated: 0, rows: [] },
};

it('says when the period has no events, asking for the days in the viewer’s zone', async () => {
  const asked = renderScreen('', () => Response.json(empty));
  expect(await screen.findByText(/No searches or clicks were recorded/)).toBeTruthy();
  expect(asked).toContain(
    '/api/v1/admin/demand?from=2026-11-07&to=2026-12-06&tz=Europe%2FBerlin&by=day',
  );
  expect(screen.getByText('Days are counted in your time zone, Europe/Berlin.')).toBeTruthy();
});

it('shows the server’s message when it refuses', async () => {
  renderScreen('?period=7d', () =>
    Response.json(
      { error: { code: 'INVALID_PARAMETER', message: 'tz must be a time zone.', param: 'tz' } },
      { status: 400 },
    ),
  );
  const alert = await screen.findByText(/The figures could not be read \(error 400\)/);
  expect(alert.textContent).toContain('tz must be a time zone.');
  expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
});

it('names what the address cannot mean and applies the default', async () => {
  renderScreen('?period=forever&by=hour', () => Response.json(empty));
  expect(await screen.findByText(/“period” is not a known period/)).toBeTruthy();
  expect(screen.getByText(/“by” has a value that cannot be used/)).toBeTruthy();
  expect((screen.getByLabelText('Period') as HTMLSelectElement).value).toBe('30d');
});
