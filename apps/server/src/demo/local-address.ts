/**
 * A demo store's address lines with the real postcode of its position where the gazetteer has
 * one (postcodes.ts). A Japanese address names what the postcode serves: the municipality as
 * its city (Tokyo's wards, "大阪市北区"), the prefecture as its state and the town before the
 * block numbers ("丸の内2丁目12-11"), so its stores are named after their town.
 */
import { repeatsCity } from '@locator/core';
import { writtenPostcode, type RealPostcode } from './postcodes.js';
import { splitJapanesePlace } from './japanese-municipalities.js';

export interface AddressLines {
  street1: string;
  city: string;
  state: string;
  postalCode: string;
  /** The town the store stands in, when the address names one. */
  town?: string;
}

export function localAddress(
  country: string,
  generated: AddressLines & { cityNames: readonly string[] },
  real: RealPostcode | undefined,
  keepPostcode = false,
): AddressLines {
  const { cityNames, ...lines } = generated;
  const state = repeatsCity(lines.state, cityNames) ? '' : lines.state;
  if (!real) return { ...lines, state };
  const postalCode = keepPostcode
    ? lines.postalCode
    : writtenPostcode(country, real.key, lines.postalCode);
  const japanese = country === 'JP' ? splitJapanesePlace(real.place) : undefined;
  if (japanese) {
    const { municipality, town } = japanese;
    return {
      street1: `${town}${lines.street1}`,
      city: municipality,
      state: real.region || state,
      postalCode,
      ...(town ? { town } : {}),
    };
  }
  return { ...lines, state, postalCode };
}
