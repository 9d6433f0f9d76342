/**
 * Admin API keys: "lk_<id>_<secret>". The id names the key (in lists, the audit log and
 * revocation); only the SHA-256 of the secret is stored, compared in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AdminRepository, ApiKeyRow, KeyScope } from '../db/admin.js';

export const KEY_SCOPES: readonly KeyScope[] = ['read', 'write'];

const KEY_FORMAT = /^lk_([a-f0-9]{12})_([A-Za-z0-9_-]{43})$/;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Creates a key; the returned secret is shown once and never stored. */
export async function createKey(
  repo: AdminRepository,
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

/** The key a presented token names, if it exists, is not revoked and its secret matches. */
export async function verifyKey(
  repo: AdminRepository,
  token: string,
): Promise<ApiKeyRow | undefined> {
  const m = KEY_FORMAT.exec(token);
  if (!m) return undefined;
  const row = await repo.findKey(m[1]!);
  if (!row || row.revokedAt) return undefined;
  const given = Buffer.from(sha256(m[2]!), 'hex');
  const stored = Buffer.from(row.secretHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored) ? row : undefined;
}
