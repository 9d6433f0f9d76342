/**
 * A store's phone number, read once by libphonenumber (awesome-phonenumber) in the store's
 * country:
 *
 * - as stored (import, admin API): the national format for a number of the store's country
 *   ("0121 234 7891"), the international format for another country's ("+49 30 1234567"); a
 *   number libphonenumber does not find valid is refused with the reason;
 * - as shown: the national format on the page (international for another country's number),
 *   the international format in structured data ("+44 121 234 7891") and E.164 in tel: links.
 */
import { getExample, parsePhoneNumber } from 'awesome-phonenumber';

export type PhoneCheck = { ok: true; value: string } | { ok: false; reason: string };

export interface PhoneForms {
  /** What the page shows. */
  display: string;
  /** "+44 121 234 7891". */
  international: string;
  /** "tel:+441212347891". */
  tel: string;
}

const REASONS: Record<string, string> = {
  'too-short': 'is too short for a phone number',
  'too-long': 'is too long for a phone number',
  'invalid-country-code': 'has no valid country code',
};

/** A store's phone as stored, or why it cannot be a phone number of the country. */
export function normalisePhone(raw: string, country: string): PhoneCheck {
  const text = raw.trim();
  if (text === '') return { ok: true, value: '' };
  const parsed = parsePhoneNumber(text, { regionCode: country });
  if (!parsed.valid) {
    const example = getExample(country, 'fixed-line');
    const like = example.valid
      ? ` (a number like ${example.number.national} or ${example.number.international})`
      : '';
    const why = REASONS[parsed.possibility] ?? `is not a valid phone number in ${country}`;
    return { ok: false, reason: `${why}${like}` };
  }
  const n = parsed.number;
  return { ok: true, value: parsed.regionCode === country ? n.national : n.international };
}

/** The forms of a stored phone, or undefined when libphonenumber cannot read it. */
export function phoneForms(stored: string, country: string): PhoneForms | undefined {
  const text = stored.trim();
  if (text === '') return undefined;
  const parsed = parsePhoneNumber(text, { regionCode: country });
  if (!parsed.valid) return undefined;
  const n = parsed.number;
  return {
    display: parsed.regionCode === country ? n.national : n.international,
    international: n.international,
    tel: `tel:${n.e164}`,
  };
}
