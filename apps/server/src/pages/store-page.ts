/**
 * A store page: the stored document read by storeId, a redirect when the slug differs, 404 / 410
 * when there is no such store here, else the page with its JSON-LD and the nearby stores.
 */
import {
  directoryRegionName,
  placeSlug,
  safeWebUrl,
  storeIdOfSegment,
  storePagePath,
  type Product,
} from '@locator/core';
import type { ServedCountry } from '../config/service.js';
import type { StoreDoc } from '../stores/doc.js';
import { renderShell } from './html.js';
import { breadcrumbJsonLd, storeJsonLd } from './json-ld.js';
import type { PageLocale } from './locales.js';
import type { DataState, PagesData } from './state.js';
import { renderStoreMain, type NearbyStore } from './store-view.js';
import type { Translate } from './texts.js';
import type { PageAnswer, PageKit } from './kit.js';

/** Nearby stores shown. */
const NEARBY = 5;
const NEARBY_RADIUS_KM = 50;

export async function storePage(
  kit: PageKit,
  data: PagesData,
  page: PageLocale,
  segment: string,
  state: DataState,
  t: Translate,
  etag: string,
): Promise<PageAnswer> {
  const { directory } = state;
  const storeId = storeIdOfSegment(segment, (id) => directory.storeCountry.has(id));
  const iso = storeId === undefined ? undefined : directory.storeCountry.get(storeId);
  const country = page.countries.find((c) => c.countryCode === iso);
  if (storeId === undefined || !country) {
    const gone = storeIdOfSegment(segment, (id) => data.wasRemoved(id)) !== undefined;
    return kit.errorPage(page, gone ? 410 : 404, t, etag);
  }
  const stored = await kit.o.pages.store(storeId);
  if (!stored) return kit.errorPage(page, 410, t, etag);
  const doc = JSON.parse(stored.doc) as StoreDoc;
  const path = storePagePath(page.path, doc.storeId, doc.title);
  if (`${page.path}stores/${segment}` !== decodeURIComponent(path)) {
    return { status: 301, html: '', etag, location: path };
  }
  const products = productsOf(kit, page, country);
  const nearby = await nearbyStores(kit, page, country, doc);
  const levels = kit.levels(
    page,
    [
      ...(page.regionName === undefined ? [] : [country.countryCode.toLowerCase()]),
      placeSlug(directoryRegionName(doc.state, doc.city)),
      placeSlug((doc.city ?? '').trim()),
    ],
    state,
  );
  const crumbs = [...kit.crumbs(page, levels ?? [], t), { name: doc.title, url: kit.url(path) }];
  const place = [doc.city, doc.state]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(', ');
  const html = renderShell({
    page,
    t,
    title: `${doc.title}${place ? ` - ${place}` : ''} - ${kit.o.brand}`,
    description: t('store.description', {
      name: doc.title,
      place: place || kit.countryName(page, country),
    }),
    canonical: kit.url(path),
    alternates: kit.alternates(page, (p) => storePagePath(p.path, doc.storeId, doc.title)),
    jsonLd: [
      storeJsonLd({
        name: doc.title,
        url: kit.url(path),
        telephone: (doc.phone ?? '').trim(),
        street: [doc.street1, doc.street2]
          .map((s) => (s ?? '').trim())
          .filter(Boolean)
          .join(', '),
        city: doc.city ?? '',
        region: doc.state ?? '',
        postalCode: doc.postalCode ?? '',
        country: country.countryCode,
        latitude: doc.latitude,
        longitude: doc.longitude,
        website: safeWebUrl(doc.storeWeb),
        hours: doc.hours,
      }),
      breadcrumbJsonLd(crumbs),
    ],
    crumbs,
    stylesheet: kit.o.stylesheet,
    demoData: kit.o.config.demoData,
    main: renderStoreMain({
      doc,
      country,
      catalogue: kit.o.config.catalogue,
      products,
      page,
      t,
      nearby,
      now: (kit.o.now ?? Date.now)(),
    }),
  });
  return { status: 200, html, etag };
}

/** The catalogue's products by _id in the page's language. */
function productsOf(kit: PageKit, page: PageLocale, country: ServedCountry): Map<string, Product> {
  const channel = country.channels.sales ? 'sales' : 'service';
  try {
    const list = kit.o.config.searchContext(country.urlCode, page.lang, channel).productMatrixList;
    return new Map(list.map((p) => [String(p._id), p]));
  } catch {
    return new Map();
  }
}

async function nearbyStores(
  kit: PageKit,

  page: PageLocale,
  country: ServedCountry,
  doc: StoreDoc,
): Promise<NearbyStore[]> {
  const channel = doc.salesProducts.length > 0 ? 'sales' : 'service';
  const hits = await kit.o.search.nearest({
    latitude: doc.latitude,
    longitude: doc.longitude,
    radiusKm: NEARBY_RADIUS_KM,
    limit: NEARBY + 1,
    countries: [country.countryCode],
    channel,
    dropOff: 'any',
  });
  const unit = country.distanceUnit === 'mi' ? 'mile' : 'kilometer';
  const format = new Intl.NumberFormat(page.tag, {
    style: 'unit',
    unit,
    maximumFractionDigits: 1,
  });
  return hits
    .map((h) => ({ s: JSON.parse(h.doc) as StoreDoc, km: h.distanceKm }))
    .filter(({ s }) => s.storeId !== doc.storeId)
    .slice(0, NEARBY)
    .map(({ s, km }) => ({
      name: s.title,
      path: storePagePath(page.path, s.storeId, s.title),
      distance: format.format(unit === 'mile' ? km / 1.609344 : km),
    }));
}
