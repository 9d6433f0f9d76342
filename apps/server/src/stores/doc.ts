/**
 * The stored form of a store: the API document (spec 3.6 without orderNumber and distance, plus
 * `carriers` and `demo`) and the filter columns derived from it.
 */
import { hash } from 'node:crypto';
import type { RawStore } from '@locator/core';
import type { StoreRecord } from '../db/types.js';
import { timeZoneAt } from './time-zone.js';

/** A store's API object as stored; orderNumber and distance are added per search. */
export type StoreDoc = Omit<RawStore, 'orderNumber' | 'distance' | 'distanceKm' | 'hoursStatus'> & {
  /** Carriers the store serves; empty for a carrier-neutral store (addition to spec 3.6). */
  carriers: string[];
  /** True for generated demo stores (addition to spec 3.6). */
  demo: boolean;
};

const list = (ids: readonly string[]): string => (ids.length ? `|${ids.join('|')}|` : '');

/**
 * The record stored for a document; `dropOffTypeId` is the _id of service type rt2. Hours
 * without a time zone get the zone of the store's position.
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
