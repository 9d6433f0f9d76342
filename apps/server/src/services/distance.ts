/** Distance display strings in the country's road unit (CLDR: miles in the US and GB, else km). */
const KM_PER_MILE = 1.609344;

const formats = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, unit: 'km' | 'mi'): Intl.NumberFormat {
  const key = `${locale}|${unit}`;
  let f = formats.get(key);
  if (!f) {
    const options: Intl.NumberFormatOptions = {
      style: 'unit',
      unit: unit === 'mi' ? 'mile' : 'kilometer',
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    };
    try {
      f = new Intl.NumberFormat(locale, options);
    } catch {
      f = new Intl.NumberFormat('en', options);
    }
    formats.set(key, f);
  }
  return f;
}

/** "1.2 mi", "1,2 km", "1.2公里" … */
export function formatDistance(km: number, unit: 'km' | 'mi', locale: string): string {
  return formatter(locale, unit).format(unit === 'mi' ? km / KM_PER_MILE : km);
}
