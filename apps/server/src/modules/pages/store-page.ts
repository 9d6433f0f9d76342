/**
 * A store page: the stored document read by storeId (the longest candidate before a "-" of the
 * address that names a store), a redirect when the slug differs, 410 when the store was removed
 * (the database's tombstones), 404 when there is no such store here, else the page with its
 * JSON-LD, small map and nearby stores. Needs no directory: the breadcrumb comes from the
 * store's own address.
 */
import {
  normaliseWebUrl,
  pageHours,
  placeSlug,
  sharePayload,
  storeIdOfSegment,
  storePagePath,
  type Product,
  type StoreIslandData,
} from '@locator/core';
import type { ServedCountry } from '../../config/service.js';
import { staticMapPath } from '../basemap/static-query.js';
import { GEONAMES, NATURAL_EARTH, OPENSTREETMAP } from '../basemap/style.js';
import type { StoreDoc } from '../stores/doc.js';
import { directoryRegion } from '../stores/state-names.js';
import { phoneForms } from '../stores/phone.js';
import { renderShell } from './html.js';
import { breadcrumbJsonLd, storeImageUrl, storeJsonLd } from './json-ld.js';
import type { PageLocale } from './locales.js';
import { renderStoreMain, type NearbyStore } from './store-view.js';
import type { Translate } from './texts.js';
import type { PageAnswer, PageKit } from './kit.js';

/** The most candidate storeIds read for one address (the longest first). */
const CANDIDATES_MAX = 32;

/**
 * The segment itself (a bare storeId, redirected to the canonical address), then every prefix
 * before a "-", longest first (storeIdOfSegment's order).
 */
function candidates(segment: string): string[] {
  const out: string[] = [segment];
  storeIdOfSegment(segment, (id) => {
    out.push(id);
    return out.length >= CANDIDATES_MAX;
  });
  return out;
}

/**
 * The small map: its size in CSS pixels and zoom (the deepest of the offline geometry), and a
 * smaller drawing for narrow screens, so that its names are not scaled down.
 */
const MAP = { width: 640, height: 320, zoom: 12 } as const;
const NARROW_MAP = { width: 360, height: 240, media: '(max-width: 600px)' } as const;

/** Nearby stores shown. */
const NEARBY = 5;
const NEARBY_RADIUS_KM = 50;

export async function storePage(
  kit: PageKit,
  page: PageLocale,
  segment: string,
  t: Translate,
  etag: string,
): Promise<PageAnswer> {
  const ids = candidates(segment);
  const found = new Map((await kit.o.pages.stores(ids)).map((s) => [s.storeId, s]));
  const stored = ids.map((id) => found.get(id)).find((s) => s !== undefined);
  const country = page.countries.find((c) => c.countryCode === stored?.country);
  if (!stored || !country) {
    const gone = !stored && (await kit.o.pages.removed(ids)).length > 0;
    return kit.errorPage(page, gone ? 410 : 404, t, etag);
  }
  const doc = JSON.parse(stored.doc) as StoreDoc;
  // The city in the page's language (address, breadcrumb, JSON-LD), as the directory names it.
  doc.city = (await kit.placeNames()).name(country.countryCode, (doc.city ?? '').trim(), page.tag);
  const path = storePagePath(page.path, doc.storeId, doc.title);
  if (`${page.path}stores/${segment}` !== decodeURIComponent(path)) {
    return { status: 301, html: '', etag, location: path };
  }
  const hours = doc.hours ? pageHours(doc.hours, (kit.o.now ?? Date.now)()) : undefined;
  const mapPath = staticMapPath({
    latitude: doc.latitude,
    longitude: doc.longitude,
    zoom: MAP.zoom,
    width: MAP.width,
    height: MAP.height,
    lang: page.tag,
  });
  const products = productsOf(kit, page, country);
  const nearby = await nearbyStores(kit, page, country, doc);
  const region = directoryRegion(country.countryCode, doc.state, doc.city);
  const city = (doc.city ?? '').trim();
  const levels = [
    ...(page.regionName === undefined
      ? []
      : [{ name: kit.countryName(page, country), slug: country.countryCode.toLowerCase() }]),
    { name: region, slug: placeSlug(region) },
    { name: city, slug: placeSlug(city) },
  ];
  const crumbs = [...kit.crumbs(page, levels, t), { name: doc.title, url: kit.url(path) }];
  const place = [doc.city, region === doc.city ? '' : region]
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
        telephone: phoneForms(doc.phone ?? '', country.countryCode)?.international ?? '',
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
        website: normaliseWebUrl(doc.storeWeb),
        image: storeImageUrl(
          country.images,
          doc.salesProducts.length > 0 ? 'sales' : 'service',
          kit.o.origin,
          kit.url(mapPath),
        ),
        hours,
      }),
      breadcrumbJsonLd(crumbs),
    ],
    crumbs,
    stylesheet: kit.o.stylesheet,
    demoData: kit.o.config.demoData,
    ...(kit.o.island
      ? {
          island: {
            script: kit.o.island,
            data: islandData(doc, kit.url(path), t),
          },
        }
      : {}),
    main: renderStoreMain({
      doc,
      country,
      catalogue: kit.o.config.catalogue,
      products,
      page,
      t,
      nearby,
      map: {
        src: mapPath,
        width: MAP.width,
        height: MAP.height,
        narrow: {
          ...NARROW_MAP,
          src: staticMapPath({
            latitude: doc.latitude,
            longitude: doc.longitude,
            zoom: MAP.zoom,
            width: NARROW_MAP.width,
            height: NARROW_MAP.height,
            lang: page.tag,
          }),
        },
        attribution: [OPENSTREETMAP, NATURAL_EARTH, GEONAMES],
      },
      hours,
    }),
  });
  // Today and the opening status hold until the store's next change or midnight.
  return { status: 200, html, etag, ...(hours ? { validUntil: hours.validUntil } : {}) };
}

/** What the island needs: the share payload (core's, with this page's address) and texts. */
function islandData(doc: StoreDoc, url: string, t: Translate): StoreIslandData {
  return {
    share: sharePayload(doc, url),
    texts: {
      share: t('result:store.share'),
      shareLabel: t('result:store.shareLabel', { name: doc.title }),
      linkCopied: t('result:store.linkCopied'),
    },
  };
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
