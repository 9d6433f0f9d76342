/**
 * A store's detail in <store-locator>: address, opening status and week, and the same links
 * as on the locator's results page (features/results/store-links: directions, phone, website,
 * carrier, appointment).
 */
import {
  formatInterval,
  formatWeekday,
  hoursWeek,
  telHref,
  type SearchRequest,
  type Store,
} from '@locator/core';
import { storeUrls } from '../features/results/store-links';
import type { ResultsContext } from '../features/results/context';
import { h } from './dom';
import { trackEmbedClick } from './analytics';
import { hoursStatus, storeAddress, storeDistance } from './store-view';
import type { Texts } from './texts';

function link(
  href: string,
  text: string,
  label: string,
  external: boolean,
  onClick: () => void,
): HTMLElement {
  const a = h(
    'a',
    {
      href,
      part: 'link',
      'aria-label': label,
      ...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
    },
    text,
  );
  a.addEventListener('click', onClick);
  return h('li', {}, a);
}

export function storeDetail(
  store: Store,
  ctx: ResultsContext,
  request: SearchRequest,
  texts: Texts,
  headingId: string,
): HTMLElement {
  const { t } = texts;
  const now = Date.now();
  const urls = storeUrls(store, { ctx, request, currentQuery: '', carrier: undefined });
  const name = store.title;
  const links = h('ul', { class: 'links' });
  // The link kinds of the locator's own results page (its analytics click events).
  const track = (kind: string) => () => trackEmbedClick(ctx, request, kind, store.id);
  if (urls.directionsHere) {
    links.append(
      link(
        urls.directionsHere,
        t('store.directions'),
        t('store.directionsLabel', { name }),
        true,
        track('directions'),
      ),
    );
  }
  const tel = telHref(store.phone);
  if (tel) {
    links.append(
      link(
        tel,
        store.phone,
        t('store.callLabel', { name, phone: store.phone }),
        false,
        track('phone'),
      ),
    );
  }
  if (urls.website) {
    links.append(
      link(
        urls.website,
        t('store.website'),
        t('store.websiteLabel', { name }),
        true,
        track('website'),
      ),
    );
  }
  if (urls.appointment) {
    links.append(
      link(
        urls.appointment,
        t('store.appointment'),
        t('store.appointmentLabel', { name }),
        true,
        track('appointment'),
      ),
    );
  }
  if (urls.support) {
    links.append(
      link(urls.support, t('store.support'), t('store.support'), true, track('external')),
    );
  }
  let week: HTMLElement | null = null;
  if (store.hours) {
    week = h(
      'table',
      {},
      h('caption', { class: 'visually-hidden' }, t('hours.title')),
      h(
        'tbody',
        {},
        ...hoursWeek(store.hours, now).map((day) =>
          h(
            'tr',
            {},
            h('th', { scope: 'row' }, formatWeekday(day.weekday, texts.locale, 'long')),
            h(
              'td',
              {},
              day.hours.length === 0
                ? t('hours.closed')
                : day.hours.map((i) => formatInterval(i, texts.locale)).join(', '),
            ),
          ),
        ),
      ),
    );
  }
  return h(
    'div',
    { class: 'detail', part: 'detail' },
    h('h3', { id: headingId, tabindex: '-1', part: 'store-name' }, name),
    h('p', { class: 'meta' }, storeDistance(store, texts), hoursStatus(store, texts, now)),
    storeAddress(store),
    week,
    links,
  );
}
