/**
 * The content of <store-locator> (define.ts), loaded when the first one renders: the full search — place with suggestions, product, the list with paging,
 * the map (loaded only when there are stores to show) and each store's detail with the
 * locator's links.
 */
import {
  ALL_PRODUCTS_OPTION,
  PAGE_SIZE,
  pageCount,
  pageSlice,
  type SearchRequest,
  type Store,
} from '@locator/core';
import type { ResultsContext } from '../features/results/context';
import {
  loadContext,
  placeCountries,
  searchRequest,
  searchStores,
  settingsPosition,
  type Position,
} from './data';
import { maps } from './maps';
import { placeField } from './combobox';
import { h } from './dom';
import type { EmitEvent } from './element-base';
import type { EmbedSettings } from './settings';
import { storeDetail } from './store-detail';
import { trackEmbedSearch } from './analytics';
import { hoursStatus, storeAddress, storeDistance } from './store-view';
import type { Texts } from './texts';
import type { StoreMapView } from './map';

let ids = 0;

export class LocatorView {
  private map: StoreMapView | undefined;

  constructor(
    private readonly root: ShadowRoot,
    private readonly frame: HTMLElement,
    private readonly emit: EmitEvent,
  ) {}

  removeMap(): void {
    this.map?.remove();
    this.map = undefined;
  }

  async render(settings: EmbedSettings, texts: Texts, signal: AbortSignal): Promise<void> {
    const { t } = texts;
    const id = ++ids;
    this.map?.remove();
    this.map = undefined;
    const live = h('p', { class: 'visually-hidden', role: 'status' });
    const message = h('p', { class: 'status-line', part: 'message' });
    this.frame.replaceChildren(h('p', { class: 'status-line' }, t('app.loading')), live);
    const ctx = await loadContext(settings).catch(() => undefined);
    if (signal.aborted) return;
    if (!ctx) {
      this.frame.replaceChildren(
        h('p', { class: 'status-line', role: 'alert' }, t('error.serverError')),
      );
      return;
    }
    const announce = (text: string) => {
      live.textContent = '';
      queueMicrotask(() => (live.textContent = text));
    };

    // The form.
    const place = placeField(
      texts,
      maps.autocompleter(),
      (q) => ({ q, countries: placeCountries(ctx), lang: ctx.mapsLang }),
      announce,
      settings.place,
    );
    const productId = `product-${id}`;
    const products = [
      ...(ctx.channelKey === 'sales'
        ? [{ ...ALL_PRODUCTS_OPTION, displayName: t('form.products.allProducts') }]
        : []),
      ...ctx.channel.options.products.filter((p) => p._id !== ALL_PRODUCTS_OPTION._id),
    ];
    const select = h('select', { id: productId, part: 'input' });
    for (const p of products) select.append(h('option', { value: p._id }, p.displayName));
    if (products.some((p) => p._id === settings.product)) select.value = settings.product;
    const locate = h(
      'button',
      { type: 'button', class: 'secondary', part: 'button' },
      t('form.location.useMyLocation'),
    );
    const submit = h('button', { type: 'submit', part: 'button' }, t('form.search'));
    const form = h(
      'form',
      { part: 'form' },
      place.element,
      h(
        'div',
        { class: 'field' },
        h('label', { for: productId }, t('form.products.label')),
        select,
      ),
      h(
        'div',
        { class: 'actions' },
        ctx.geolocationEnabled && 'geolocation' in navigator ? locate : null,
        submit,
      ),
    );

    // The results.
    const sentence = h('h2', { part: 'heading', tabindex: '-1' });
    const results = h('div', { class: 'results', part: 'results' });
    const mapBox = h('div', { class: 'map', part: 'map', hidden: true });
    const layout = h('div', { class: 'layout' }, h('div', {}, sentence, message, results), mapBox);
    this.frame.replaceChildren(form, layout, live);

    let stores: Store[] = [];
    let request: SearchRequest | undefined;
    let page = 1;

    const showList = (focusStore?: string) => {
      if (!request) return;
      const pages = pageCount(stores.length, PAGE_SIZE);
      const list = h('ol', { class: 'stores', part: 'list', 'aria-label': t('list.label') });
      pageSlice(stores, page, PAGE_SIZE).forEach((store) => {
        const open = h(
          'button',
          { type: 'button', class: 'open-detail' },
          t('list.item', { number: store.orderNumber, name: store.title }),
        );
        open.addEventListener('click', () => showDetail(store));
        list.append(
          h(
            'li',
            { class: 'store', part: 'store', 'data-store-id': store.id },
            open,
            h(
              'p',
              { class: 'meta' },
              storeDistance(store, texts),
              hoursStatus(store, texts, Date.now()),
            ),
            storeAddress(store),
          ),
        );
        if (store.id === focusStore) queueMicrotask(() => open.focus());
      });
      const nav = pages > 1 ? pager(pages) : null;
      results.replaceChildren(list, ...(nav ? [nav] : []));
    };

    const pager = (pages: number) => {
      const prev = h(
        'button',
        { type: 'button', class: 'secondary', 'aria-label': t('paging.previous') },
        '‹',
      );
      const next = h(
        'button',
        { type: 'button', class: 'secondary', 'aria-label': t('paging.next') },
        '›',
      );
      prev.disabled = page <= 1;
      next.disabled = page >= pages;
      const go = (to: number) => {
        page = to;
        showList();
        const from = (page - 1) * PAGE_SIZE + 1;
        announce(
          t('paging.announcement', {
            from,
            to: Math.min(stores.length, page * PAGE_SIZE),
            total: stores.length,
          }),
        );
      };
      prev.addEventListener('click', () => go(page - 1));
      next.addEventListener('click', () => go(page + 1));
      return h(
        'nav',
        { class: 'pages', part: 'pagination', 'aria-label': t('paging.label') },
        prev,
        h('span', {}, t('paging.page', { page, total: pages })),
        next,
      );
    };

    const showDetail = (store: Store) => {
      if (!request) return;
      const headingId = `store-${id}-${store.id}`;
      const back = h(
        'button',
        { type: 'button', class: 'secondary', part: 'button' },
        t('store.backToStores'),
      );
      back.addEventListener('click', () => showList(store.id));
      results.replaceChildren(back, storeDetail(store, ctx, request, texts, headingId));
      results.querySelector<HTMLElement>(`[id="${headingId}"]`)?.focus();
      this.map?.select(store.id);
      this.emit('locator:select', { storeId: store.id, name: store.title });
    };

    const run = async (position: Position, trigger: 'form' | 'deepLink' = 'form') => {
      message.textContent = t('loading.results');
      request = searchRequest(ctx, position, select.value);
      try {
        const found = await searchStores(ctx, request, signal);
        if (signal.aborted) return;
        stores = found.stores;
        page = 1;
        message.textContent = stores.length === 0 ? t('page.results.noResultsTitle') : '';
        sentence.textContent =
          stores.length === 0
            ? ''
            : t(
                request.productId === ALL_PRODUCTS_OPTION._id
                  ? 'sentence.allProducts'
                  : 'sentence.normal',
                {
                  count: stores.length,
                  location: position.address,
                  product: request.product,
                },
              );
        trackEmbedSearch(ctx, request, trigger, stores.length, found.beyondRadius);
        showList();
        await this.showMap(ctx, stores, texts, mapBox, layout, showDetail, signal);
        this.emit('locator:search', {
          channel: ctx.channelKey,
          country: request.countryCode,
          product: request.productId,
          latitude: request.latitude,
          longitude: request.longitude,
          resultCount: stores.length,
        });
      } catch {
        if (!signal.aborted) message.textContent = t('error.serverError');
      }
    };

    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const chosen = place.chosen();
      const q = place.input.value.trim();
      if (chosen) {
        void run({
          latitude: chosen.latitude,
          longitude: chosen.longitude,
          address: chosen.formattedAddress,
        });
        return;
      }
      if (q === '') {
        message.textContent = t('form.location.error.notFound');
        place.input.focus();
        return;
      }
      void maps
        .geocode({ q, countries: placeCountries(ctx), lang: ctx.mapsLang })
        .then(([found]) => {
          if (signal.aborted) return;
          if (found) void run({ latitude: found.latitude, longitude: found.longitude, address: q });
          else message.textContent = t('form.location.error.notFound');
        });
    });
    locate.addEventListener('click', () => {
      message.textContent = t('form.location.locating');
      navigator.geolocation.getCurrentPosition(
        (p) => {
          const { latitude, longitude } = p.coords;
          void maps.reverse({ latitude, longitude, lang: ctx.mapsLang }).then((found) => {
            const address = found?.formattedAddress ?? '';
            place.input.value = address;
            void run({ latitude, longitude, address });
          });
        },
        () => (message.textContent = t('form.location.denied')),
        { timeout: 15_000, maximumAge: 300_000 },
      );
    });

    const initial = await settingsPosition(ctx, settings).catch(() => undefined);
    if (signal.aborted) return;
    if (initial) await run(initial, 'deepLink');
    else if (settings.place !== '') message.textContent = t('form.location.error.notFound');
  }

  /** Loads the map module on first use, then shows the stores on it. */
  private async showMap(
    ctx: ResultsContext,
    stores: Store[],
    texts: Texts,
    box: HTMLElement,
    layout: HTMLElement,
    onSelect: (store: Store) => void,
    signal: AbortSignal,
  ): Promise<void> {
    if (ctx.config.country.disableMap || stores.length === 0) return;
    box.hidden = false;
    layout.classList.add('has-map');
    if (!this.map) {
      const { createStoreMap } = await import('./map');
      if (signal.aborted) return;
      this.map = await createStoreMap(box, this.root, ctx.mapsLang, texts);
      if (signal.aborted) return;
    }
    this.map.show(stores, onSelect);
  }
}
