/** Plausible street addresses and postal codes in the local style (demo data only). */
import type { City } from './cities.js';
import type { Rng } from './rng.js';
import { chinesePostcode } from './chinese-postcodes.js';
import { koreanPostcode } from './korean-postcodes.js';
import { taiwanesePostcode } from './taiwanese-postcodes.js';

type Style = (r: Rng, country?: string) => string;

const pick = (r: Rng, xs: readonly string[]): string => r.pick(xs);
const n = (r: Rng, max = 200): number => r.int(1, max);

/** Countries whose Chinese is written in Traditional characters. */
const TRADITIONAL = new Set(['TW', 'MO', 'HK']);

const STYLES: Record<string, Style> = {
  en: (r, cc = '') =>
    `${n(r, SMALL_NUMBERS.has(cc) ? 200 : 2400)} ${pick(r, ['Main', 'High', 'Church', 'Park', 'Station', 'Victoria', 'King', 'Queen', 'Market', 'Mill', 'Oak', 'Maple', 'Cedar', 'Lincoln', 'Washington', 'George', 'Bridge', 'Harbour'])} ${pick(r, ['Street', 'Road', 'Avenue', 'Lane', 'Drive', 'Way', 'Boulevard'])}`,
  // "Hauptstraße", but "Münchner Straße": after a town's adjective the street word is a noun.
  de: (r) => {
    const first = pick(r, [
      'Haupt',
      'Bahnhof',
      'Schiller',
      'Goethe',
      'Garten',
      'Kirch',
      'Linden',
      'Post',
      'Markt',
      'Berliner ',
      'Münchner ',
      'Schul',
    ]);
    const kind = pick(r, ['straße', 'straße', 'weg', 'allee', 'platz']);
    const word = first.endsWith(' ') ? `${kind.charAt(0).toUpperCase()}${kind.slice(1)}` : kind;
    return `${first}${word} ${n(r, 150)}`;
  },
  fr: (r) =>
    `${n(r, 180)} ${pick(r, ['rue', 'rue', 'avenue', 'boulevard', 'place'])} ${pick(r, ['de la République', 'Victor Hugo', 'Jean Jaurès', 'de la Gare', 'Pasteur', 'du Général de Gaulle', 'des Écoles', 'Nationale', 'du Marché', 'de Paris'])}`,
  es: (r) =>
    `${pick(r, ['Calle', 'Calle', 'Avenida', 'Paseo'])} ${pick(r, ['Mayor', 'del Sol', 'de la Paz', 'Real', 'San Martín', 'Juárez', 'Bolívar', 'Hidalgo', 'Independencia', 'Libertad', 'Colón'])} ${n(r, 300)}`,
  pt: (r) =>
    `${pick(r, ['Rua', 'Rua', 'Avenida', 'Praça'])} ${pick(r, ['das Flores', 'Sete de Setembro', 'XV de Novembro', 'da Liberdade', 'Augusta', 'do Comércio', 'Dom Pedro II', 'da República'])}, ${n(r, 900)}`,
  it: (r) =>
    `${pick(r, ['Via', 'Via', 'Viale', 'Corso', 'Piazza'])} ${pick(r, ['Roma', 'Garibaldi', 'Giuseppe Mazzini', 'Vittorio Emanuele II', 'Dante', 'Cavour', 'Verdi', 'XX Settembre', 'Marconi'])}, ${n(r, 120)}`,
  nl: (r) =>
    `${pick(r, ['Kerk', 'Dorps', 'Molen', 'School', 'Stations', 'Markt', 'Nieuwe', 'Hoofd', 'Linden'])}${pick(r, ['straat', 'straat', 'weg', 'laan', 'plein'])} ${n(r, 150)}`,
  sv: (r) =>
    `${pick(r, ['Storgatan', 'Kungsgatan', 'Drottninggatan', 'Skolvägen', 'Järnvägsgatan', 'Parkvägen'])} ${n(r, 90)}`,
  da: (r) =>
    `${pick(r, ['Hovedgaden', 'Vestergade', 'Østergade', 'Stationsvej', 'Skolevej', 'Kirkevej'])} ${n(r, 90)}`,
  no: (r) =>
    `${pick(r, ['Storgata', 'Kirkegata', 'Skolegata', 'Kongens gate', 'Stasjonsveien'])} ${n(r, 90)}`,
  fi: (r) =>
    `${pick(r, ['Kauppakatu', 'Asemakatu', 'Koulukatu', 'Rantatie', 'Puistokatu'])} ${n(r, 90)}`,
  pl: (r) =>
    `ul. ${pick(r, ['Długa', 'Polna', 'Leśna', 'Słoneczna', 'Kościuszki', 'Mickiewicza', 'Piłsudskiego', 'Rynek'])} ${n(r, 120)}`,
  cs: (r) =>
    `${pick(r, ['Masarykova', 'Husova', 'Nádražní', 'Palackého', 'Komenského'])} ${n(r, 2500)}`,
  hu: (r) =>
    `${pick(r, ['Petőfi', 'Kossuth', 'Rákóczi', 'Ady Endre', 'Béke'])} ${pick(r, ['utca', 'út', 'tér'])} ${n(r, 120)}`,
  ro: (r) =>
    `Strada ${pick(r, ['Victoriei', 'Unirii', 'Mihai Eminescu', 'Republicii', 'Libertății'])} ${n(r, 150)}`,
  el: (r) =>
    `${pick(r, ['Ερμού', 'Σταδίου', 'Αθηνάς', 'Πανεπιστημίου', 'Ελευθερίου Βενιζέλου'])} ${n(r, 150)}`,
  tr: (r) =>
    `${pick(r, ['Atatürk', 'Cumhuriyet', 'İstiklal', 'İnönü', 'Gazi'])} Cad. No:${n(r, 250)}`,
  ru: (r) =>
    `ул. ${pick(r, ['Ленина', 'Мира', 'Советская', 'Гагарина', 'Пушкина', 'Садовая'])}, ${n(r, 150)}`,
  uk: (r) =>
    `вул. ${pick(r, ['Шевченка', 'Франка', 'Грушевського', 'Соборна', 'Незалежності'])}, ${n(r, 150)}`,
  ja: (r) => `${n(r, 9)}丁目${n(r, 30)}-${n(r, 20)}`,
  // Taiwan, Hong Kong and Macao write Traditional characters, with their own street names.
  zh: (r, country) =>
    TRADITIONAL.has(country ?? '')
      ? `${pick(r, ['中山', '中正', '民生', '民權', '忠孝', '仁愛', '信義', '和平', '復興'])}${pick(r, ['路', '路', '街', '大道'])}${n(r, 800)}號`
      : `${pick(r, ['人民', '中山', '解放', '建设', '和平', '新华', '南京', '长江', '世纪'])}${pick(r, ['路', '路', '大道', '街'])}${n(r, 800)}号`,
  ko: (r) => `${pick(r, ['세종대로', '테헤란로', '중앙로', '시청로', '번영로'])} ${n(r, 400)}`,
  id: (r) =>
    `Jl. ${pick(r, ['Sudirman', 'M.H. Thamrin', 'Gatot Subroto', 'Diponegoro', 'Ahmad Yani'])} No. ${n(r, 200)}`,
  vi: (r) =>
    `${n(r, 400)} ${pick(r, ['Lê Lợi', 'Trần Hưng Đạo', 'Nguyễn Huệ', 'Hai Bà Trưng', 'Lý Thường Kiệt'])}`,
  th: (r) => `${n(r, 999)} ถนน${pick(r, ['สุขุมวิท', 'พหลโยธิน', 'เพชรบุรี', 'สีลม', 'รามคำแหง'])}`,
  ar: (r) =>
    `${n(r, 300)} شارع ${pick(r, ['الملك فهد', 'الجامعة', 'الاستقلال', 'النيل', 'الحرية'])}`,
  he: (r) => `${pick(r, ['הרצל', 'ז׳בוטינסקי', 'בן יהודה', 'אלנבי', 'ויצמן'])} ${n(r, 150)}`,
  hi: (r) =>
    `${n(r, 300)}, ${pick(r, ['महात्मा गांधी मार्ग', 'स्टेशन रोड', 'नेहरू मार्ग', 'सुभाष मार्ग', 'राजपथ'])}`,
};

/** Countries where street numbers stay small (no North-American block numbering). */
const SMALL_NUMBERS = new Set(['GB', 'IE', 'AU', 'NZ', 'ZA', 'SG', 'MT', 'HK', 'KE', 'NG']);

/** Street line in the local style of the country's data language. */
export function streetAddress(r: Rng, lang: string, country = ''): string {
  const style = STYLES[lang === 'nb' ? 'no' : lang] ?? STYLES.en!;
  return style(r, country);
}

/** Postal code patterns: # digit, A letter; countries not listed have none. */
const POSTAL: Record<string, string> = {
  US: '#####',
  GB: 'A# #AA',
  CA: 'A#A #A#',
  NL: '#### AA',
  JP: '###-####',
  BR: '#####-###',
  PL: '##-###',
  PT: '####-###',
  SE: '### ##',
  CZ: '### ##',
  SK: '### ##',
  GR: '### ##',
  IE: 'D## A#A#',
  DE: '#####',
  FR: '#####',
  IT: '#####',
  ES: '#####',
  FI: '#####',
  MX: '#####',
  TR: '#####',
  MY: '#####',
  KR: '#####',
  SA: '#####',
  TH: '#####',
  UA: '#####',
  EG: '#####',
  HR: '#####',
  EE: '#####',
  LT: 'LT-#####',
  MA: '#####',
  PR: '#####',
  ME: '#####',
  UY: '#####',
  GT: '#####',
  CR: '#####',
  DO: '#####',
  IL: '#######',
  AT: '####',
  BE: '####',
  CH: '####',
  DK: '####',
  NO: '####',
  AU: '####',
  NZ: '####',
  ZA: '####',
  HU: '####',
  PH: '####',
  LU: 'L-####',
  BG: '####',
  LI: '####',
  AM: '####',
  AZ: 'AZ ####',
  GE: '####',
  MK: '####',
  SI: '####',
  TN: '####',
  AR: 'A####AAA',
  LV: 'LV-####',
  MD: 'MD-####',
  IN: '######',
  CN: '######',
  RU: '######',
  KZ: '######',
  BY: '######',
  SG: '######',
  RO: '######',
  VN: '######',
  TW: '###',
  KG: '######',
  TJ: '######',
  TM: '######',
  UZ: '######',
  ID: '#####',
  CL: '#######',
  CO: '######',
  EC: '######',
  PE: '#####',
  PY: '####',
  VE: '####',
  NG: '######',
  KE: '#####',
  MT: 'AAA ####',
};

/** Real one-letter UK postcode areas, for places outside the listed cities. */
const UK_AREAS = ['B', 'E', 'G', 'L', 'M', 'N', 'S', 'W'];

/** Letters of the UK inward code (never C, I, K, M, O, V). */
const UK_INWARD = 'ABDEFGHJLNPQRSTUWXYZ';

/**
 * A postal code in the country's format. French codes start with the place's department
 * (GeoNames admin-2); UK codes use only the letters real inward codes use; Chinese codes
 * follow China Post's province and city digits (chinese-postcodes.ts), Korean ones Korea Post's
 * province digits (korean-postcodes.ts), Taiwanese ones their city's or district's three digits
 * (taiwanese-postcodes.ts).
 */
export function postalCode(
  r: Rng,
  country: string,
  place?: Pick<City, 'admin2'> & Partial<Pick<City, 'name' | 'admin1'>>,
  ukAreas: readonly string[] = UK_AREAS,
): string {
  const pattern = POSTAL[country];
  if (!pattern) return '';
  let letters = 0;
  let digits = 0;
  const code = pattern.replace(/[#A]/g, (ch) => {
    const k = r.int(0, ch === '#' ? 9 : 25);
    if (country !== 'GB') return ch === '#' ? String(k) : String.fromCharCode(65 + k);
    if (ch === '#') return String((digits += 1) === 1 ? 1 + (k % 9) : k);
    letters += 1;
    // The area ("SW"), a district from 1, then the inward code's letters.
    return letters === 1 ? ukAreas[k % ukAreas.length]! : UK_INWARD[k % UK_INWARD.length]!;
  });
  if (country === 'CN' && place?.name && place.admin1)
    return chinesePostcode(code, { name: place.name, admin1: place.admin1 });
  if (country === 'KR' && place?.admin1) return koreanPostcode(code, place.admin1);
  if (country === 'TW' && place?.name) return taiwanesePostcode(code, place.name);
  const department = place?.admin2 ?? '';
  if (country === 'FR' && department === '75') {
    // Paris: its arrondissements, 75001 to 75020.
    return `750${String(1 + (Number(code.slice(3)) % 20)).padStart(2, '0')}`;
  }
  if (country === 'FR' && /^\d{2}$/.test(department)) return `${department}${code.slice(2)}`;
  return code;
}

/** A second address line: the unit or floor, in the data language. */
export function unitLine(rng: Rng, lang: string): string {
  const n = rng.int(1, 40);
  switch (lang) {
    case 'de':
      return `${rng.chance(0.5) ? 'EG' : `${n}. OG`}`;
    case 'fr':
      return `Local ${n}`;
    case 'es':
      return `Local ${n}`;
    case 'ja':
    case 'zh':
      return `${n}F`;
    case 'ko':
      return `${n}층`;
    case 'ar':
      return `محل ${n}`;
    case 'he':
      return `חנות ${n}`;
    case 'hi':
      return `दुकान ${n}`;
    case 'ru':
      return `пом. ${n}`;
    case 'uk':
      return `прим. ${n}`;
    case 'el':
      return `Κατάστημα ${n}`;
    case 'th':
      return `ห้อง ${n}`;
    case 'it':
      return `Negozio ${n}`;
    case 'pt':
      return `Loja ${n}`;
    case 'nl':
      return `Unit ${n}`;
    default:
      return `Unit ${n}`;
  }
}
