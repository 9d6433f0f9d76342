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
    Nottingham: '0115 496 xxxx',
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
    Sapporo: '011-123-xxxx',
    Fukuoka: '092-123-xxxx',
    Kyoto: '075-123-xxxx',
    Kobe: '078-123-xxxx',
  },
  KR: {
    Seoul: '02-2123-xxxx',
    Busan: '051-123-xxxx',
    Incheon: '032-123-xxxx',
    Daegu: '053-123-xxxx',
    Daejeon: '042-123-xxxx',
    Gwangju: '062-123-xxxx',
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
