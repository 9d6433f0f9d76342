/**
 * The admin API's idempotency keys (modules/admin/idempotency.ts applies them), for both databases
 * (../../db/query/runner.ts): a request's claim of its key, its answer kept for IDEMPOTENCY_TTL_MS,
 * and a claim given up when the request failed.
 */
import {
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_TTL_MS,
  IN_FLIGHT,
  type IdempotentAnswer,
} from './repository.js';
import { changes, first, type QueryRunner, type Work } from '../../db/query/runner.js';

export class IdempotencyKeys {
  constructor(private readonly sql: QueryRunner) {}

  async claim(
    keyId: string,
    idemKey: string,
    requestHash: string,
  ): Promise<IdempotentAnswer | undefined> {
    const db = this.sql.db;
    const now = Date.now();
    const claim = function* (): Work<{ answer: IdempotentAnswer | undefined; gone: boolean }> {
      // Answers past their time, and claims in flight past their lease, are forgotten first.
      yield* changes(
        db
          .deleteFrom('admin_idempotency')
          .where((eb) =>
            eb.or([
              eb('created_at', '<=', new Date(now - IDEMPOTENCY_TTL_MS).toISOString()),
              eb.and([
                eb('status', '=', IN_FLIGHT),
                eb('created_at', '<=', new Date(now - IDEMPOTENCY_LEASE_MS).toISOString()),
              ]),
            ]),
          ),
      );
      // Concurrent claims: the primary key lets one insert; the others read its row.
      const claimed = yield* changes(
        db
          .insertInto('admin_idempotency')
          .values({
            key_id: keyId,
            idem_key: idemKey,
            request_hash: requestHash,
            status: IN_FLIGHT,
            created_at: new Date(now).toISOString(),
          })
          .onConflict((c) => c.doNothing()),
      );
      if (claimed > 0) return { answer: undefined, gone: false };
      const answer = yield* first(
        db
          .selectFrom('admin_idempotency')
          .select(['request_hash as requestHash', 'status', 'etag', 'body'])
          .where('key_id', '=', keyId)
          .where('idem_key', '=', idemKey),
      );
      return { answer, gone: answer === undefined };
    };
    // Each statement on its own, as the claim needs no more: the insert is the atomic step.
    const { answer, gone } = await this.sql.run(claim());
    // Gone in between (released by another process's failed first request): this request may
    // claim it.
    return gone ? this.claim(keyId, idemKey, requestHash) : answer;
  }

  async save(keyId: string, idemKey: string, a: IdempotentAnswer): Promise<void> {
    const update = this.sql.db
      .updateTable('admin_idempotency')
      .set({ status: a.status, etag: a.etag, body: a.body })
      .where('key_id', '=', keyId)
      .where('idem_key', '=', idemKey)
      .where('request_hash', '=', a.requestHash)
      .where('status', '=', IN_FLIGHT);
    await this.sql.run(changes(update));
  }

  async release(keyId: string, idemKey: string): Promise<void> {
    const release = this.sql.db
      .deleteFrom('admin_idempotency')
      .where('key_id', '=', keyId)
      .where('idem_key', '=', idemKey)
      .where('status', '=', IN_FLIGHT);
    await this.sql.run(changes(release));
  }
}
