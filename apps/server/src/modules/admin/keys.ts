/**
 * Admin API keys: "lk_<id>_<secret>". The id names the key (in lists, the audit log and
 * revocation); only the SHA-256 of the secret is stored, compared in constant time.
 *
 * A check does the same work whatever fails, so that its time tells nothing about which keys
 * exist: a malformed token, an unknown id, a revoked key and a wrong secret each cost one key
 * lookup, one SHA-256 and one constant-time comparison (against a dummy hash when there is no
 * key to compare with); what failed is decided only after that.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AdminRepository, ApiKeyRow, KeyScope } from './repository.js';

export const KEY_SCOPES: readonly KeyScope[] = ['read', 'write'];

const KEY_FORMAT = /^lk_([a-f0-9]{12})_([A-Za-z0-9_-]{43})$/;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Creates a key; the returned secret is shown once and never stored. */
export async function createKey(
  repo: Pick<AdminRepository, 'createKey'>,
  name: string,
  scopes: readonly KeyScope[],
): Promise<{ id: string; key: string }> {
  const id = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  // "write" implies "read".
  const all = [...new Set<KeyScope>(scopes.includes('write') ? ['read', 'write'] : scopes)];
  await repo.createKey({ id, name, secretHash: sha256(secret), scopes: all });
  return { id, key: `lk_${id}_${secret}` };
}

/** The key id a token names ("lk_<id>_…"), undefined when it is not a key's form. */
export function keyIdOf(token: string): string | undefined {
  return KEY_FORMAT.exec(token)?.[1];
}

/** Id looked up for a malformed token (no key has it: ids are 12 hex digits). */
const NO_ID = 'malformed-key';
/** Compared with when there is no stored hash: the work of a real comparison, never a match. */
const DUMMY_HASH = createHash('sha256').update('no key has this secret').digest();

/** The key a presented token names, if it exists, is not revoked and its secret matches. */
export async function verifyKey(
  repo: AdminRepository,
  token: string,
  compare: (a: Buffer, b: Buffer) => boolean = timingSafeEqual,
): Promise<ApiKeyRow | undefined> {
  const m = KEY_FORMAT.exec(token);
  const row = await repo.findKey(m ? m[1]! : NO_ID);
  const given = Buffer.from(sha256(m ? m[2]! : token), 'hex');
  const stored = row ? Buffer.from(row.secretHash, 'hex') : DUMMY_HASH;
  const same = compare(given, stored.length === given.length ? stored : DUMMY_HASH);
  return m && row && !row.revokedAt && same && stored.length === given.length ? row : undefined;
}

/** How often a key's last use is written at most: a busy key costs one write a minute. */
export const KEY_USE_INTERVAL_MS = 60_000;

/**
 * Records a request the key authenticated, when its recorded last use is older than
 * KEY_USE_INTERVAL_MS (or there is none): no write for the other requests of that minute.
 */
export async function noteKeyUse(
  repo: Pick<AdminRepository, 'touchKey'>,
  key: ApiKeyRow,
  now: number,
): Promise<void> {
  const since = now - KEY_USE_INTERVAL_MS;
  if (key.lastUsedAt !== null && Date.parse(key.lastUsedAt) > since) return;
  await repo.touchKey(key.id, new Date(now), new Date(since));
}
