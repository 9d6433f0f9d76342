/**
 * Structured data of the store pages (schema.org, typed by schema-dts): an ElectronicsStore per
 * store page (image, telephone in international format, website as sameAs, and
 * openingHoursSpecification when it has hours), a BreadcrumbList on every page with a
 * breadcrumb. A property is stated only when the store's data has it: an address without a
 * postcode or region has no empty postalCode or addressRegion; the data holds no price range.
 */
import type { BreadcrumbList, ElectronicsStore, PostalAddress, WithContext } from 'schema-dts';
import type { PageHours } from '@locator/core';
import type { Crumb } from './html.js';
import { openingHoursSpecification } from './hours-view.js';

export interface StoreLd {
  name: string;
  url: string;
  telephone: string;
  street: string;
  city: string;
  region: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  latitude: number;
  longitude: number;
  /** The store's own website, when safe. */
  website: string;
  /** An absolute image URL of the store (its channel's picture, else its small map). */
  image: string;
  /** Opening hours as the page shows them, when the store has them. */
  hours?: PageHours | undefined;
}

/** The store's PostalAddress, with the parts its data has. */
function postalAddress(s: StoreLd): PostalAddress {
  const parts = {
    streetAddress: s.street,
    addressLocality: s.city,
    addressRegion: s.region,
    postalCode: s.postalCode,
  };
  const out: PostalAddress = { '@type': 'PostalAddress' };
  for (const [key, value] of Object.entries(parts)) {
    if (value.trim() !== '') out[key as keyof typeof parts] = value.trim();
  }
  out.addressCountry = s.country;
  return out;
}

export function storeJsonLd(s: StoreLd): WithContext<ElectronicsStore> {
  const out: WithContext<ElectronicsStore> = {
    '@context': 'https://schema.org',
    '@type': 'ElectronicsStore',
    '@id': s.url,
    name: s.name,
    url: s.url,
    image: s.image,
    address: postalAddress(s),
    geo: { '@type': 'GeoCoordinates', latitude: s.latitude, longitude: s.longitude },
  };
  if (s.telephone !== '') out.telephone = s.telephone;
  if (s.website !== '') out.sameAs = s.website;
  if (s.hours) out.openingHoursSpecification = openingHoursSpecification(s.hours);
  return out;
}

/**
 * The store's image: the picture of its channel from the country configuration
 * (`images.salesImageUrl2x`, else `salesImageUrl`; the same for service), as an absolute URL of
 * the site's origin, else the small map of the store (`mapUrl`, absolute).
 */
export function storeImageUrl(
  images: Readonly<Record<string, string>>,
  channel: 'sales' | 'service',
  origin: string,
  mapUrl: string,
): string {
  const picture = images[`${channel}ImageUrl2x`] ?? images[`${channel}ImageUrl`];
  if (!picture) return mapUrl;
  try {
    return new URL(picture, `${origin}/`).href;
  } catch {
    return mapUrl;
  }
}

export function breadcrumbJsonLd(crumbs: readonly Crumb[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: c.url,
    })),
  };
}
