// @vitest-environment jsdom
/**
 * The dashboard's unmet searches answered only beyond the radius: the headline's "of which
 * answered beyond the radius" under the unmet searches, and the unmet places table's column of
 * its own (a sortable column header, a number per place, a hidden count as "fewer than N").
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, expect, it, vi } from 'vitest';
import type { DemandAnswer } from '@locator/core/console-demand';
import { Headline } from '../../../src/console/demand/Headline';
import { UnmetPlaces } from '../../../src/console/demand/UnmetPlaces';
import { testI18n } from '../i18n';

// The map is its own chunk (MapLibre): not drawn here.
vi.mock('../../../src/console/demand/UnmetMapCanvas', () => ({ default: () => null }));

afterEach(cleanup);

const answer = {
  period: {
    from: '2026-11-01',
    to: '2026-11-30',
    timeZone: 'UTC',
    by: 'day',
    days: 30,
    utcFrom: '2026-11-01T00:00:00.000Z',
    utcTo: '2026-12-01T00:00:00.000Z',
    previous: { from: '2026-10-02', to: '2026-10-31' },
  },
  filters: { country: null, channel: null, product: null },
  minCount: 5,
  headline: {
    searches: { current: 120, previous: 100 },
    unmet: { current: 30, previous: 20 },
    beyondRadius: { current: 12, previous: 0 },
    shareFound: { current: 0.75, previous: 0.8 },
    clicksPerSearch: { current: 0.5, previous: 0.4 },
  },
  series: [],
  byCountry: [],
  byChannel: [],
  byProduct: [],
  funnel: [{ step: 'searches', count: 120 }],
  unmetPlaces: {
    total: 2,
    unlocated: 0,
    rows: [
      {
        latitude: 58.59,
        longitude: -3.52,
        country: 'GB',
        place: 'Thurso',
        searches: 18,
        beyondRadius: 9,
        nearestStoreKm: 41.2,
      },
      {
        latitude: 57.48,
        longitude: -4.22,
        country: 'GB',
        place: 'Inverness',
        searches: 12,
        beyondRadius: { fewerThan: 5 },
        nearestStoreKm: null,
      },
    ],
  },
} satisfies DemandAnswer;

const wrap = (ui: React.ReactNode) =>
  render(<I18nextProvider i18n={testI18n()}>{ui}</I18nextProvider>);

it('says how many of the searches that found no store nearby were answered beyond the radius', () => {
  wrap(<Headline answer={answer} />);
  const term = screen.getByText('Searches that found no store nearby');
  const item = term.closest('div')!;
  expect(within(item).getByText('30')).toBeTruthy();
  expect(within(item).getByText('of which answered beyond the radius: 12')).toBeTruthy();
});

it('gives the unmet places a column of the searches answered beyond the radius', () => {
  wrap(<UnmetPlaces answer={answer} query="from=2026-11-01&to=2026-11-30" />);
  const table = screen.getByRole('table');
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  expect(headers.slice(0, 5)).toEqual([
    'Place↕',
    'Country or region↕',
    'Unmet searches▼',
    'Answered beyond the radius↕',
    'Nearest store↕',
  ]);
  const [, thurso, inverness] = within(table).getAllByRole('row');
  expect(within(thurso!).getAllByRole('cell')[2]!.textContent).toBe('9');
  expect(within(inverness!).getAllByRole('cell')[2]!.textContent).toBe('fewer than 5');
});
