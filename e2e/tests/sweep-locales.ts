/** The ten locales of the accessibility sweep (also walked by the English-leftover check). */
export interface Sweep {
  /** The locale's home path. */
  home: string;
  /** A searched place with stores nearby. */
  place: { lat: number; lon: number; address: string };
  /** A place of the same country with no store within the search radius (service channel). */
  nowhere: { lat: number; lon: number; address: string };
}

export const SWEEP_LOCALES: Record<string, Sweep> = {
  'en-US': {
    home: '/',
    place: { lat: 40.7128, lon: -74.006, address: 'New York' },
    nowhere: { lat: 31.5, lon: -113.9, address: 'Desert' },
  },
  'en-GB': {
    home: '/uk/en/',
    place: { lat: 51.50853, lon: -0.12574, address: 'London' },
    nowhere: { lat: 56, lon: -9, address: 'Sea of the Hebrides' },
  },
  'fr-CA': {
    home: '/ca/fr/',
    place: { lat: 45.5017, lon: -73.5673, address: 'Montréal' },
    nowhere: { lat: 60, lon: -100, address: 'Nunavut' },
  },
  'de-DE': {
    home: '/de/de/',
    place: { lat: 52.52, lon: 13.405, address: 'Berlin' },
    nowhere: { lat: 54.8, lon: 6, address: 'Nordsee' },
  },
  'ar-AE': {
    home: '/ae/ar/',
    place: { lat: 25.2048, lon: 55.2708, address: 'دبي' },
    nowhere: { lat: 22.5, lon: 53.2, address: 'الربع الخالي' },
  },
  'he-IL': {
    home: '/il/he/',
    place: { lat: 32.0853, lon: 34.7818, address: 'תל אביב-יפו' },
    nowhere: { lat: 32.5, lon: 33, address: 'הים התיכון' },
  },
  'ja-JP': {
    home: '/jp/ja/',
    place: { lat: 35.6762, lon: 139.6503, address: '東京' },
    nowhere: { lat: 30, lon: 140, address: '太平洋' },
  },
  'zh-CN': {
    home: '/cn/zh/',
    place: { lat: 31.2304, lon: 121.4737, address: '上海' },
    nowhere: { lat: 40, lon: 90, address: '塔克拉玛干沙漠' },
  },
  'hi-IN': {
    home: '/in/hi/',
    place: { lat: 28.6139, lon: 77.209, address: 'नई दिल्ली' },
    nowhere: { lat: 27, lon: 71, address: 'थार मरुस्थल' },
  },
  'th-TH': {
    home: '/th/th/',
    place: { lat: 13.7563, lon: 100.5018, address: 'กรุงเทพมหานคร' },
    nowhere: { lat: 6, lon: 103, address: 'อ่าวไทย' },
  },
};
