/**
 * The main content of a store page: name, badges, address, phone, opening hours, directions,
 * website and appointment links (the web app's rules from @locator/core), the status region the
 * island announces in, the small map, products and service types by channel, and the nearby
 * stores. Every value is escaped.
 */
import {
  appointmentProduct,
  appointmentUrl,
  isAppointmentLinkShown,
  resolveBadgeCodes,
  normaliseWebUrl,
  storePageDirectionsUrl,
  telHref,
  type PageHours,
  type Product,
} from '@locator/core';
import { storeAddressLines, type StoreDoc } from '../stores/doc.js';
import { phoneForms } from '../stores/phone.js';
import type { ServedCountry } from '../../config/service.js';
import type { Catalogue } from '../../config/schema.js';
import { esc } from './html.js';
import { renderStoreHours } from './hours-view.js';
import type { PageLocale } from './locales.js';
import type { Translate } from './texts.js';

export interface NearbyStore {
  name: string;
  path: string;
  distance: string;
}

/** The small map: a static image of the store's surroundings (modules/basemap/static-map.ts). */
export interface StoreMapImage {
  src: string;
  width: number;
  height: number;
  /** The same map drawn for narrow screens (larger names for its size). */
  narrow: { src: string; width: number; height: number; media: string };
  /** The map data's credits. */
  attribution: readonly { text: string; href: string }[];
}

export interface StoreView {
  doc: StoreDoc;
  country: ServedCountry;
  catalogue: Catalogue;
  /** The catalogue's products by _id, named in the page's language. */
  products: ReadonlyMap<string, Product>;
  page: PageLocale;
  t: Translate;
  nearby: NearbyStore[];
  map: StoreMapImage;
  /** The store's hours as the page shows them (pageHours), when it has hours. */
  hours?: PageHours | undefined;
}

const CHANNELS = ['sales', 'service'] as const;

function list(items: readonly string[], className: string): string {
  return `<ul class="${className}">${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`;
}

function link(href: string, text: string, label?: string, external = false): string {
  const aria = label ? ` aria-label="${esc(label)}"` : '';
  const rel = external ? ' rel="noopener noreferrer"' : '';
  return `<a href="${esc(href)}"${aria}${rel}>${esc(text)}</a>`;
}

/** The store's products of a channel, by display order. */
function channelProducts(v: StoreView, channel: (typeof CHANNELS)[number]): Product[] {
  const ids = channel === 'sales' ? v.doc.salesProducts : v.doc.serviceProducts;
  return ids
    .map((id) => v.products.get(String(id)))
    .filter((p): p is Product => p !== undefined)
    .sort((a, b) => a.displayOrder - b.displayOrder);
}

export function renderStoreMain(v: StoreView): string {
  const { doc, t } = v;
  const name = doc.title;
  const out: string[] = [`<h1>${esc(name)}</h1>`];
  const present = CHANNELS.filter((c) => channelProducts(v, c).length > 0);

  const badgeCodes = [
    ...new Set(present.flatMap((c) => resolveBadgeCodes(doc.storeBadges, v.catalogue.badges, c))),
  ];
  if (badgeCodes.length > 0) {
    out.push(
      `<ul class="sp-badges" aria-label="${esc(t('result:badges.legendLabel'))}">${badgeCodes
        .map((code) => `<li>${esc(t(`result:badges.${code}.name`))}</li>`)
        .join('')}</ul>`,
    );
  }

  const address = storeAddressLines(doc, v.country.countryCode);
  out.push('<dl class="sp-facts">');
  if (address.length > 0) {
    out.push(
      `<dt>${esc(t('result:store.address'))}</dt><dd><address>${address
        .map((line) => `<bdi>${esc(line)}</bdi>`)
        .join('<br>')}</address></dd>`,
    );
  }
  const phone = (doc.phone ?? '').trim();
  if (phone !== '') {
    // Read by libphonenumber in the store's country: national on the page, E.164 in tel:.
    const forms = phoneForms(phone, v.country.countryCode);
    const shown = forms?.display ?? phone;
    const tel = forms?.tel ?? telHref(phone);
    out.push(
      `<dt>${esc(t('result:store.phone'))}</dt><dd>${
        tel
          ? `<span dir="ltr">${link(tel, shown, t('result:store.callLabel', { name, phone: shown }))}</span>`
          : `<bdi>${esc(phone)}</bdi>`
      }</dd>`,
    );
  }
  out.push('</dl>');
  if (v.hours) out.push(renderStoreHours(v.hours, v.page.tag, t));

  const links: string[] = [];
  const directions = storePageDirectionsUrl(v.country.getDirection, doc, v.page.lang);
  if (directions) {
    links.push(
      link(
        directions,
        t('result:store.directions'),
        t('result:store.directionsLabel', { name }),
        true,
      ),
    );
  }
  const web = normaliseWebUrl(doc.storeWeb);
  if (web) {
    links.push(
      link(web, t('result:store.website'), t('result:store.websiteLabel', { name }), true),
    );
  }
  const serviceProducts = channelProducts(v, 'service');
  const store = { apptSchedulerIndVal: doc.apptSchedulerIndVal ?? '', serviceProducts };
  if (
    isAppointmentLinkShown({
      countryCode: v.country.countryCode,
      channel: 'service',
      casRedirect: v.country.casRedirect,
      store,
    })
  ) {
    const product = appointmentProduct(store, undefined);
    const href = appointmentUrl({
      casSupportUrl: v.country.casSupportUrl,
      locale: `${v.page.lang}_${v.country.countryCode}`,
      storeId: doc.storeId,
      latitude: doc.latitude,
      longitude: doc.longitude,
      ...(product ? { product } : {}),
    });
    if (href) {
      links.push(
        link(
          href,
          t('result:store.appointment'),
          t('result:store.appointmentLabel', { name }),
          true,
        ),
      );
    }
  }
  if (links.length > 0) {
    out.push(`<ul class="sp-links">${links.map((l) => `<li>${l}</li>`).join('')}</ul>`);
  }
  // Where the island announces "link copied" (empty without JavaScript).
  out.push('<p class="sp-status" role="status" aria-live="polite"></p>');

  out.push(renderMap(v));

  for (const channel of present) {
    out.push(
      `<section class="sp-channel"><h2>${esc(t(`common:channels.${channel}`))}</h2>`,
      `<h3>${esc(t('result:store.products'))}</h3>`,
      list(
        channelProducts(v, channel).map((p) => p.displayName),
        'sp-products',
      ),
    );
    if (channel === 'service') {
      const types = doc.serviceTypes
        .map((id) => v.catalogue.repairTypes.find((r) => String(r._id) === String(id)))
        .filter((r) => r !== undefined)
        .map((r) => t(`result:repairTypes.${r.code}`));
      if (types.length > 0) {
        out.push(`<h3>${esc(t('result:store.serviceTypes'))}</h3>`, list(types, 'sp-types'));
      }
    }
    out.push('</section>');
  }

  if (v.nearby.length > 0) {
    out.push(
      `<section class="sp-nearby"><h2>${esc(t('store.nearby'))}</h2><ul>${v.nearby
        .map((n) => `<li><bdi>${link(n.path, n.name)}</bdi> <span>${esc(n.distance)}</span></li>`)
        .join('')}</ul></section>`,
    );
  }
  out.push(`<p class="sp-search">${link(v.page.path, t('store.findOther'))}</p>`);
  return out.join('\n');
}

/** The small map (an image) with its credits, each isolated for right-to-left pages. */
function renderMap(v: StoreView): string {
  const { map, t } = v;
  const credits = map.attribution
    .map((a) => `<bdi>${link(a.href, a.text, undefined, true)}</bdi>`)
    .join(' · ');
  const n = map.narrow;
  return `<figure class="sp-map"><picture><source media="${esc(n.media)}" srcset="${esc(
    n.src,
  )}" width="${n.width}" height="${n.height}"><img src="${esc(map.src)}" width="${map.width}" height="${
    map.height
  }" alt="${esc(t('result:map.smallMapLabel', { name: v.doc.title }))}" decoding="async"></picture><figcaption>${esc(
    t('result:map.attributionCaption', { label: t('result:map.attribution') }),
  )} ${credits}</figcaption></figure>`;
}
