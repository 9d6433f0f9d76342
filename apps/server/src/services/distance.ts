/** Distance display strings in the country's road unit (CLDR: miles in the US and GB, else km). */
const KM_PER_MILE = 1.609344;

/** A cached formatter and the strings it produced, by tenths of the unit. */
interface Format {
  intl: Intl.NumberFormat;
  tenths: Map<number, string>;
}

const formats = new Map<string, Format>();
/** Strings remembered per formatter (distances are at most a few thousand tenths). */
const MAX_TENTHS = 20_000;

function format(locale: string, unit: 'km' | 'mi'): Format {
  const key = `${locale}|${unit}`;
  let f = formats.get(key);
  if (!f) {
    const options: Intl.NumberFormatOptions = {
      style: 'unit',
      unit: unit === 'mi' ? 'mile' : 'kilometer',
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    };
    let intl: Intl.NumberFormat;
    try {
      intl = new Intl.NumberFormat(locale, options);
    } catch {
      intl = new Intl.NumberFormat('en', options);
    }
    f = { intl, tenths: new Map() };
    formats.set(key, f);
  }
  return f;
}

/**
 * "1.2 mi", "1,2 km", "1.2公里" … The display has at most one decimal, so the string of a value
 * is the string of its nearest tenth: it is formatted once per tenth and remembered. Values
 * within rounding noise of a half-tenth (where the two could differ) are formatted directly.
 */
export function formatDistance(km: number, unit: 'km' | 'mi', locale: string): string {
  const f = format(locale, unit);
  const value = unit === 'mi' ? km / KM_PER_MILE : km;
  const scaled = value * 10;
  const tenths = Math.round(scaled);
  if (Math.abs(Math.abs(scaled - tenths) - 0.5) < 1e-6 || !(tenths >= 0 && tenths < MAX_TENTHS)) {
    return f.intl.format(value);
  }
  let s = f.tenths.get(tenths);
  if (s === undefined) {
    s = f.intl.format(tenths / 10);
    f.tenths.set(tenths, s);
  }
  return s;
}
