/**
 * Valhalla time-distance matrix adapter:
 * `POST {baseUrl}/sources_to_targets` with `{ sources, targets, costing, units: "kilometers" }`.
 * Reads the verbose answer `{ sources_to_targets: [[{ time, distance, to_index }…]] }` and the
 * concise one (Valhalla ≥ 3.5, `verbose: false`) `{ sources_to_targets: { durations, distances } }`.
 */
import type { EtaService, TravelMode } from '../types.js';
import { RoutingError, fetchJson, trimSlash } from './http.js';
import { num, toEtas, type MatrixCell } from './routed.js';

export interface ValhallaOptions {
  /** e.g. "http://valhalla:8002". */
  baseUrl: string;
  /** Costing model per mode (default: automobile "auto", walking "pedestrian"). */
  costing?: Partial<Record<TravelMode, string>>;
  timeoutMs?: number;
}

interface VerboseCell {
  time?: number | null;
  distance?: number | null;
  to_index?: number;
}
interface ValhallaMatrixResponse {
  units?: string;
  sources_to_targets?:
    VerboseCell[][] | { durations?: (number | null)[][]; distances?: (number | null)[][] };
}

const UNIT_METRES: Record<string, number> = { kilometers: 1000, miles: 1609.344 };

export function createValhallaEta(options: ValhallaOptions | string): EtaService {
  const o = typeof options === 'string' ? { baseUrl: options } : options;
  const costing = { automobile: 'auto', walking: 'pedestrian', ...o.costing };
  const url = `${trimSlash(o.baseUrl)}/sources_to_targets`;
  return {
    async eta(origin, destinations, mode, signal) {
      if (destinations.length === 0) return [];
      const request = {
        sources: [{ lat: origin.lat, lon: origin.lon }],
        targets: destinations.map((d) => ({ lat: d.lat, lon: d.lon })),
        costing: costing[mode],
        units: 'kilometers',
        verbose: true,
      };
      const body = (await fetchJson(
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(request),
        },
        { timeoutMs: o.timeoutMs, signal },
      )) as ValhallaMatrixResponse | undefined;
      const matrix = body?.sources_to_targets;
      const toMetres = UNIT_METRES[body?.units ?? 'kilometers'] ?? 1000;
      const cells: MatrixCell[] = destinations.map(() => ({ time: null, distance: null }));
      if (Array.isArray(matrix)) {
        (matrix[0] ?? []).forEach((cell, j) => {
          const at = typeof cell.to_index === 'number' ? cell.to_index : j;
          const d = num(cell.distance);
          if (at < cells.length)
            cells[at] = { time: num(cell.time), distance: d === null ? null : d * toMetres };
        });
      } else if (matrix && Array.isArray(matrix.durations)) {
        const times = matrix.durations[0] ?? [];
        const dists = matrix.distances?.[0] ?? [];
        destinations.forEach((_, j) => {
          const d = num(dists[j]);
          cells[j] = { time: num(times[j]), distance: d === null ? null : d * toMetres };
        });
      } else {
        throw new RoutingError('bad-response', 'Valhalla: no sources_to_targets in the answer');
      }
      return toEtas(origin, destinations, mode, cells);
    },
  };
}
