/** Phone numbers in national format, from libphonenumber's example numbers (awesome-phonenumber). */
import { getExample, parsePhoneNumber } from 'awesome-phonenumber';
import type { Rng } from './rng.js';

const examples = new Map<string, string | undefined>();

function example(country: string): string | undefined {
  if (!examples.has(country)) {
    const ex = getExample(country, 'fixed-line');
    const e164 = ex.valid ? ex.number.e164 : undefined;
    examples.set(country, e164);
  }
  return examples.get(country);
}

/** A national-format number: the example's leading digits kept, the last four randomised. */
export function phoneNumber(r: Rng, country: string): string {
  const e164 = example(country);
  if (!e164) return '';
  const tail = Array.from({ length: 4 }, () => r.int(0, 9)).join('');
  const candidate = `${e164.slice(0, -4)}${tail}`;
  const parsed = parsePhoneNumber(candidate);
  if (parsed.valid && parsed.number.national) return parsed.number.national;
  return parsePhoneNumber(e164).number?.national ?? '';
}
