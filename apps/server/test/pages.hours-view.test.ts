/**
 * A store page's hours table and its openingHoursSpecification in every language of the
 * translations: a 24-hour day is the language's "Open 24 hours" (never a midnight-to-midnight
 * time, which reads as closed) and 00:00–23:59 in the structured data; a closed weekday is the
 * language's "Closed" and 00:00–00:00; both state every weekday.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { pageHours, type StoreHours } from '@locator/core';
import { openingHoursSpecification, renderStoreHours } from '../src/modules/pages/hours-view.js';
import type { Translate } from '../src/modules/pages/texts.js';

const LOCALES_DIR = resolve(
  fileURLToPath(new URL('../../..', import.meta.url)),
  'apps/web/public/locales',
);
const FILES = readdirSync(LOCALES_DIR).filter((f) => /^results-[a-z]+_[A-Z0-9]+\.json$/.test(f));

const HOURS: StoreHours = {
  timeZone: 'Europe/London',
  // Monday around the clock, Tuesday closed, the rest 09:00–18:00.
  week: [[[0, 1440]], [], [[540, 1080]], [[540, 1080]], [[540, 1080]], [[540, 1080]], []],
  special: [{ date: '2026-11-26', hours: [[0, 1440]], name: 'Late night' }],
};
/** Monday 23 November 2026, 12:00 in London. */
const MODEL = pageHours(HOURS, Date.parse('2026-11-23T12:00:00Z'));

type Tree = { [key: string]: Tree | string };

function translate(file: string): { t: Translate; hours: Record<string, string> } {
  const tree = JSON.parse(readFileSync(resolve(LOCALES_DIR, file), 'utf8')) as Tree;
  const t: Translate = (key) => {
    let node: Tree | string | undefined = tree;
    for (const part of key.replace(/^result:/, '').split('.')) {
      node = typeof node === 'object' ? node[part] : undefined;
    }
    return typeof node === 'string' ? node : key;
  };
  return { t, hours: tree.hours as Record<string, string> };
}

describe("a store page's hours in every language", () => {
  it('has the translations of every language to read', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(44);
  });

  it.each(FILES)('%s: a 24-hour day is "Open 24 hours", a closed day "Closed"', (file) => {
    const { t, hours } = translate(file);
    const locale = file.slice('results-'.length, -'.json'.length).replace('_', '-');
    const root = parse(renderStoreHours(MODEL, locale, t));
    const [week, special] = root.querySelectorAll('table');
    const cells = week!.querySelectorAll('td').map((td) => td.textContent);
    expect(cells).toHaveLength(7);
    expect(cells[0]).toBe(hours.openAlways);
    expect(cells[1]).toBe(hours.closed);
    expect(cells[6]).toBe(hours.closed);
    expect(special!.querySelector('td')!.textContent).toBe(hours.openAlways);
    // No time reads a 24-hour day as midnight to midnight, in any clock.
    expect(root.textContent).not.toMatch(/00:00\s*[–-]\s*00:00|12:00\s*AM\s*[–-]\s*12:00\s*AM/i);

    const said = openingHoursSpecification(MODEL).map((s) => [
      s.dayOfWeek ?? s.validFrom,
      `${String(s.opens)}–${String(s.closes)}`,
    ]);
    expect(said).toEqual([
      ['https://schema.org/Monday', '00:00–23:59'],
      ['https://schema.org/Tuesday', '00:00–00:00'],
      ['https://schema.org/Wednesday', '09:00–18:00'],
      ['https://schema.org/Thursday', '09:00–18:00'],
      ['https://schema.org/Friday', '09:00–18:00'],
      ['https://schema.org/Saturday', '09:00–18:00'],
      ['https://schema.org/Sunday', '00:00–00:00'],
      ['2026-11-26', '00:00–23:59'],
    ]);
  });
});
