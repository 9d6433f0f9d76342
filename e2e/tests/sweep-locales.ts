/** The ten locales of the accessibility sweep (also walked by the English-leftover check). */
export interface Sweep {
  /** The locale's home path. */
  home: string;
  /** A searched place with stores nearby. */
  place: { lat: number; lon: number; address: string };
  /**
   * A place far from every store of the country (service channel): none within the radius nor
   * within the cap of the nearest stores beyond it (1500 km), so the page has no results.
   */
  nowhere: { lat: number; lon: number; address: string };
}

export const SWEEP_LOCALES: Record<string, Sweep> = {
  'en-US': {
    home: '/',
    place: { lat: 40.7128, lon: -74.006, address: 'New York' },
    nowhere: { lat: -40, lon: -140, address: 'South Pacific' },
  },
  'en-GB': {
    home: '/uk/en/',
    place: { lat: 51.50853, lon: -0.12574, address: 'London' },
    nowhere: { lat: 45, lon: -40, address: 'North Atlantic' },
  },
  'fr-CA': {
    home: '/ca/fr/',
    place: { lat: 45.5017, lon: -73.5673, address: 'Montréal' },
    nowhere: { lat: 45, lon: -160, address: 'Pacifique Nord' },
  },
  'de-DE': {
    home: '/de/de/',
    place: { lat: 52.52, lon: 13.405, address: 'Berlin' },
    nowhere: { lat: 60, lon: -30, address: 'Nordatlantik' },
  },
  'ar-AE': {
    home: '/ae/ar/',
    place: { lat: 25.2048, lon: 55.2708, address: 'دبي' },
    nowhere: { lat: -5, lon: 70, address: 'المحيط الهندي' },
  },
  'he-IL': {
    home: '/il/he/',
    place: { lat: 32.0853, lon: 34.7818, address: 'תל אביב-יפו' },
    nowhere: { lat: 30, lon: -30, address: 'האוקיינוס האטלנטי' },
  },
  'ja-JP': {
    home: '/jp/ja/',
    place: { lat: 35.6762, lon: 139.6503, address: '東京' },
    nowhere: { lat: 10, lon: 170, address: '太平洋' },
  },
  'zh-CN': {
    home: '/cn/zh/',
    place: { lat: 31.2304, lon: 121.4737, address: '上海' },
    nowhere: { lat: 0, lon: 80, address: '印度洋' },
  },
  'hi-IN': {
    home: '/in/hi/',
    place: { lat: 28.6139, lon: 77.209, address: 'नई दिल्ली' },
    nowhere: { lat: -20, lon: 75, address: 'हिंद महासागर' },
  },
  'th-TH': {
    home: '/th/th/',
    place: { lat: 13.7563, lon: 100.5018, address: 'กรุงเทพมหานคร' },
    nowhere: { lat: -20, lon: 100, address: 'มหาสมุทรอินเดีย' },
  },
};
