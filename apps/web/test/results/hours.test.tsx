// @vitest-environment jsdom
/** Opening hours on the results page: status line, week, "Open now" filter, the ticking clock. */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RawStore, SearchRequest, StoreHours } from '@locator/core';
import { ResultsSection } from '../../src/features/results/components/ResultsSection';
import { resultsContext } from '../../src/features/results/context';
import { pageQueryOf } from '../../src/features/results/request';
import { loadedConfig, results, store } from './fixtures';
import { renderWith } from './render';

const week = (open: number, close: number): StoreHours['week'] => [
  [[open, close]],
  [[open, close]],
  [[open, close]],
  [[open, close]],
  [[open, close]],
  [[600, 960]],
  [],
];
const LONDON: StoreHours = {
  timeZone: 'Europe/London',
  week: week(540, 1080),
  special: [{ date: '2026-11-26', hours: [], name: 'Stocktaking' }],
};

function show(stores: RawStore[], locale = 'en-GB') {
  const config = loadedConfig();
  const ctx = resultsContext(locale, 'Lumen', 'sales', config.channels.sales!, config);
  const req: SearchRequest = {
    latitude: 51.5,
    longitude: -0.12,
    channel: 'sales',
    lang: 'en',
    countryCode: 'GB',
    productId: 'all',
    product: 'All Products',
    maxRadius: 100,
    maxResults: 99,
    carriers: '',
    formattedAddress: 'Soho',
  };
  renderWith(
    <ResultsSection
      ctx={ctx}
      request={req}
      results={results(stores)}
      pageQuery={pageQueryOf(ctx, req)}
      dropOffHref={() => '?dropoff'}
      onDropOff={vi.fn()}
      onLinkClick={vi.fn()}
      narrow={false}
    />,
  );
}

const statuses = () => screen.queryAllByTestId('hours-status').map((s) => s.textContent);
const titles = () =>
  screen.getAllByTestId('store').map((s) => within(s).getByRole('heading').textContent);

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
  vi.useFakeTimers({ shouldAdvanceTime: true });
  // Monday 23 November 2026, 16:30 in London.
  vi.setSystemTime(new Date('2026-11-23T16:30:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('opening hours on the results page', () => {
  it('shows the status in the locale, keeps it current, and lists the week', async () => {
    show([
      store(1, { hours: LONDON }),
      store(2, { hours: { ...LONDON, week: week(1020, 1320) } }),
      store(3),
    ]);
    expect(statuses()).toEqual(['Open now · closes 18:00', 'Opens in 30 min']);
    await act(async () => vi.advanceTimersByTime(61 * 60_000)); // 17:31
    expect(statuses()).toEqual(['Closes soon · 18:00', 'Open now · closes 22:00']);
    await act(async () => vi.advanceTimersByTime(30 * 60_000)); // 18:01
    expect(statuses()[0]).toBe('Closed · opens Tue 09:00');

    // The week is written when the disclosure opens.
    const disclosure = screen.getAllByTestId('store-hours')[0]!;
    expect(within(disclosure).queryAllByRole('row')).toEqual([]);
    fireEvent.click(within(disclosure).getByTestId('hours-status'));
    await act(async () => vi.advanceTimersByTime(0));
    const rows = within(disclosure).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'MondayToday09:00–18:00',
      'Tuesday09:00–18:00',
      'Wednesday09:00–18:00',
      'ThursdayClosedStocktaking · 26 Nov',
      'Friday09:00–18:00',
      'Saturday10:00–16:00',
      'SundayClosed',
    ]);
    expect(rows[0]!.getAttribute('aria-current')).toBe('date');
  });

  it('uses the 12-hour clock where the locale does', () => {
    show([store(1, { hours: LONDON })], 'en-US');
    expect(statuses()[0]).toMatch(/^Open now · closes 6:00\sPM$/);
  });

  it('filters the stores open now, counted and reset like the others', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    show([
      store(1, { hours: LONDON }),
      store(2, { hours: { ...LONDON, week: week(1020, 1320) } }),
      store(3),
    ]);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = screen.getByRole('group', { name: 'Filter locations' });
    // In a group of its own, not among the products (nor beside the service chip).
    const hoursGroup = within(panel).getByRole('group', { name: 'Opening hours' });
    expect(
      within(hoursGroup)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Open now']);
    expect(
      within(within(panel).getByRole('group', { name: 'Products' })).queryByRole('checkbox', {
        name: 'Open now',
      }),
    ).toBeNull();
    await user.click(within(panel).getByRole('checkbox', { name: 'Open now' }));
    expect(screen.getByRole('button', { name: 'Filters (1 selected)' })).toBeTruthy();
    expect(titles()).toEqual(['1. Store 1']);
    await act(async () => vi.advanceTimersByTime(60 * 60_000)); // 17:30: the other one is open
    expect(titles()).toEqual(['1. Store 1', '2. Store 2']);
    await user.click(within(panel).getByRole('checkbox', { name: 'Open now' }));
    expect(titles()).toHaveLength(3);
  });

  it('offers no "Open now" chip when no store has hours', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    show([store(1), store(2)]);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.queryByRole('checkbox', { name: 'Open now' })).toBeNull();
  });
});
