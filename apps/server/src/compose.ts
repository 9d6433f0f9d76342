/**
 * Composition root of the data layer: opens the database, loads and validates the country
 * configuration, loads the demo data into an empty database, and builds the API services.
 */
import cluster from 'node:cluster';
import { openDatabase, storeDocumentsFolder } from './db/open.js';
import { clearDocumentsFolder } from './modules/search/store-documents-file.js';
import { relayStoreChanges } from './modules/stores/change-relay.js';
import type { Database } from './db/types.js';
import { loadConfigFiles, type ConfigFiles } from './config/load.js';
import { RESULT_CHANNELS } from '@locator/core';
import type { DemandDeps } from './modules/analytics/demand.js';
import { placeNamer } from './modules/analytics/place-names.js';
import { ConfigService } from './config/service.js';
import { isDemoDataset, seedDemoIfEmpty, type SeedResult } from './demo/seed.js';
import { SearchService } from './modules/search/service.js';
import { StatisticsService } from './modules/analytics/statistics.js';
import { LocalesService } from './modules/locales/service.js';
import type { ServerModules } from './modules/index.js';
import type { Env } from './env.js';
import type { Settings } from './settings.js';
import { loadAnalyticsConfig, type AnalyticsConfig } from './modules/analytics/config.js';
import { AnalyticsService } from './modules/analytics/service.js';
import { Forwarder } from './modules/analytics/forward.js';
import { OutageLog } from './health/outage-log.js';
import { HealthService } from './health/health.js';
import type { MapsProvider } from '@locator/geo';
import { RateLimitCounters } from './http/rate-limit-counters.js';
import { MachineCounters } from './http/machine-counters.js';
import { observeServices } from './metrics/sources.js';
import { RedisSessionStore } from './modules/console/redis-sessions.js';
import { lazyCountryCheck } from './modules/admin/country-check.js';
import { StorePagesService } from './modules/pages/service.js';
import { buildId } from './http/build-id.js';
import { PageTexts } from './modules/pages/texts.js';
import { gazetteerNamer } from './modules/pages/place-names.js';
import { findIsland } from './modules/pages/island.js';
import { STORE_PAGES_CSS_PATH } from './modules/pages/styles.js';
import { loadWebhookConfig, type WebhookConfig } from './modules/webhooks/config.js';
import { loadSsoConfig, type SsoConfig } from './modules/console/sso/config.js';
import { WebhookDispatcher, webhookOptions } from './modules/webhooks/dispatcher.js';

export interface Services {
  db: Database;
  config: ConfigService;
  /** Each module's services and settings, as app.ts registers them. */
  modules: ServerModules;
  /** The server-rendered store pages and sitemaps (pages/). */
  pages: StorePagesService;
  seed?: SeedResult;
  preloadConfig: (locale: string) => Promise<ReturnType<ConfigService['preload']>>;
  close(): Promise<void>;
}

/**
 * Prepares the database for several worker processes, once, in the primary: opens it (which
 * runs the migrations) and loads the demo data when configured, then closes it.
 */
export async function prepareDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'BRAND'>,
  settings: Settings,
  log: (msg: string) => void = () => undefined,
): Promise<void> {
  const config = new ConfigService(loadConfigFiles(settings.CONFIG_DIR));
  // Before any worker builds its store index: no process of this machine has a file open.
  clearDocumentsFolder(storeDocumentsFolder(env.DATA_DIR));
  const db = await openDatabase(env);
  try {
    if (settings.DEMO_DATA === 'auto') {
      const seed = await seedDemoIfEmpty(db, config, env.BRAND, settings.DEMO_STORES);
      if (seed.loaded) log(`demo data loaded: ${seed.stores} stores in ${seed.ms} ms`);
    }
  } finally {
    await db.close();
  }
}

export async function createServices(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'BRAND' | 'MAP_TOKEN'> &
    Partial<Pick<Env, 'WEB_DIST'>>,
  settings: Settings,
  options: {
    database?: Database;
    log?: (msg: string) => void;
    /** Analytics settings; default: read from process.env (ConfigError listing problems). */
    analytics?: AnalyticsConfig;
    /** Change webhook settings; default: read from process.env. */
    webhooks?: WebhookConfig;
    /** The console's single sign-on; default: read from process.env (null: none). */
    sso?: SsoConfig | null;
    /** Where the database outage log goes (default: the `log` function). */
    outageLog?: OutageLog;
    /** The maps engine: the statistic's country check reverse-geocodes with it. */
    maps?: MapsProvider;
    /** The clock of the search's opening status and the store pages (default: Date.now). */
    now?: () => number;
    /** How long the rate limits wait for a Redis command before counting in memory (ms). */
    redisCommandTimeoutMs?: number;
  } = {},
): Promise<Services> {
  const analyticsConfig = options.analytics ?? loadAnalyticsConfig();
  const webhookConfig = options.webhooks ?? loadWebhookConfig();
  const ssoConfig = options.sso === undefined ? loadSsoConfig() : (options.sso ?? undefined);
  const files = loadConfigFiles(settings.CONFIG_DIR);
  const config = new ConfigService(files);
  const log = options.log ?? (() => undefined);
  // One process serving alone clears what earlier runs left (a primary did before forking).
  if (!options.database && cluster.isPrimary) {
    clearDocumentsFolder(storeDocumentsFolder(env.DATA_DIR));
  }
  const db = options.database ?? (await openDatabase(env));
  log(`database: ${db.dialect}; ${files.countries.length} countries configured`);
  let seed: SeedResult | undefined;
  if (settings.DEMO_DATA === 'auto') {
    seed = await seedDemoIfEmpty(db, config, env.BRAND, settings.DEMO_STORES);
    if (seed.loaded) log(`demo data loaded: ${seed.stores} stores in ${seed.ms} ms`);
  }
  config.setDemoData(await isDemoDataset(db));
  const findsPostcodes = options.maps?.findsPostcodes?.bind(options.maps);
  if (findsPostcodes) config.setPlaceSearch(findsPostcodes);
  // The store index is built before the server answers (see modules/search/store-follower.ts).
  await db.search.ready();
  const outages = options.outageLog ?? new OutageLog({ warn: log, info: log });
  // A person's write ends the demo label: at once in the writing process, and in the others
  // when their store index follows the change (the mark is written with the stores).
  db.changes.listen(() => config.setDemoData(false));
  // The other workers of the machine patch this one's writes into their search at once.
  const stopRelay = cluster.isWorker ? relayStoreChanges(db) : undefined;
  let labelledAt = db.search.state().builtAt;
  db.search.listen((ok) => {
    if (ok) outages.succeeded();
    else outages.checkFailed();
    const builtAt = db.search.state().builtAt;
    if (!ok || builtAt === labelledAt) return;
    labelledAt = builtAt;
    isDemoDataset(db).then(
      (demo) => config.setDemoData(demo),
      () => undefined,
    );
  });
  const token = settings.MAPS_PROVIDER === 'embedded' ? '' : env.MAP_TOKEN;
  const analytics = createAnalytics(analyticsConfig, config, db, log);
  const hooks = webhookOptions(webhookConfig, log);
  // Every write's deliveries go into the outbox with it; each process sends what is due,
  // its own writes' at once (modules/webhooks/dispatcher.ts).
  const webhooks = hooks && new WebhookDispatcher(hooks, db.webhookOutbox).follow(db.changes);
  if (hooks) log(`webhooks: changes sent to ${hooks.urls.map((u) => new URL(u).host).join(', ')}`);
  await analytics.startRetention();
  analytics.startDemandRefresh();
  const counters = new RateLimitCounters({
    redisUrl: settings.REDIS_URL,
    prefix: settings.REDIS_PREFIX,
    log,
    // Without Redis, the workers of the machine count in the primary (http/machine-counters.ts).
    machine:
      cluster.isWorker && !settings.REDIS_URL ? new MachineCounters(process, { log }) : undefined,
    ...(options.now ? { now: options.now } : {}),
    ...(options.redisCommandTimeoutMs ? { commandTimeoutMs: options.redisCommandTimeoutMs } : {}),
  });
  if (settings.REDIS_URL) {
    // Shared from the first request when Redis answers within 2 s; otherwise the process starts
    // anyway and counts for itself until it does.
    const shared = await counters.ready(2000);
    log(`rate limits: ${shared ? 'shared in Redis' : 'Redis not reachable yet; per process'}`);
  }
  // The gauges read at each scrape (metrics/sources.ts).
  observeServices({
    db,
    redisUp: () => counters.redisUp(),
    ...(webhooks ? { webhooks: () => webhooks.stats() } : {}),
    forwarding: () => analytics.forwarding(),
  });
  const sessionTimes = {
    idleMs: settings.CONSOLE_IDLE_MINUTES * 60_000,
    absoluteMs: settings.CONSOLE_SESSION_HOURS * 3_600_000,
  };
  // Console sessions: in Redis when it is configured (modules/console/redis-sessions.ts), else in the
  // database.
  const redisSessions =
    settings.REDIS_URL === undefined
      ? undefined
      : new RedisSessionStore(settings.REDIS_URL, settings.REDIS_PREFIX, sessionTimes.absoluteMs);
  const locales = new LocalesService(settings.LOCALES_DIR);
  const modules: ServerModules = {
    configuration: { config },
    search: {
      config,
      search: new SearchService(
        config,
        db.search,
        {
          beyondCount: settings.BEYOND_RADIUS_COUNT,
          beyondMaxKm: settings.BEYOND_RADIUS_MAX_KM,
          countryAt: options.maps ? countryAt(options.maps) : undefined,
          areaMaxPoints: settings.AREA_MAX_POINTS,
        },
        options.now,
      ),
      rateLimit: settings.RATE_LIMIT_SEARCH,
      counters,
    },
    analytics: {
      statistics: new StatisticsService(
        config,
        db.statistics,
        analytics,
        options.maps ? countryAt(options.maps) : undefined,
      ),
      statisticsRateLimit: settings.RATE_LIMIT_STATS,
      events: { service: analytics, rateLimit: analyticsConfig.RATE_LIMIT_EVENTS },
      counters,
    },
    mapToken: { mapToken: () => token },
    locales: { locales },
    mapsRateLimit: settings.RATE_LIMIT_MAPS,
    counters,
    health: new HealthService(db, outages),
    outages,
    admin: {
      repo: db.admin,
      db,
      config,
      countryCheck: lazyCountryCheck(log),
      rateLimit: settings.RATE_LIMIT_ADMIN,
      authFailures: settings.ADMIN_AUTH_FAILURES,
      counters,
      ...(options.now ? { now: options.now } : {}),
      console: {
        accounts: db.accounts,
        keys: db.admin,
        ...(webhooks ? { webhooks: { urls: webhooks.urls, outbox: db.webhookOutbox } } : {}),
        demand: demandDeps(db, files, analyticsConfig, options.maps, log),
        ...(redisSessions ? { sessions: redisSessions } : {}),
        times: sessionTimes,
        counters,
        ...(ssoConfig
          ? {
              sso: {
                config: ssoConfig,
                redirectUri: `${settings.PUBLIC_ORIGIN}/api/v1/admin/sso/callback`,
              },
            }
          : {}),
        ...(options.now ? { now: options.now } : {}),
      },
    },
  };
  const pages = new StorePagesService({
    config,
    pages: db.pages,
    search: db.search,
    texts: new PageTexts(locales, env.BRAND),
    origin: settings.PUBLIC_ORIGIN,
    brand: env.BRAND,
    stylesheet: STORE_PAGES_CSS_PATH,
    ...(env.WEB_DIST ? { island: findIsland(env.WEB_DIST) } : {}),
    buildId: buildId(env.WEB_DIST, settings.LOCALES_DIR),
    ...(options.now ? { now: options.now } : {}),
    placeNames: gazetteerNamer(options.maps, log),
  });
  const services: Services = {
    db,
    config,
    modules,
    pages,
    preloadConfig: async (locale) => config.preload(locale),
    close: async () => {
      stopRelay?.();
      // What is not delivered yet waits in the outbox for the next start.
      if (webhooks) for (const line of await webhooks.close()) log(line);
      await analytics.close();
      await counters.close();
      redisSessions?.close();
      await db.close();
    },
  };
  if (seed) services.seed = seed;
  return services;
}

/** The ISO code of the country at a position, by the maps engine's reverse geocoding. */
function countryAt(maps: MapsProvider) {
  return async (lat: number, lon: number): Promise<string | undefined> =>
    (await maps.reverse(lat, lon, { lang: 'en' }))?.countryCode;
}

/** Distances to the nearest store beyond this are not looked for (km). */
const NEAREST_STORE_MAX_KM = 2000;

/** What the console's demand dashboard reads: roll-ups, names, nearest stores. */
function demandDeps(
  db: Database,
  files: ConfigFiles,
  c: AnalyticsConfig,
  maps: MapsProvider | undefined,
  log: (msg: string) => void,
): DemandDeps {
  const products = new Map(files.catalogue.products.map((p) => [p._id, p.displayName]));
  return {
    events: db.events,
    minCount: c.ANALYTICS_MIN_COUNT,
    productName: (id) => products.get(id),
    placeName: placeNamer(maps, (msg) => log(`demand dashboard: ${msg}`)),
    nearestKm: async (latitude, longitude, country, channel) => {
      const channels = RESULT_CHANNELS.filter((ch) => channel === undefined || ch === channel);
      let best: number | null = null;
      for (const ch of channels.length > 0 ? channels : RESULT_CHANNELS) {
        const [hit] = await db.search.nearest({
          latitude,
          longitude,
          radiusKm: NEAREST_STORE_MAX_KM,
          limit: 1,
          countries: [country],
          channel: ch,
          dropOff: 'any',
        });
        if (hit && (best === null || hit.distanceKm < best)) best = hit.distanceKm;
      }
      return best;
    },
  };
}

/** The analytics service, with forwarding to an external service when configured. */
function createAnalytics(
  c: AnalyticsConfig,
  config: ConfigService,
  db: Database,
  log: (msg: string) => void,
): AnalyticsService {
  const forwarder = c.ANALYTICS_FORWARD_URL
    ? new Forwarder(
        {
          url: c.ANALYTICS_FORWARD_URL,
          kind: c.ANALYTICS_FORWARD_KIND,
          domain: c.ANALYTICS_FORWARD_DOMAIN,
          token: c.ANALYTICS_FORWARD_TOKEN,
          batchSize: c.ANALYTICS_FORWARD_BATCH,
          intervalMs: c.ANALYTICS_FORWARD_INTERVAL_MS,
          timeoutMs: c.ANALYTICS_FORWARD_TIMEOUT_MS,
          retryForMs: c.ANALYTICS_FORWARD_RETRY_HOURS * 3_600_000,
          log,
        },
        db.forwardOutbox,
      ).start()
    : undefined;
  if (forwarder)
    log(
      `analytics: forwarding to ${c.ANALYTICS_FORWARD_KIND} ${new URL(c.ANALYTICS_FORWARD_URL!).host}`,
    );
  return new AnalyticsService(config, db.events, {
    enabled: c.ANALYTICS === 'on',
    forwarder,
    retentionDays: c.ANALYTICS_RETENTION_DAYS,
    log,
  });
}
