/**
 * The database outage log: one line when the database becomes unavailable and one when it is
 * back, with how long it lasted and how many requests answered 503 meanwhile, instead of a line
 * (and a stack trace) per failed request.
 */

export interface OutageLogger {
  warn(msg: string): void;
  info(msg: string): void;
}

export class OutageLog {
  private downSince: number | undefined;
  private failedRequests = 0;
  private failedChecks = 0;

  constructor(
    private readonly log: OutageLogger,
    private readonly now: () => number = Date.now,
  ) {}

  get down(): boolean {
    return this.downSince !== undefined;
  }

  /** A request answered 503 DATABASE_UNAVAILABLE. */
  requestFailed(): void {
    this.failedRequests += 1;
    this.begin();
  }

  /** A background read of the database (the search's change check) failed. */
  checkFailed(): void {
    this.failedChecks += 1;
    this.begin();
  }

  /** The database answered. */
  succeeded(): void {
    if (this.downSince === undefined) return;
    const seconds = ((this.now() - this.downSince) / 1000).toFixed(1);
    this.log.info(
      `database available again after ${seconds} s; ${this.failedRequests} requests answered 503 ` +
        `and ${this.failedChecks} background checks failed meanwhile`,
    );
    this.downSince = undefined;
    this.failedRequests = 0;
    this.failedChecks = 0;
  }

  private begin(): void {
    if (this.downSince !== undefined) return;
    this.downSince = this.now();
    this.log.warn(
      'database unavailable: searches answer from the store index built before; writes answer ' +
        '503 DATABASE_UNAVAILABLE until it is back',
    );
  }
}
