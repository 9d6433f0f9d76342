/**
 * Test data: hand-placed stores at known distances (for exact assertions) plus a small seeded
 * demo set for breadth. Distances: 1 km north ≈ 0.008993° latitude.
 */
import { loadConfigFiles } from '../../src/config/load.js';
import { ConfigService } from '../../src/config/service.js';
import { CONFIG_DIR } from '../../src/config/paths.js';
import { generateDemoStores } from '../../src/demo/generate.js';
import { toRecord, type StoreDoc } from '../../src/modules/stores/doc.js';
import type { StoreRecord } from '../../src/db/types.js';

export const config = (): ConfigService => new ConfigService(loadConfigFiles(CONFIG_DIR));

export const KM_LAT = 1 / 111.195;

/** London (GB, miles), Berlin (DE, km), a Fiji pair across the antimeridian. */
export const LONDON = { lat: 51.5, lon: -0.12 };
export const BERLIN = { lat: 52.52, lon: 13.405 };

/** A location-search statistic (PRODUCT.md#location-search-statistic) of a London search in the UK. */
export const LONDON_STATISTIC = {
  channel: 'sales',
  country: 'uk',
  locale: 'en_GB',
  latitude: LONDON.lat,
  longitude: LONDON.lon,
  product: '',
  searchedLocation: '',
};

export function doc(id: string, lat: number, lon: number, over: Partial<StoreDoc> = {}): StoreDoc {
  return {
    id,
    storeId: id,
    title: `Fixture ${id}`,
    storeBadges: ['1'],
    street1: '1 Test Street',
    street2: '',
    city: 'Testville',
    state: '',
    postalCode: '',
    phone: '',
    latitude: lat,
    longitude: lon,
    geoCodeStatus: 'BULK_UPLOAD',
    storeWeb: '',
    apptSchedulerIndVal: '',
    storeTypes: [1],
    salesProducts: ['1', '2'],
    serviceProducts: ['1'],
    serviceTypes: ['1'],
    valueAddedServices: [],
    solutionsSpecialties: [],
    carriers: [],
    demo: false,
    ...over,
  };
}

export function fixtureStores(): StoreRecord[] {
  const out: StoreRecord[] = [];
  const add = (d: StoreDoc, cc: string) => out.push(toRecord(d, cc, 'import', '2'));
  // GB: 12 stores north of London at 1..12 km; some service-only, some drop-off (rt2).
  for (let i = 1; i <= 12; i += 1) {
    add(
      doc(`GB-${i}`, LONDON.lat + i * KM_LAT, LONDON.lon, {
        salesProducts: i % 3 === 0 ? [] : ['1', '2'],
        serviceProducts: i % 4 === 0 ? ['1', '3'] : ['1'],
        serviceTypes: i % 5 === 0 ? ['2'] : ['1'],
        carriers: i === 2 ? ['EE'] : i === 6 ? ['Vodafone'] : [],
      }),
      'GB',
    );
  }
  // A GB store 150 km away: outside every channel radius (100 km).
  add(doc('GB-FAR', LONDON.lat + 150 * KM_LAT, LONDON.lon), 'GB');
  // DE: 3 stores; one in France just across (must not appear in a DE search).
  // DE-2 is a training provider (phone, watch); DE-1 and DE-3 train on nothing.
  for (let i = 1; i <= 3; i += 1) {
    const training = i === 2 ? { trainingProducts: ['1', '4'] } : {};
    add(doc(`DE-${i}`, BERLIN.lat, BERLIN.lon + i * 0.02, training), 'DE');
  }
  add(doc('FR-NEAR-BERLIN', BERLIN.lat, BERLIN.lon + 0.001), 'FR');
  // Fiji (asia catch-all member) on both sides of 180°.
  add(doc('FJ-E', -16.5, 179.95), 'FJ');
  add(doc('FJ-W', -16.5, -179.95), 'FJ');
  return out;
}

export function testStores(cfg: ConfigService, demoCount = 1500): StoreRecord[] {
  const demo = generateDemoStores({
    countries: cfg.countries().filter((c) => !['GB', 'DE', 'FR', 'FJ'].includes(c.countryCode)),
    catalogue: cfg.catalogue,
    brand: 'Lumen',
    count: demoCount,
  });
  return [...fixtureStores(), ...demo];
}

/** Hostile texts a store's fields may hold (imports are not trusted): markup, script, URLs. */
export const HOSTILE_TEXTS = [
  '</script><script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' onmouseover='alert(1)",
  '<svg onload=alert(1)>',
  'javascript:alert(1)',
  '\u2028\u2029<!--',
  '{{brand}} ${x} %s &amp; &lt;',
  '../../etc/passwd',
] as const;

/** Stores in London whose every text field is hostile (for the store pages' tests). */
export function hostileStores(): StoreRecord[] {
  return HOSTILE_TEXTS.map((text, i) =>
    toRecord(
      doc(`EVIL-${i}-${text}`, LONDON.lat - (i + 1) * KM_LAT, LONDON.lon, {
        title: text,
        street1: text,
        street2: text,
        city: text,
        state: text,
        postalCode: text,
        phone: text,
        storeWeb: text,
        apptSchedulerIndVal: text,
      }),
      'GB',
      'import',
      '2',
    ),
  );
}
