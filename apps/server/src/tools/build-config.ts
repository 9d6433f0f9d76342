/**
 * Generates the starting country configuration files (apps/server/config/) from npm reference
 * data: the locale map (countries, languages), i18n-iso-countries / Intl (names), CLDR (road
 * distance units), mcc-mnc-list (carriers) and name-suggestion-index (demo store brands).
 *
 * Run once by a developer (`npm run config:build -w @locator/server`); the files it writes are
 * then the maker's data, edited by hand and validated at start-up. Re-running overwrites them.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  CATCH_ALL_CODES,
  LOCALE_KEYS,
  isCatchAllCode,
  localeToPath,
  type CatchAllCode,
} from '@locator/core';
import { CONFIG_DIR } from '../config/paths.js';
import { carriersFor } from './carriers.js';
import { brandsFor } from './brands.js';
import { countryFile, regionFile } from './country-template.js';

const require = createRequire(import.meta.url);

interface CountrySeed {
  iso: string;
  urlCode: string;
  region: CatchAllCode | null;
  locales: { locale: string; pathLang: string }[];
}

function collectCountries(): Map<string, CountrySeed> {
  const out = new Map<string, CountrySeed>();
  for (const locale of LOCALE_KEYS) {
    const [lang = 'en', region = ''] = locale.split('-');
    if (!/^[A-Z]{2}$/.test(region)) continue; // catch-all keys (en-EUROPE, es-419)
    const path = localeToPath(locale);
    const [, pathCountry = 'us', pathLang = lang] = /^\/([a-z]+)\/([a-z]+)\/$/.exec(path) ?? [];
    const isRegion = isCatchAllCode(pathCountry);
    const seed = out.get(region) ?? {
      iso: region,
      urlCode: isRegion ? region.toLowerCase() : pathCountry,
      region: isRegion ? (pathCountry as CatchAllCode) : null,
      locales: [],
    };
    seed.locales.push({ locale, pathLang });
    out.set(region, seed);
  }
  return out;
}

function roadUnits(): Record<string, string> {
  const prefs = require('cldr-core/supplemental/unitPreferenceData.json') as {
    supplemental: { unitPreferenceData: { length: { road: Record<string, { unit: string }[]> } } };
  };
  const road = prefs.supplemental.unitPreferenceData.length.road;
  return Object.fromEntries(Object.entries(road).map(([k, v]) => [k, v[0]?.unit ?? 'kilometer']));
}

function main(): void {
  const countries = collectCountries();
  const units = roadUnits();
  rmSync(join(CONFIG_DIR, 'countries'), { recursive: true, force: true });
  rmSync(join(CONFIG_DIR, 'regions'), { recursive: true, force: true });
  mkdirSync(join(CONFIG_DIR, 'countries'), { recursive: true });
  mkdirSync(join(CONFIG_DIR, 'regions'), { recursive: true });
  mkdirSync(join(CONFIG_DIR, 'demo'), { recursive: true });
  const brands: Record<string, ReturnType<typeof brandsFor>> = {};
  for (const seed of countries.values()) {
    const unit = units[seed.iso] === 'mile' ? 'mi' : 'km';
    const file = countryFile(seed, unit, carriersFor(seed.iso));
    writeFileSync(
      join(CONFIG_DIR, 'countries', `${seed.iso.toLowerCase()}.json`),
      `${JSON.stringify(file, null, 2)}\n`,
    );
    brands[seed.iso] = brandsFor(seed.iso);
  }
  for (const code of CATCH_ALL_CODES) {
    const langs = LOCALE_KEYS.filter((l) => localeToPath(l).startsWith(`/${code}/`)).map(
      (l) => localeToPath(l).split('/')[2] ?? 'en',
    );
    writeFileSync(
      join(CONFIG_DIR, 'regions', `${code}.json`),
      `${JSON.stringify(regionFile(code, [...new Set(langs)]), null, 2)}\n`,
    );
  }
  writeFileSync(join(CONFIG_DIR, 'demo', 'brands.json'), `${JSON.stringify(brands)}\n`);
  const count = readFileSync(join(CONFIG_DIR, 'demo', 'brands.json')).length;
  console.log(
    `wrote ${countries.size} countries, ${CATCH_ALL_CODES.length} regions (${count} B brands)`,
  );
}

main();
