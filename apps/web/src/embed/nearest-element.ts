/**
 * <store-nearest>: a compact card of the nearest stores (default 3) with distance and opening
 * status, and a link to the locator's page for the full search. No map. Without a place or a
 * position it offers "Use my location" and asks for the device's position only after that
 * click.
 */
import {
  channelPath,
  resultsQueryEntries,
  resultsQueryOf,
  type SearchRequest,
  type Store,
} from '@locator/core';
import type { ResultsContext } from '../features/results/context';
import {
  loadContext,
  loadMaps,
  searchRequest,
  searchStores,
  settingsPosition,
  type Position,
} from './data';
import { h } from './dom';
import { EmbedElement } from './element-base';
import { LOCATOR_ORIGIN } from './origin';
import type { EmbedSettings } from './settings';
import { hoursStatus, storeAddress, storeDistance } from './store-view';
import { NEAREST_STYLES, SHARED_STYLES } from './styles';
import type { Texts } from './texts';
import { trackEmbedSearch } from './analytics';

let headingIds = 0;

/** The locator page of a search (or of the channel), on the locator's origin. */
export function locatorPageUrl(locale: string, channel: string, request?: SearchRequest): string {
  const query = request ? new URLSearchParams(resultsQueryEntries(resultsQueryOf(request))) : '';
  const search = query.toString();
  return `${LOCATOR_ORIGIN}${channelPath(locale, channel)}${search ? `?${search}` : ''}`;
}

export class StoreNearestElement extends EmbedElement {
  constructor() {
    super([SHARED_STYLES, NEAREST_STYLES]);
  }

  protected async render(
    settings: EmbedSettings,
    texts: Texts,
    signal: AbortSignal,
  ): Promise<void> {
    const { t } = texts;
    const headingId = `store-nearest-heading-${++headingIds}`;
    const heading = h(
      'h2',
      { id: headingId, part: 'heading' },
      t(`page.results.${settings.channel}.heading`),
    );
    const status = h('p', { class: 'status-line', part: 'message', role: 'status' });
    const body = h('div', { class: 'body' });
    const link = h(
      'a',
      { href: locatorPageUrl(settings.locale, settings.channel), part: 'link', class: 'more' },
      t('form.label'),
    );
    const card = h('div', { class: 'card', part: 'card' }, heading, status, body, link);
    this.frame.replaceChildren(card);
    status.textContent = t('app.loading');

    let ctx: ResultsContext | undefined;
    try {
      ctx = await loadContext(settings);
    } catch {
      ctx = undefined;
    }
    if (signal.aborted) return;
    if (!ctx) {
      status.textContent = t('error.serverError');
      return;
    }
    const context = ctx;

    const show = async (position: Position, trigger: 'form' | 'deepLink' = 'deepLink') => {
      status.textContent = t('loading.results');
      const request = searchRequest(context, position, settings.product, settings.maxResults);
      link.href = locatorPageUrl(settings.locale, settings.channel, request);
      try {
        const { stores, beyondRadius } = await searchStores(context, request, signal);
        if (signal.aborted) return;
        const shown = stores.slice(0, settings.maxResults);
        trackEmbedSearch(context, request, trigger, shown.length, beyondRadius);
        heading.textContent =
          position.address === ''
            ? t(`page.results.${settings.channel}.heading`)
            : t('sentence.allProducts', { count: shown.length, location: position.address });
        status.textContent = shown.length === 0 ? t('page.results.noResultsTitle') : '';
        body.replaceChildren(this.list(shown, texts, link.href));
        this.emit('locator:search', {
          channel: settings.channel,
          country: request.countryCode,
          product: request.productId,
          latitude: request.latitude,
          longitude: request.longitude,
          resultCount: shown.length,
        });
      } catch {
        if (!signal.aborted) status.textContent = t('error.serverError');
      }
    };

    const position = await settingsPosition(context, settings).catch(() => undefined);
    if (signal.aborted) return;
    if (position) {
      await show(position);
      return;
    }
    if (settings.place !== '') {
      status.textContent = t('form.location.error.notFound');
      return;
    }
    status.textContent = '';
    if (!('geolocation' in navigator) || !context.geolocationEnabled) return;
    const button = h(
      'button',
      { type: 'button', part: 'button', class: 'locate' },
      t('form.location.useMyLocation'),
    );
    button.addEventListener('click', () => {
      button.disabled = true;
      status.textContent = t('form.location.locating');
      navigator.geolocation.getCurrentPosition(
        (p) => {
          const { latitude, longitude } = p.coords;
          void loadMaps()
            .then((maps) => maps.reverse({ latitude, longitude, lang: context.mapsLang }))
            .then((place) => {
              if (signal.aborted) return;
              button.remove();
              return show({ latitude, longitude, address: place?.lines[0] ?? '' }, 'form');
            });
        },
        () => {
          button.disabled = false;
          status.textContent = t('form.location.denied');
        },
        { timeout: 15_000, maximumAge: 300_000 },
      );
    });
    body.replaceChildren(button);
  }

  /** The stores; each name links to the search on the locator's page (and says which store). */
  private list(stores: Store[], texts: Texts, href: string): HTMLElement {
    const now = Date.now();
    const list = h('ol', { class: 'stores', part: 'list' });
    for (const store of stores) {
      const name = h('a', { class: 'name', part: 'store-name', href }, store.title);
      name.addEventListener('click', () =>
        this.emit('locator:select', { storeId: store.id, name: store.title }),
      );
      const meta = h(
        'p',
        { class: 'meta' },
        storeDistance(store, texts),
        hoursStatus(store, texts, now),
      );
      const item = h(
        'li',
        { class: 'store', part: 'store', 'data-store-id': store.id },
        name,
        meta,
        storeAddress(store),
      );
      list.append(item);
    }
    return list;
  }
}
