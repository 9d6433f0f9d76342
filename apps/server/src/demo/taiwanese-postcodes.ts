/**
 * Taiwanese postcodes for demo stores. No npm package ships Chunghwa Post's codes with
 * positions, so a store takes the three-digit code of its city or district (Taipei 100–116,
 * Banqiao 220, Kaohsiung 800–852), keyed by GeoNames' name; elsewhere a code in the range
 * Taiwan's codes use (100–983).
 */

/** A place (GeoNames name) → its three-digit codes, low to high. */
const PLACES: Record<string, readonly [number, number]> = {
  Taipei: [100, 116],
  Neihu: [114, 114],
  Keelung: [200, 206],
  Banqiao: [220, 220],
  Xizhi: [221, 221],
  Sanxia: [237, 237],
  Shulin: [238, 238],
  Yingge: [239, 239],
  Sanzhi: [252, 252],
  Yilan: [260, 260],
  Hsinchu: [300, 300],
  'Taoyuan City': [330, 330],
  Bade: [334, 334],
  Daxi: [335, 335],
  Taichung: [400, 439],
  Wufeng: [413, 413],
  Yuanlin: [510, 510],
  Nantou: [540, 540],
  Puli: [545, 545],
  Lugu: [558, 558],
  Douliu: [640, 640],
  Tainan: [700, 745],
  Yongkang: [710, 710],
  Kaohsiung: [800, 852],
  Magong: [880, 880],
  Jincheng: [893, 893],
  Donggang: [928, 928],
  Hengchun: [946, 946],
  'Hualien City': [970, 970],
};

/** A code for a place in Taiwan from the generator's random three digits. */
export function taiwanesePostcode(random: string, name: string): string {
  const [low, high] = PLACES[name] ?? [100, 983];
  return String(low + (Number(random) % (high - low + 1)));
}
