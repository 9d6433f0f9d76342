/** Console passwords (src/modules/console/passwords.ts): scrypt with OWASP's parameters, checked. */
import { describe, expect, it } from 'vitest';
import {
  DECOY_HASH,
  hashPassword,
  isPasswordHash,
  passwordProblem,
  verifyPassword,
} from '../src/modules/console/passwords.js';

describe('console passwords', () => {
  it('hashes with a salt and the parameters named, and verifies only the same password', async () => {
    const [one, two] = await Promise.all([
      hashPassword('correct horse battery'),
      hashPassword('correct horse battery'),
    ]);
    expect(one).toMatch(/^scrypt\$N=131072,r=8,p=1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(one).not.toBe(two);
    expect(await verifyPassword('correct horse battery', one)).toBe(true);
    expect(await verifyPassword('correct horse batterY', one)).toBe(false);
    // The same text however it was composed (NFC): "é" typed as one or two code points.
    const composed = await hashPassword('caf\u00e9 au lait, noir');
    expect(await verifyPassword('cafe\u0301 au lait, noir', composed)).toBe(true);
  });

  it('never matches the decoy or a malformed hash', async () => {
    expect(await verifyPassword('', DECOY_HASH)).toBe(false);
    expect(await verifyPassword('anything at all', 'plain text')).toBe(false);
  });

  it('tells a password hash from the mark of an account without a password', () => {
    expect(isPasswordHash(DECOY_HASH)).toBe(true);
    expect(isPasswordHash('sso')).toBe(false);
  });

  it('asks for at least 12 characters (as a person counts them)', () => {
    expect(passwordProblem('elevenchars')).toBe('The password must have at least 12 characters.');
    expect(passwordProblem('twelve chars')).toBeUndefined();
    expect(passwordProblem('🙂'.repeat(11))).toBeDefined();
    expect(passwordProblem('x'.repeat(1025))).toBe(
      'The password may have at most 1024 characters.',
    );
  });
});
