/**
 * A place as the directory's texts write it after "Stores" in languages whose preposition
 * depends on the place: "Magasins en France", "au Canada", "aux États-Unis", "à Paris"; "Lojas
 * no Brasil", "em Portugal", "na França"; "Negozi in Italia", "a Milano"; "Geschäfte in der
 * Schweiz". Their `directory.heading` and `directory.description` take the place with it
 * ("Magasins {{place}}"); English adds "the" where a country's name takes it ("Stores in the
 * United States"); other languages take the bare name.
 */
export type PlaceKind = 'country' | 'region' | 'city';

const set = (codes: string): ReadonlySet<string> => new Set(codes.split(' '));

/** French: countries written with "aux", "au" and "à"; the others take "en". */
const FR_AUX = set('US AE NL PH KM SC MV BS FM MH SB');
const FR_AU = set(
  'CA JP BR MX PT MA DK LU CL PE VE KE NG PK VN QA KW LB SN CM GA GH KZ BD NP LA KH MM YE BJ BF BI BW CG CR GT HN NI PA PY SV SD SS TD TG ML NE RW ZW MW MZ CV LS TJ TM KG BT BN VA LI GB',
);
const FR_A = set('MC SG DJ MT CY CU MG MU BH HK MO TW');
/** French regions written with "au" (Canadian provinces and territories). */
const FR_AU_REGIONS = set('Québec Manitoba Nouveau-Brunswick Yukon Nunavut');

/** Portuguese: countries written with "nos", "no" and "na"; the others take "em". */
const PT_NOS = set('US NL AE PH');
const PT_NO = set('BR CA JP MX CL PE UY PY EC GB MA EG LB KW QA PK VN KE SN CM GH NP IQ IR PA SV');
const PT_NA = set(
  'FR DE ES IT BE CH AR CO VE BO IN CN GR IE AT SE NO FI DK PL RU TR AU NZ ZA SA KR TH MY ID HU RO CZ SK HR UA BG SI EE LV LT RS JM',
);

/** Italian countries written with another preposition than "in". */
const IT_OTHER: Readonly<Record<string, string>> = {
  US: 'negli',
  AE: 'negli',
  NL: 'nei',
  PH: 'nelle',
};

/** English countries written with "the". */
const EN_THE = set('US GB NL AE PH BS DO CF KM MV MH SB');

/** German countries written with an article. */
const DE_OTHER: Readonly<Record<string, string>> = {
  CH: 'in der',
  TR: 'in der',
  SK: 'in der',
  UA: 'in der',
  MN: 'in der',
  DO: 'in der',
  US: 'in den',
  NL: 'in den',
  AE: 'in den',
  PH: 'auf den',
  GB: 'im',
  IR: 'im',
  IQ: 'im',
  LB: 'im',
  YE: 'im',
  OM: 'im',
  SN: 'im',
  SD: 'im',
  VA: 'im',
};

function french(kind: PlaceKind, name: string, country: string): string {
  if (kind === 'city') return 'à';
  if (kind === 'region') return FR_AU_REGIONS.has(name) ? 'au' : 'en';
  return FR_AUX.has(country) ? 'aux' : FR_AU.has(country) ? 'au' : FR_A.has(country) ? 'à' : 'en';
}

function portuguese(kind: PlaceKind, country: string): string {
  if (kind !== 'country') return 'em';
  return PT_NOS.has(country) ? 'nos' : PT_NO.has(country) ? 'no' : PT_NA.has(country) ? 'na' : 'em';
}

/**
 * The place with its preposition in French, Portuguese, Italian and German ("au Canada"), with
 * its article in English ("the United States"); the name alone in other languages. `country` is the ISO code of a country level.
 */
export function placePhrase(lang: string, kind: PlaceKind, name: string, country = ''): string {
  const cc = country.toUpperCase();
  switch (lang) {
    case 'fr':
      return `${french(kind, name, cc)} ${name}`;
    case 'pt':
      return `${portuguese(kind, cc)} ${name}`;
    case 'it':
      return `${kind === 'city' ? 'a' : kind === 'country' ? (IT_OTHER[cc] ?? 'in') : 'in'} ${name}`;
    case 'de':
      return `${kind === 'country' ? (DE_OTHER[cc] ?? 'in') : 'in'} ${name}`;
    case 'en':
      return kind === 'country' && EN_THE.has(cc) ? `the ${name}` : name;
    default:
      return name;
  }
}
