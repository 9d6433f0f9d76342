/**
 * OSRM Table service adapter (osrm-backend HTTP API v5):
 * `GET {baseUrl}/table/v1/{profile}/{lon},{lat};…?sources=0&destinations=1;…&annotations=duration,distance`
 * answering `{ code: "Ok", durations: [[s…]], distances: [[m…]] }`.
 */
import type { EtaService, LatLon, TravelMode } from '../types.js';
import { RoutingError, fetchJson, trimSlash } from './http.js';
import { num, toEtas } from './routed.js';

export interface OsrmOptions {
  /** e.g. "http://osrm:5000" or "https://router.example.com/osrm". */
  baseUrl: string;
  /** Profile name per mode in the URL (default: automobile "driving", walking "foot"). */
  profiles?: Partial<Record<TravelMode, string>>;
  timeoutMs?: number;
}

interface OsrmTableResponse {
  code?: string;
  message?: string;
  durations?: (number | null)[][];
  distances?: (number | null)[][];
}

const coord = (p: LatLon): string => `${p.lon.toFixed(6)},${p.lat.toFixed(6)}`;

export function createOsrmEta(options: OsrmOptions | string): EtaService {
  const o = typeof options === 'string' ? { baseUrl: options } : options;
  const profiles = { automobile: 'driving', walking: 'foot', ...o.profiles };
  const base = trimSlash(o.baseUrl);
  return {
    async eta(origin, destinations, mode, signal) {
      if (destinations.length === 0) return [];
      const coords = [origin, ...destinations].map(coord).join(';');
      const dest = destinations.map((_, j) => j + 1).join(';');
      const url =
        `${base}/table/v1/${encodeURIComponent(profiles[mode])}/${coords}` +
        `?sources=0&destinations=${dest}&annotations=duration,distance`;
      const body = (await fetchJson(url, { method: 'GET' }, { timeoutMs: o.timeoutMs, signal })) as
        OsrmTableResponse | undefined;
      if (!body || body.code !== 'Ok' || !Array.isArray(body.durations)) {
        throw new RoutingError(
          'bad-response',
          `OSRM: ${body?.code ?? 'no body'} ${body?.message ?? ''}`.trim(),
        );
      }
      const durations = body.durations[0] ?? [];
      const distances = body.distances?.[0] ?? [];
      const cells = destinations.map((_, j) => ({
        time: num(durations[j]),
        distance: num(distances[j]),
      }));
      return toEtas(origin, destinations, mode, cells);
    },
  };
}
