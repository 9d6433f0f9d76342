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

/**
 * A national-format number: the area code of the place's city when known (`template`, "x" a
 * random digit), else the example's leading digits with the last four randomised; always one
 * that libphonenumber finds valid.
 */
export function phoneNumber(r: Rng, country: string, template?: string): string {
  const e164 = example(country);
  const tail = Array.from({ length: 4 }, () => r.int(0, 9)).join('');
  if (template) {
    let k = 0;
    const local = template.replace(/x/g, () => tail[k++ % 4]!);
    const parsed = parsePhoneNumber(local, { regionCode: country });
    if (parsed.valid && parsed.number.national) return parsed.number.national;
  }
  if (!e164) return '';
  const candidate = `${e164.slice(0, -4)}${tail}`;
  const parsed = parsePhoneNumber(candidate);
  if (parsed.valid && parsed.number.national) return parsed.number.national;
  return parsePhoneNumber(e164).number?.national ?? '';
}
