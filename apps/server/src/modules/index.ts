/**
 * The modules the server is made of (docs/ARCHITECTURE.md, "Workspaces"): what compose.ts
 * builds and app.ts registers. Each module's plugin is given its own options, nothing else.
 */
import type { FastifyInstance } from 'fastify';
import type { RateLimitCounters } from '../http/rate-limit-counters.js';
import type { HealthService } from '../health/health.js';
import type { OutageLog } from '../health/outage-log.js';
import type { AdminDeps } from './admin/routes.js';
import { analyticsModule, type AnalyticsModuleOptions } from './analytics/plugin.js';
import { configurationRoutes, type ConfigurationRoutesOptions } from './configuration/routes.js';
import { localesRoutes, type LocalesRoutesOptions } from './locales/routes.js';
import { mapTokenRoute, type MapTokenRouteOptions } from './maps/token-route.js';
import { searchRoutes, type SearchRoutesOptions } from './search/routes.js';

export interface ServerModules {
  configuration: ConfigurationRoutesOptions;
  search: SearchRoutesOptions;
  analytics: AnalyticsModuleOptions;
  mapToken: MapTokenRouteOptions;
  locales: LocalesRoutesOptions;
  /**
   * Requests per client per minute of the maps endpoints, one budget over all of them
   * (modules/maps/routes.ts); 0 = unlimited.
   */
  mapsRateLimit: number;
  /**
   * Where every public limit counts (http/rate-limit-counters.ts): in Redis shared by every
   * process when REDIS_URL is set, else the machine's (the cluster primary's) or this process's.
   */
  counters: RateLimitCounters;
  /** What /healthz reports. */
  health?: HealthService;
  /** Counts the requests answered 503 DATABASE_UNAVAILABLE (one log line per outage). */
  outages?: OutageLog;
  /** The admin store API, /api/v1/admin/…, and the console (absent: not served). */
  admin?: AdminDeps;
}

/** The public API's modules, in the order of the API's document. */
export async function registerPublicApi(app: FastifyInstance, m: ServerModules): Promise<void> {
  await app.register(configurationRoutes, m.configuration);
  await app.register(searchRoutes, m.search);
  await app.register(analyticsModule, m.analytics);
  await app.register(mapTokenRoute, m.mapToken);
  await app.register(localesRoutes, m.locales);
}
