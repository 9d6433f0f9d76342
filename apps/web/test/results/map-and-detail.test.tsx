// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { ResultChannel, SearchRequest, SearchResults, Store } from '@locator/core';
import type { SmallStoreMapProps, StoreMapProps } from '../../src/components/map';
import { ResultsSection } from '../../src/features/results/components/ResultsSection';
import { resultsContext } from '../../src/features/results/context';
import { pageQueryOf } from '../../src/features/results/request';
import type { MapsClient } from '../../src/lib/maps';
import { countryConfig, loadedConfig, manyStores, results, store } from './fixtures';
import { fakeMaps, renderWith } from './render';

// The map (MapLibre, WebGL) is replaced by a stand-in rendering the props it is given: pins as
// buttons with their accessible names, hover and selection state, and the callout content.
const mapProps: { current?: StoreMapProps } = {};
vi.mock('../../src/components/map', () => ({
  StoreMap: (props: StoreMapProps) => {
    const labels = props.labels!;
    if (props.interactive === false) {
      // The detail view's small location map: an image named after its store.
      return (
        <div
          role="img"
          aria-label={labels.smallMap!(props.pins[0]!)}
          data-lang={props.lang}
          data-dir={props.dir}
        >
          {props.pins[0]!.label}
        </div>
      );
    }
    mapProps.current = props;
    const active = props.pins.find((p) => p.id === props.activeId);
    return (
      <div data-testid="fake-map" aria-label={labels.map} data-fit-key={props.fitKey}>
        {props.pins.map((p) => (
          <button
            key={p.id}
            type="button"
            aria-label={labels.pin!(p)}
            aria-pressed={p.id === props.activeId}
            data-hovered={p.id === props.hoveredId}
            onClick={() => props.onSelect?.(p.id)}
            onMouseEnter={() => props.onHover?.(p.id)}
          >
            {p.label}
          </button>
        ))}
        {active ? (
          <section aria-label={labels.callout!(active)} data-size={props.calloutSize}>
            {props.renderCallout?.(active.id)}
          </section>
        ) : null}
      </div>
    );
  },
  SmallStoreMap: (props: SmallStoreMapProps) => (
    <div role="img" aria-label={props.label} data-lang={props.lang} data-dir={props.dir}>
      {props.store.label}
    </div>
  ),
  MapAttribution: ({ label }: { label?: string }) => <ul aria-label={label} />,
}));

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
  mapProps.current = undefined;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function request(overrides: Partial<SearchRequest> = {}): SearchRequest {
  return {
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
    ...overrides,
  };
}

function show(
  data: SearchResults,
  {
    narrow = false,
    channel = 'sales' as ResultChannel,
    req = request({ channel }),
    locale = 'en-GB',
    config = loadedConfig(),
    maps = fakeMaps(),
  }: {
    narrow?: boolean;
    channel?: ResultChannel;
    req?: SearchRequest;
    locale?: string;
    config?: ReturnType<typeof loadedConfig>;
    maps?: MapsClient;
  } = {},
) {
  const onLinkClick: Mock<(link: string, store: Store | undefined, url: string) => void> = vi.fn();
  const ctx = resultsContext(locale, 'Lumen', channel, config.channels[channel]!, config);
  const view = renderWith(
    <ResultsSection
      ctx={ctx}
      request={req}
      results={data}
      pageQuery={pageQueryOf(ctx, req)}
      dropOffHref={() => '?dropoff'}
      onDropOff={vi.fn()}
      onLinkClick={onLinkClick}
      narrow={narrow}
    />,
    { maps },
  );
  return { onLinkClick, ...view };
}

const entry = (n: number) => screen.getAllByTestId('store')[n - 1]!;
const map = () => screen.getByTestId('fake-map');
const callout = (name: string) => screen.queryByRole('region', { name: `Details for ${name}` });

describe('the map beside the list (PRODUCT.md#results-page, #store-selection)', () => {
  it('pins of the shown page, labelled by orderNumber and named by store', async () => {
    const user = userEvent.setup();
    show(results(manyStores(7)));
    const pins = within(map()).getAllByRole('button');
    expect(pins.map((p) => [p.textContent, p.getAttribute('aria-label')])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [String(n), `${n}. Store ${n}`]),
    );
    expect(map().getAttribute('aria-label')).toBe('Map of locations');
    expect(mapProps.current?.lang).toBe('en-GB');
    expect(mapProps.current?.dir).toBe('ltr');
    expect(mapProps.current?.labels?.zoomIn).toBe('Zoom in');
    const firstFit = map().dataset.fitKey;
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(
      within(map())
        .getAllByRole('button')
        .map((p) => p.textContent),
    ).toEqual(['6', '7']);
    expect(map().dataset.fitKey).not.toBe(firstFit); // the new page is fitted
  });

  it('hovering a list item highlights its pin', async () => {
    const user = userEvent.setup();
    show(results(manyStores(3)));
    await user.hover(entry(2));
    const pin = within(map()).getByRole('button', { name: '2. Store 2' });
    expect(pin.dataset.hovered).toBe('true');
    await user.unhover(entry(2));
    expect(pin.dataset.hovered).toBe('false');
    // …and hovering a pin marks its list item.
    await user.hover(within(map()).getByRole('button', { name: '3. Store 3' }));
    expect(entry(3).className).toContain('store--hovered');
  });

  it('a list click selects the pin and opens the callout; Escape returns focus to the list', async () => {
    const user = userEvent.setup();
    show(results([store(1), store(2, { salesProducts: ['1', '2', '3', '4', '5', '6', '7'] })]));
    const select = within(entry(2)).getByRole('button', { name: 'Show details for Store 2' });
    expect(select.getAttribute('aria-pressed')).toBe('false');
    await user.click(select);
    expect(select.getAttribute('aria-pressed')).toBe('true');
    expect(entry(2).className).toContain('store--active');
    expect(
      within(map()).getByRole('button', { name: '2. Store 2' }).getAttribute('aria-pressed'),
    ).toBe('true');
    const card = callout('Store 2')!;
    expect(card.dataset.size).toBe('medium'); // 7 products (PRODUCT.md#display)
    expect(within(card).getByRole('heading').textContent).toBe('2. Store 2');
    expect(
      within(card)
        .getByRole('link', { name: /^Directions to Store 2/ })
        .getAttribute('href'),
    ).toContain('daddr=2%20High%20Street');
    act(() => mapProps.current!.onEscape!());
    expect(callout('Store 2')).toBeNull();
    expect(document.activeElement).toBe(select);
    expect(select.getAttribute('aria-pressed')).toBe('false');
  });

  it('Escape asks for the focus once: a pin focused next keeps it', async () => {
    const user = userEvent.setup();
    show(results(manyStores(3)));
    await user.click(within(map()).getByRole('button', { name: '3. Store 3' }));
    const select = within(entry(3)).getByRole('button', { name: 'Show details for Store 3' });
    const focus = vi.spyOn(select, 'focus');
    act(() => mapProps.current!.onEscape!());
    expect(document.activeElement).toBe(select);
    // The store unmarked in the URL (a transition, committed above) asks for nothing more.
    expect(focus).toHaveBeenCalledTimes(1);
  });

  it('a click on the entry body selects it; a click on its links does not', async () => {
    const user = userEvent.setup();
    show(results(manyStores(2)));
    await user.click(within(entry(1)).getByRole('link', { name: /^Website of Store 1/ }));
    expect(callout('Store 1')).toBeNull();
    await user.click(entry(1).querySelector('address')!);
    expect(callout('Store 1')).not.toBeNull();
    // Escape in the list closes it too.
    fireEvent.keyDown(within(entry(1)).getByRole('link', { name: /^Website/ }), { key: 'Escape' });
    expect(callout('Store 1')).toBeNull();
  });

  it('a pin click marks the store in the list and opens its callout', async () => {
    const user = userEvent.setup();
    show(results(manyStores(3)));
    await user.click(within(map()).getByRole('button', { name: '3. Store 3' }));
    expect(entry(3).className).toContain('store--active');
    expect(entry(3).scrollIntoView).toHaveBeenCalled();
    expect(callout('Store 3')).not.toBeNull();
  });

  it('disableMap: no map', () => {
    show(results(manyStores(2)), { config: loadedConfig(countryConfig({ disableMap: true })) });
    expect(screen.queryByTestId('map-slot')).toBeNull();
    expect(screen.getAllByTestId('store')).toHaveLength(2);
  });

  it('right-to-left pages give the map their direction', () => {
    const config = loadedConfig(countryConfig({ countryCode: 'AE' }), 'ar');
    show(results(manyStores(1)), { locale: 'ar-AE', config });
    expect(mapProps.current?.dir).toBe('rtl');
  });
});

describe("the analytics event of a store's details opened", () => {
  const opened = (onLinkClick: Mock) =>
    onLinkClick.mock.calls.filter(([link]) => link === 'details').map(([, s]) => s.title);

  it('is sent once per opening of the callout, from the list or a pin', async () => {
    const user = userEvent.setup();
    const { onLinkClick } = show(results(manyStores(3)));
    const select = within(entry(2)).getByRole('button', { name: 'Show details for Store 2' });
    await user.click(select);
    expect(opened(onLinkClick)).toEqual(['Store 2']);
    // Selecting the open store again (its entry or its pin) is not another opening.
    await user.click(select);
    await user.click(within(map()).getByRole('button', { name: '2. Store 2' }));
    expect(opened(onLinkClick)).toEqual(['Store 2']);
    act(() => mapProps.current!.onEscape!());
    await user.click(within(map()).getByRole('button', { name: '2. Store 2' }));
    await user.click(within(map()).getByRole('button', { name: '3. Store 3' }));
    expect(opened(onLinkClick)).toEqual(['Store 2', 'Store 2', 'Store 3']);
  });

  it('is sent once per opening of the narrow detail view', async () => {
    const user = userEvent.setup();
    const { onLinkClick } = show(results(manyStores(3)), { narrow: true });
    await user.click(within(entry(1)).getByRole('button', { name: 'Show details for Store 1' }));
    expect(opened(onLinkClick)).toEqual(['Store 1']);
    const detail = screen.getByTestId('store-detail');
    await user.click(within(detail).getByRole('button', { name: 'Back to stores' }));
    await user.click(within(entry(1)).getByRole('button', { name: 'Show details for Store 1' }));
    expect(opened(onLinkClick)).toEqual(['Store 1', 'Store 1']);
  });
});

describe('narrow screens: the store detail view (PRODUCT.md#results-page)', () => {
  it('replaces the list; back returns focus to the store', async () => {
    const user = userEvent.setup();
    show(results(manyStores(3)), { narrow: true });
    expect(screen.queryByTestId('fake-map')).toBeNull();
    const select = within(entry(2)).getByRole('button', { name: 'Show details for Store 2' });
    expect(select.hasAttribute('aria-pressed')).toBe(false);
    await user.click(select);
    expect(screen.queryAllByTestId('store')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Filters' })).toBeNull();
    const detail = screen.getByTestId('store-detail');
    const heading = within(detail).getByRole('heading', { level: 3 });
    expect(heading.textContent).toBe('2. Store 2');
    expect(document.activeElement).toBe(heading);
    expect(within(detail).getByRole('img', { name: 'Map showing Store 2' })).toBeTruthy();
    expect(within(detail).getByRole('combobox', { name: 'Travel mode' })).toBeTruthy();
    await user.click(within(detail).getByRole('button', { name: 'Back to stores' }));
    expect(screen.getAllByTestId('store')).toHaveLength(3);
    expect(document.activeElement).toBe(
      within(entry(2)).getByRole('button', { name: 'Show details for Store 2' }),
    );
  });

  it('no small map when the map is disabled', async () => {
    const user = userEvent.setup();
    show(results(manyStores(1)), {
      narrow: true,
      config: loadedConfig(countryConfig({ disableMap: true })),
    });
    await user.click(screen.getByRole('button', { name: 'Show details for Store 1' }));
    expect(screen.queryByRole('img')).toBeNull();
  });

  it("Share uses the Web Share API with title, text and the store page's URL", async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share, userAgent: 'jsdom' });
    const user = userEvent.setup();
    const { onLinkClick } = show(results([store(1)]), { narrow: true });
    await user.click(screen.getByRole('button', { name: 'Show details for Store 1' }));
    await user.click(screen.getByRole('button', { name: 'Share Store 1' }));
    // The store's own page, not directions from the sharer's searched place.
    const url = `${window.location.origin}/uk/en/stores/ST1-store-1`;
    expect(share).toHaveBeenCalledWith({
      title: 'Store 1',
      text: 'Store 1\n1 High Street, London, W1 1AA\nEngland\n+44 20 7946 0000',
      url,
    });
    expect(onLinkClick).toHaveBeenCalledWith('share', expect.objectContaining({ id: 's1' }), url);
  });

  it('without the Web Share API the link is copied, and said so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    // After setup: user-event installs its own clipboard.
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { userAgent: 'jsdom', clipboard: { writeText } });
    show(results([store(1)]), { narrow: true });
    await user.click(screen.getByRole('button', { name: 'Show details for Store 1' }));
    await user.click(screen.getByRole('button', { name: 'Share Store 1' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/uk/en/stores/ST1-store-1`);
    const status = within(screen.getByTestId('store-detail')).getByRole('status');
    expect(status.textContent).toBe('Link copied to the clipboard.');
    await act(async () => vi.advanceTimersByTime(4000));
    expect(status.textContent).toBe('');
  });
});

describe('store links (PRODUCT.md#external-links, #appointment-link)', () => {
  it('every link names its store; clicks are reported', async () => {
    const user = userEvent.setup();
    const { onLinkClick } = show(results([store(1)]), { req: request({ carriers: 'EE' }) });
    const names = within(entry(1))
      .getAllByRole('link')
      .map((a) => a.getAttribute('aria-label') ?? a.textContent);
    expect(names).toEqual([
      '+44 20 7946 0000',
      'Directions to Store 1 (opens in a new tab)',
      'Website of Store 1 (opens in a new tab)',
      'Buy from EE – Store 1 (opens in a new tab)',
      'Store page: Store 1',
    ]);
    // Each result links to its store page, and shares it, on wide screens too.
    expect(within(entry(1)).getByRole('link', { name: 'Store page: Store 1' })).toHaveProperty(
      'pathname',
      '/uk/en/stores/ST1-store-1',
    );
    expect(within(entry(1)).getByRole('button', { name: 'Share Store 1' })).toBeTruthy();
    await user.click(within(entry(1)).getByRole('link', { name: /^Buy from EE/ }));
    await user.click(within(entry(1)).getByRole('link', { name: /^Website/ }));
    expect(onLinkClick.mock.calls.map((c) => c[0])).toEqual(['carrier', 'website']);
  });

  it('service with casRedirect: no appointment link; the support link instead', async () => {
    const user = userEvent.setup();
    const config = loadedConfig(countryConfig({ countryCode: 'IN', casRedirect: true }));
    const { onLinkClick } = show(
      results([store(1, { apptSchedulerIndVal: 'Y', serviceProducts: ['1'] })]),
      {
        channel: 'service',
        locale: 'en-IN',
        config,
        req: request({ channel: 'service', countryCode: 'IN', productId: '1' }),
      },
    );
    expect(screen.queryByRole('link', { name: /appointment/ })).toBeNull();
    const support = screen.getByRole('link', { name: /^Get repair support – Store 1/ });
    expect(support.getAttribute('href')).toBe('https://getsupport.example.com/?caller=grl&locale=');
    await user.click(support);
    expect(onLinkClick).toHaveBeenCalledWith(
      'external',
      expect.objectContaining({ id: 's1' }),
      support.getAttribute('href'),
    );
  });

  it('the appointment link is reported as such', async () => {
    const user = userEvent.setup();
    const config = loadedConfig(countryConfig({ countryCode: 'CN' }), 'zh');
    const { onLinkClick } = show(
      results([store(1, { apptSchedulerIndVal: 'Y', serviceProducts: ['1'] })]),
      {
        channel: 'service',
        locale: 'zh-CN',
        config,
        req: request({ channel: 'service', countryCode: 'CN', productId: '1' }),
      },
    );
    const link = screen.getByRole('link', { name: /^Book a repair appointment at Store 1/ });
    expect(link.getAttribute('href')).toContain('locale=zh_CN&storeID=ST1');
    await user.click(link);
    expect(onLinkClick).toHaveBeenCalledWith('appointment', expect.anything(), expect.any(String));
  });

  it('on Apple devices directions open Apple Maps', () => {
    vi.stubGlobal('navigator', {
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15',
    });
    show(results([store(1)]));
    expect(screen.getByRole('link', { name: /^Directions to Store 1/ }).getAttribute('href')).toBe(
      'https://maps.apple.com/?saddr=Soho&daddr=1%20High%20Street,London,England,W1%201AA&hl=en',
    );
  });
});

describe('travel time in the detail view and the callout (PRODUCT.md#maps-service)', () => {
  it('follows the mode choice in the detail view', async () => {
    const request = vi.fn(async ({ mode }: { mode: string }) => [
      { expectedTravelTime: mode === 'walking' ? 3900 : 300 },
    ]);
    const maps = fakeMaps({ etaRequester: () => ({ request, cancel: vi.fn() }) as never });
    const user = userEvent.setup();
    show(results([store(1)], { modesOfTransport: 'walking' }), {
      narrow: true,
      maps,
      locale: 'en-US',
    });
    await user.click(screen.getByRole('button', { name: 'Show details for Store 1' }));
    const detail = screen.getByTestId('store-detail');
    expect(await within(detail).findByText(/^Estimated travel time: 1 hr,? 5 min$/)).toBeTruthy();
    await user.selectOptions(
      within(detail).getByRole('combobox', { name: 'Travel mode' }),
      'automobile',
    );
    expect(await within(detail).findByText('Estimated travel time: 5 min')).toBeTruthy();
  });
});
