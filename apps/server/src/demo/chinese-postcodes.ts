/**
 * Chinese postcodes for demo stores. No npm package ships China Post's codes with positions,
 * so a code is made from China Post's scheme: the first two digits name the province, the
 * third the city's post area. Large cities have their own three digits (Shanghai 200,
 * Shenzhen 518); elsewhere the province's two digits start the code.
 */

/** Province (GeoNames admin-1 code) → the first two digits of its postcodes. */
const PROVINCES: Record<string, string> = {
  '01': '23', // Anhui
  '02': '31', // Zhejiang
  '03': '33', // Jiangxi
  '04': '21', // Jiangsu
  '05': '13', // Jilin
  '06': '81', // Qinghai
  '07': '35', // Fujian
  '08': '15', // Heilongjiang
  '09': '45', // Henan
  '10': '05', // Hebei
  '11': '41', // Hunan
  '12': '43', // Hubei
  '13': '83', // Xinjiang
  '14': '85', // Tibet
  '15': '73', // Gansu
  '16': '53', // Guangxi
  '18': '55', // Guizhou
  '19': '11', // Liaoning
  '20': '01', // Inner Mongolia
  '21': '75', // Ningxia
  '22': '10', // Beijing
  '23': '20', // Shanghai
  '24': '03', // Shanxi
  '25': '25', // Shandong
  '26': '71', // Shaanxi
  '28': '30', // Tianjin
  '29': '65', // Yunnan
  '30': '51', // Guangdong
  '31': '57', // Hainan
  '32': '61', // Sichuan
  '33': '40', // Chongqing
};

/** Cities (GeoNames name and admin-1) with their own first three digits. */
const CITIES: Record<string, string> = {
  '22|Beijing': '100',
  '23|Shanghai': '200',
  '28|Tianjin': '300',
  '33|Chongqing': '400',
  '30|Guangzhou': '510',
  '30|Shenzhen': '518',
  '30|Dongguan': '523',
  '30|Foshan': '528',
  '30|Zhuhai': '519',
  '32|Chengdu': '610',
  '12|Wuhan': '430',
  '02|Hangzhou': '310',
  '02|Ningbo': '315',
  '04|Nanjing': '210',
  '04|Suzhou': '215',
  '04|Wuxi': '214',
  '26|Xi’an': '710',
  '19|Shenyang': '110',
  '19|Dalian': '116',
  '08|Harbin': '150',
  '11|Changsha': '410',
  '09|Zhengzhou': '450',
  '25|Jinan': '250',
  '25|Qingdao': '266',
  '29|Kunming': '650',
  '07|Fuzhou': '350',
  '07|Xiamen': '361',
  '01|Hefei': '230',
  '10|Shijiazhuang': '050',
  '05|Changchun': '130',
  '16|Nanning': '530',
  '03|Nanchang': '330',
  '24|Taiyuan': '030',
  '18|Guiyang': '550',
  '15|Lanzhou': '730',
  '13|Ürümqi': '830',
  '20|Hohhot': '010',
  '31|Haikou': '570',
};

/**
 * A code for a place in China from the generator's random six digits: the city's three digits
 * and a delivery area ("200031"), else the province's two ("234100"); the random code when the
 * province is unknown.
 */
export function chinesePostcode(random: string, place: { name: string; admin1: string }): string {
  const city = CITIES[`${place.admin1}|${place.name}`];
  if (city) return `${city}0${random.slice(4, 6)}`;
  const province = PROVINCES[place.admin1];
  return province ? `${province}${random.slice(2, 4)}00` : random;
}
