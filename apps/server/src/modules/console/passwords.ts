/**
 * Console passwords: scrypt from node:crypto with OWASP's parameters (N = 2^17, r = 8, p = 1:
 * 128 MiB and a few hundred milliseconds per hash, off the event loop in libuv's pool), a
 * random 16-byte salt per password, compared in constant time. The stored text names its
 * parameters, so stronger ones can come later without breaking stored hashes:
 * `scrypt$N=131072,r=8,p=1$<salt, base64>$<hash, base64>`.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** The shortest password an account may have. */
export const MIN_PASSWORD_LENGTH = 12;
/** Longer than any passphrase; bounds the work an attacker can ask for. */
export const MAX_PASSWORD_LENGTH = 1024;

const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, o: { N: number; r: number; p: number }) {
  // scrypt needs 128 * N * r bytes; allow twice that.
  const options: ScryptOptions = { ...o, maxmem: 256 * o.N * o.r };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** Why a password cannot be used; undefined when it can. */
export function passwordProblem(password: string): string | undefined {
  if ([...password].length < MIN_PASSWORD_LENGTH)
    return `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `The password may have at most ${MAX_PASSWORD_LENGTH} characters.`;
  return undefined;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  const { N, r, p } = PARAMS;
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

const STORED = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

/** Whether `stored` is a password hash (a single sign-on account has none). */
export const isPasswordHash = (stored: string): boolean => STORED.test(stored);

/** Whether `password` is the one `stored` was made from (false for a malformed `stored`). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const m = STORED.exec(stored);
  if (!m || password.length > MAX_PASSWORD_LENGTH) return false;
  const [N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const expected = Buffer.from(m[5]!, 'base64');
  if (expected.length !== KEY_LENGTH) return false;
  const key = await derive(password, Buffer.from(m[4]!, 'base64'), { N, r, p });
  return timingSafeEqual(key, expected);
}

/**
 * A hash no password matches, verified when the email is unknown, so that a sign-in takes as
 * long for an unknown email as for a wrong password.
 */
export const DECOY_HASH = `scrypt$N=${PARAMS.N},r=${PARAMS.r},p=${PARAMS.p}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`;
