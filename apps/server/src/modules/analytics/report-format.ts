/**
 * The demand report (report.ts) as terminal tables and as CSV (one long table: section + key
 * columns + count + rate; the origin column names the embedding site).
 */
import { csvCell } from '../../csv-cell.js';
import { isEmpty, rate, type Report } from './report.js';

const OWN_PAGES = "(the locator's own pages)";
const pct = (v: number | null): string => (v === null ? '–' : `${(v * 100).toFixed(1)}%`);

function table(title: string, head: string[], rows: (string | number)[][]): string {
  if (rows.length === 0) return `${title}\n  (none)\n`;
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const numeric = head.map((_, i) => rows.every((r) => /^[\d.,%–-]+$/.test(String(r[i]))));
  const line = (r: string[]) =>
    `  ${r
      .map((c, i) => (numeric[i] ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd()}`;
  const rule = `  ${widths.map((w) => '-'.repeat(w)).join('  ')}`;
  return [title, line(head), rule, ...cells.slice(1).map(line)].join('\n') + '\n';
}

/** The report as terminal tables. */
export function formatReport(r: Report): string {
  const period = `${r.from} to ${r.to}`;
  if (isEmpty(r)) {
    return r.stored === 0
      ? `No analytics events are stored yet (period ${period}). The demo data seeds none: ` +
          `events come from visitors' browsers and the location-search statistic.\n`
      : `No analytics events between ${r.from} and ${r.to} ` +
          `(${r.stored} stored at other dates).\n`;
  }
  const t = r.totals;
  const out = [
    `Analytics report ${period} (UTC)\n`,
    table(
      'Totals',
      ['figure', 'value'],
      [
        ['page views', t.pageViews],
        ['searches', t.searches],
        ['searches reporting a result count', t.searchesWithCount],
        ['searches that found no store nearby', t.noStore],
        ['  of which answered beyond the radius', t.beyondRadius],
        ['location-search statistics', t.locationSearches],
        ['link clicks', t.clicks],
        ['clicks per search', pct(t.clickThrough)],
      ],
    ),
    table(
      'Searches by country, channel and product',
      ['country', 'channel', 'product', 'searches', 'none nearby'],
      r.searches.map((s) => [s.country, s.channel, s.product, s.searches, s.noStore]),
    ),
    table(
      'Most searched places (location-search statistic, positions rounded to ~1 km)',
      ['place', 'country', 'searches'],
      r.places.map((p) => [p.place, p.country, p.searches]),
    ),
    table(
      'Unmet demand: searches that found no store nearby (none, or only beyond the radius)',
      ['country', 'channel', 'product', 'place', 'searches', 'beyond radius'],
      r.unmet.map((u) => [u.country, u.channel, u.product, u.place, u.searches, u.beyondRadius]),
    ),
    table(
      'Clicks by link kind',
      ['link', 'clicks', 'share', 'per search'],
      r.clicks.map((c) => [c.link, c.clicks, pct(c.share), pct(c.perSearch)]),
    ),
    table(
      'Click-through by channel',
      ['channel', 'searches', 'clicks', 'per search'],
      r.channels.map((c) => [c.channel, c.searches, c.clicks, pct(c.perSearch)]),
    ),
  ];
  if (r.origins.length > 0) {
    out.push(
      table(
        'Searches and clicks by embedding site (origin)',
        ['origin', 'searches', 'clicks', 'per search'],
        r.origins.map((o) => [o.origin || OWN_PAGES, o.searches, o.clicks, pct(o.perSearch)]),
      ),
    );
  }
  return out.join('\n');
}

interface CsvKey {
  country?: string;
  channel?: string;
  product?: string;
  place?: string;
  link?: string;
  origin?: string;
}

const CSV_HEAD = [
  'section',
  'country',
  'channel',
  'product',
  'place',
  'link',
  'origin',
  'count',
  'rate',
];

/** The report as one CSV table (RFC 4180, header row; rate as a fraction 0–1). */
export function reportCsv(r: Report): string {
  const rows: (string | number | null)[][] = [];
  const add = (section: string, k: CsvKey, count: number, rt: number | null = null) =>
    rows.push([
      section,
      k.country ?? '',
      k.channel ?? '',
      k.product ?? '',
      k.place ?? '',
      k.link ?? '',
      k.origin ?? '',
      count,
      rt === null ? '' : Number(rt.toFixed(6)),
    ]);
  const t = r.totals;
  add('total_page_views', {}, t.pageViews);
  add('total_searches', {}, t.searches);
  add('total_searches_no_store', {}, t.noStore, rate(t.noStore, t.searchesWithCount));
  add(
    'total_searches_beyond_radius',
    {},
    t.beyondRadius,
    rate(t.beyondRadius, t.searchesWithCount),
  );
  add('total_location_searches', {}, t.locationSearches);
  add('total_clicks', {}, t.clicks, t.clickThrough);
  for (const s of r.searches) add('searches', s, s.searches);
  for (const s of r.searches) if (s.noStore > 0) add('searches_no_store', s, s.noStore);
  for (const p of r.places) add('places', p, p.searches);
  for (const u of r.unmet) add('unmet_demand', u, u.searches);
  for (const u of r.unmet) if (u.beyondRadius > 0) add('unmet_beyond_radius', u, u.beyondRadius);
  for (const c of r.clicks) add('clicks', { link: c.link }, c.clicks, c.perSearch);
  for (const c of r.channels)
    add('channel_click_through', { channel: c.channel }, c.clicks, c.perSearch);
  // The locator's own pages have an empty origin; these rows only when some came from an embed.
  for (const o of r.origins) add('origin_searches', { origin: o.origin }, o.searches);
  for (const o of r.origins) add('origin_clicks', { origin: o.origin }, o.clicks, o.perSearch);
  return [CSV_HEAD, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
