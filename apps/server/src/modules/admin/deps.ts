/** What the admin API needs: its repositories, the configuration, limits and the console. */
import type { ConfigService } from '../../config/service.js';
import type { AdminRepository } from './repository.js';
import type { CountryCheck } from '../imports/placement.js';
import type { Database } from '../../db/types.js';
import type { RateLimitCounters } from '../../http/rate-limit-counters.js';
import type { ConsoleDeps } from '../console/routes.js';

export interface AdminDeps {
  repo: AdminRepository;
  /** The stores' writers, for bulk imports (bulk.ts). */
  db: Pick<Database, 'meta' | 'storeWrites'>;
  config: ConfigService;
  /** The point-in-country check of written stores (absent: not checked). */
  countryCheck?: () => Promise<CountryCheck | undefined>;
  /** Requests per API key per minute; 0 or absent: unlimited. */
  rateLimit?: number;
  /** Failed authentications per client per 15 minutes before 429 (auth-throttle.ts); 0: off. */
  authFailures?: number;
  /**
   * Where the limits count (shared in Redis with REDIS_URL, see http/rate-limit-counters.ts);
   * default: this process's memory.
   */
  counters?: RateLimitCounters;
  /** The console's sign-in and sessions beside the API (../console/routes.ts). */
  console?: ConsoleDeps;
  /** The clock of the keys' last use (tests; default: Date.now). */
  now?: () => number;
}
