/**
 * The stored form of a store: the API document (PRODUCT.md#store without orderNumber and distance, plus
 * `carriers` and `demo`) and the filter columns derived from it.
 */
import { hash } from 'node:crypto';
import type { RawStore } from '@locator/core';
import type { StoreRecord } from '../../db/types.js';
import { formatAddress } from '@locator/core/address-format';
import { timeZoneAt } from './time-zone.js';
import { POSTAL_STATE_CODES, stateDisplayName } from './state-names.js';

/** A store's API object as stored; orderNumber and distance are added per search. */
export type StoreDoc = Omit<RawStore, 'orderNumber' | 'distance' | 'distanceKm' | 'hoursStatus'> & {
  /** Carriers the store serves; empty for a carrier-neutral store (addition to PRODUCT.md#store). */
  carriers: string[];
  /** True for generated demo stores (addition to PRODUCT.md#store). */
  demo: boolean;
};

const list = (ids: readonly string[]): string => (ids.length ? `|${ids.join('|')}|` : '');

const LARGEST_FIRST = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * The lines of a store's address as its country writes them (@locator/core/address-format),
 * with a state given as its code named, except where the post writes the code.
 */
export function storeAddressLines(doc: StoreDoc, country: string): string[] {
  const lang = LARGEST_FIRST.test(`${doc.street1}${doc.city}`) ? 'ja' : 'en';
  const state = POSTAL_STATE_CODES.has(country)
    ? doc.state
    : stateDisplayName(country, doc.state ?? '', lang);
  return formatAddress({ ...doc, state }, country);
}

/**
 * The record stored for a document; `dropOffTypeId` is the _id of service type rt2. Hours
 * without a time zone get the zone of the store's position. The document carries its address
 * lines (`addressLines`, written again on every save): the results page shows them as they are.
 */
export function toRecord(
  doc: StoreDoc,
  country: string,
  source: string,
  dropOffTypeId: string,
): StoreRecord {
  if (doc.hours && doc.hours.timeZone === '') {
    doc.hours.timeZone = timeZoneAt(doc.latitude, doc.longitude);
  }
  doc.addressLines = storeAddressLines(doc, country);
  const json = JSON.stringify(doc);
  return {
    storeId: doc.storeId,
    country,
    latitude: doc.latitude,
    longitude: doc.longitude,
    salesProducts: list(doc.salesProducts),
    serviceProducts: list(doc.serviceProducts),
    trainingProducts: list(doc.trainingProducts ?? []),
    carriers: list(doc.carriers),
    dropOff: doc.serviceTypes.includes(dropOffTypeId),
    doc: json,
    hash: hash('sha1', `${country}\0${json}`, 'base64url'),
    source,
  };
}
