/**
 * Local codes of major cities (demo data only): telephone area codes as national-format
 * templates ("x" a random digit; UK numbers in Ofcom's ranges for drama) and UK postcode areas.
 * A place without its own entry takes the nearest listed city's within 40 km, else none (the
 * country's example number, any real postcode area).
 */
import type { City } from './cities.js';

export const PHONE_AREAS: Record<string, Record<string, string>> = {
  GB: {
    London: '020 7946 xxxx',
    Birmingham: '0121 496 xxxx',
    Manchester: '0161 496 xxxx',
    Glasgow: '0141 496 xxxx',
    Liverpool: '0151 496 xxxx',
    Leeds: '0113 496 xxxx',
    Edinburgh: '0131 496 xxxx',
    Bristol: '0117 496 xxxx',
    Sheffield: '0114 496 xxxx',
    // Nottingham's drama range (0115 496 0xxx) is not a valid number to libphonenumber: no entry.
    Leicester: '0116 496 xxxx',
    Cardiff: '029 2018 xxxx',
    Belfast: '028 9018 xxxx',
  },
  AE: {
    Dubai: '04 234 xxxx',
    'Abu Dhabi': '02 234 xxxx',
    Sharjah: '06 534 xxxx',
    'Al Ain City': '03 764 xxxx',
    Ajman: '06 744 xxxx',
  },
  CN: {
    Shanghai: '021 6123 xxxx',
    Beijing: '010 6123 xxxx',
    Guangzhou: '020 8123 xxxx',
    Shenzhen: '0755 8123 xxxx',
    Chengdu: '028 8123 xxxx',
    Chongqing: '023 6123 xxxx',
    Tianjin: '022 2312 xxxx',
    Wuhan: '027 8123 xxxx',
    Hangzhou: '0571 8123 xxxx',
    Nanjing: '025 8123 xxxx',
  },
  JP: {
    Tokyo: '03-1234-xxxx',
    Osaka: '06-6123-xxxx',
    Yokohama: '045-123-xxxx',
    Nagoya: '052-123-xxxx',
    Sapporo: '011-221-xxxx',
    Fukuoka: '092-123-xxxx',
    Kyoto: '075-123-xxxx',
    Kobe: '078-123-xxxx',
    // Tokyo's western cities have their own codes, not Tokyo's or Yokohama's.
    Machida: '042-721-xxxx',
    Hachiōji: '042-621-xxxx',
    Sagamihara: '042-751-xxxx',
    Saitama: '048-641-xxxx',
    Chiba: '043-221-xxxx',
    Sendai: '022-212-xxxx',
    Niigata: '025-222-xxxx',
    Shizuoka: '054-221-xxxx',
    Hamamatsu: '053-451-xxxx',
    Kanazawa: '076-221-xxxx',
    Gifu: '058-262-xxxx',
    Okayama: '086-221-xxxx',
    Hiroshima: '082-211-xxxx',
    Takamatsu: '087-821-xxxx',
    Matsuyama: '089-921-xxxx',
    Kitakyushu: '093-511-xxxx',
    Nagasaki: '095-822-xxxx',
    Kumamoto: '096-321-xxxx',
    Kagoshima: '099-213-xxxx',
    Naha: '098-861-xxxx',
    Utsunomiya: '028-621-xxxx',
  },
  KR: {
    Seoul: '02-2123-xxxx',
    Busan: '051-123-xxxx',
    Incheon: '032-123-xxxx',
    Daegu: '053-123-xxxx',
    Daejeon: '042-123-xxxx',
    Gwangju: '062-123-xxxx',
    Ulsan: '052-229-xxxx',
    Suwon: '031-228-xxxx',
    Changwon: '055-225-xxxx',
    'Cheongju-si': '043-201-xxxx',
    Jeonju: '063-281-xxxx',
    'Jeju City': '064-710-xxxx',
  },
  FR: {
    Paris: '01 42 10 xx xx',
    Lyon: '04 72 10 xx xx',
    Marseille: '04 91 10 xx xx',
    Toulouse: '05 61 10 xx xx',
    Bordeaux: '05 56 10 xx xx',
    Lille: '03 20 10 xx xx',
    Nantes: '02 40 10 xx xx',
    Strasbourg: '03 88 10 xx xx',
    Nice: '04 93 10 xx xx',
  },
  DE: {
    Berlin: '030 1234 xxxx',
    Hamburg: '040 1234 xxxx',
    Munich: '089 1234 xxxx',
    Cologne: '0221 1234 xxxx',
    'Frankfurt am Main': '069 1234 xxxx',
    Stuttgart: '0711 1234 xxxx',
  },
  // North American numbers in the 555-01xx range set aside for fiction.
  US: {
    'New York City': '212-555-01xx',
    'Los Angeles': '213-555-01xx',
    Chicago: '312-555-01xx',
    Houston: '713-555-01xx',
    Phoenix: '602-555-01xx',
    Philadelphia: '215-555-01xx',
    'San Antonio': '210-555-01xx',
    'San Diego': '619-555-01xx',
    Dallas: '214-555-01xx',
    'San Francisco': '415-555-01xx',
    Seattle: '206-555-01xx',
    Boston: '617-555-01xx',
    Miami: '305-555-01xx',
    Atlanta: '404-555-01xx',
  },
  CA: {
    Toronto: '416-555-01xx',
    Montréal: '514-555-01xx',
    Vancouver: '604-555-01xx',
    Calgary: '403-555-01xx',
    Ottawa: '613-555-01xx',
    Edmonton: '780-555-01xx',
  },
  AU: {
    Sydney: '02 9123 xxxx',
    Melbourne: '03 9123 xxxx',
    Brisbane: '07 3123 xxxx',
    Perth: '08 9123 xxxx',
    Adelaide: '08 8123 xxxx',
  },
  IT: {
    Rome: '06 1234 xxxx',
    Milan: '02 1234 xxxx',
    Naples: '081 123 xxxx',
    Turin: '011 123 xxxx',
  },
  ES: {
    Madrid: '91 123 xxxx',
    Barcelona: '93 123 xxxx',
    Valencia: '96 123 xxxx',
    Seville: '95 412 xxxx',
  },
  NL: {
    Amsterdam: '020 123 xxxx',
    Rotterdam: '010 123 xxxx',
    'The Hague': '070 123 xxxx',
    Utrecht: '030 123 xxxx',
  },
  IN: {
    Mumbai: '022 2123 xxxx',
    Delhi: '011 2123 xxxx',
    'New Delhi': '011 2123 xxxx',
    Bengaluru: '080 2123 xxxx',
    Chennai: '044 2123 xxxx',
    Kolkata: '033 2123 xxxx',
    Hyderabad: '040 2123 xxxx',
  },
  BR: {
    'São Paulo': '(11) 3123-xxxx',
    'Rio de Janeiro': '(21) 3123-xxxx',
    Brasília: '(61) 3123-xxxx',
    'Belo Horizonte': '(31) 3123-xxxx',
  },
  MX: {
    'Mexico City': '55 1234 xxxx',
    Guadalajara: '33 1234 xxxx',
    Monterrey: '81 1234 xxxx',
  },
  IE: { Dublin: '01 123 xxxx', Cork: '021 123 xxxx' },
  SE: { Stockholm: '08 123 123 xx', Gothenburg: '031 123 12 xx' },
  CH: { Zurich: '044 123 xx xx', Geneva: '022 123 xx xx' },
  PL: { Warsaw: '22 123 xx xx', Kraków: '12 123 xx xx' },
  TW: { Taipei: '02 2123 xxxx' },
  TH: { Bangkok: '02 123 xxxx' },
  SA: { Riyadh: '011 123 xxxx', Jeddah: '012 612 xxxx' },
  EG: { Cairo: '02 2123xxxx', Alexandria: '03 423xxxx' },
  TR: { Istanbul: '0212 123 xx xx', Ankara: '0312 123 xx xx' },
  RU: { Moscow: '8 (495) 123-xx-xx', 'Saint Petersburg': '8 (812) 123-xx-xx' },
};

/** UK postcode areas of major cities (London's eight). */
export const UK_POSTCODE_AREAS: Record<string, readonly string[]> = {
  London: ['E', 'N', 'NW', 'SE', 'SW', 'W', 'EC', 'WC'],
  Birmingham: ['B'],
  Manchester: ['M'],
  Glasgow: ['G'],
  Liverpool: ['L'],
  Leeds: ['LS'],
  Edinburgh: ['EH'],
  Bristol: ['BS'],
  Sheffield: ['S'],
  Nottingham: ['NG'],
  Leicester: ['LE'],
  Cardiff: ['CF'],
  Belfast: ['BT'],
  'Newcastle upon Tyne': ['NE'],
};

const NEAR_KM = 40;

function km(a: Pick<City, 'latitude' | 'longitude'>, b: Pick<City, 'latitude' | 'longitude'>) {
  const x = (b.longitude - a.longitude) * Math.cos(((a.latitude + b.latitude) * Math.PI) / 360);
  return Math.hypot(x, b.latitude - a.latitude) * 111.2;
}

/** The listed city a place belongs to: itself, else the nearest listed within 40 km. */
export function listedCity(
  place: Pick<City, 'name' | 'latitude' | 'longitude'>,
  listed: readonly string[],
  cities: readonly City[],
): string | undefined {
  if (listed.includes(place.name)) return place.name;
  let best: string | undefined;
  let bestKm = NEAR_KM;
  for (const name of listed) {
    const city = cities.find((c) => c.name === name);
    if (!city) continue;
    const d = km(place, city);
    if (d < bestKm) {
      bestKm = d;
      best = name;
    }
  }
  return best;
}
