/** Distance display strings in the country's road unit (CLDR: miles in the US and GB, else km). */
const KM_PER_MILE = 1.609344;

/** A cached formatter and what it produced, by tenths of the unit. */
interface Format {
  intl: Intl.NumberFormat;
  /** The display string as a JSON string literal, UTF-8, by tenths (filled as needed). */
  json: (Buffer | undefined)[];
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
    f = { intl, json: [] };
    formats.set(key, f);
  }
  return f;
}

const jsonBytes = (s: string): Buffer => Buffer.from(JSON.stringify(s));

/** Writes distances of one unit and locale (one per search: the formatter is looked up once). */
export interface DistanceFormat {
  /**
   * "1.2 mi", "1,2 km", "1.2公里" … as the UTF-8 bytes of a JSON string literal (quotes
   * included), ready to be written into a response. The display has at most one decimal, so
   * the string of a value is the string of its nearest tenth: it is formatted once per tenth
   * and remembered. Values within rounding noise of a half-tenth (where the two could differ)
   * are formatted directly.
   */
  json(km: number): Buffer;
}

export function distanceFormat(unit: 'km' | 'mi', locale: string): DistanceFormat {
  const f = format(locale, unit);
  const miles = unit === 'mi';
  return {
    json(km: number): Buffer {
      const value = miles ? km / KM_PER_MILE : km;
      const scaled = value * 10;
      const tenths = Math.round(scaled);
      if (
        Math.abs(Math.abs(scaled - tenths) - 0.5) < 1e-6 ||
        !(tenths >= 0 && tenths < MAX_TENTHS)
      ) {
        return jsonBytes(f.intl.format(value));
      }
      const { json } = f;
      // Grown in order (never a far write), so the array keeps fast elements.
      while (json.length <= tenths) json.push(undefined);
      let b = json[tenths];
      if (b === undefined) {
        b = jsonBytes(f.intl.format(tenths / 10));
        json[tenths] = b;
      }
      return b;
    },
  };
}
