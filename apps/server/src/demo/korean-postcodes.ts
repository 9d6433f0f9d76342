/**
 * Korean postcodes for demo stores. No npm package ships Korea Post's codes with positions, so a
 * code is made from Korea Post's five-digit scheme (since 2015): its first two digits name the
 * province or metropolitan city (Seoul 01–08, Busan 46–49, Jeju 63), the other three the area.
 */

/** Province or metropolitan city (GeoNames admin-1 code) → its first two digits, low to high. */
const PROVINCES: Record<string, readonly [number, number]> = {
  '11': [1, 8], // Seoul
  '13': [10, 18], // Gyeonggi
  '12': [21, 23], // Incheon
  '06': [24, 26], // Gangwon
  '05': [27, 29], // North Chungcheong
  '22': [30, 30], // Sejong
  '17': [31, 33], // South Chungcheong
  '19': [34, 35], // Daejeon
  '14': [36, 40], // North Gyeongsang
  '15': [41, 43], // Daegu
  '21': [44, 45], // Ulsan
  '10': [46, 49], // Busan
  '20': [50, 53], // South Gyeongsang
  '03': [54, 56], // North Jeolla
  '16': [57, 60], // South Jeolla
  '18': [61, 62], // Gwangju
  '01': [63, 63], // Jeju
};

/**
 * A code for a place in Korea from the generator's random five digits: the province's first two
 * digits (chosen by the random ones among its range) and the random last three; the random code
 * when the province is unknown.
 */
export function koreanPostcode(random: string, admin1: string): string {
  const range = PROVINCES[admin1];
  if (!range) return random;
  const [low, high] = range;
  const first = low + (Number(random.slice(0, 2)) % (high - low + 1));
  return `${String(first).padStart(2, '0')}${random.slice(2)}`;
}
