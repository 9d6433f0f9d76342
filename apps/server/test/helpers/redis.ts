/** The tests' Redis (127.0.0.1:6379, or TEST_REDIS_URL) and their own key prefixes in it. */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A REDIS_PREFIX no other test (or run) uses. */
export const testRedisPrefix = (): string => `locator-test-${randomBytes(6).toString('hex')}:`;

/** The keys under a prefix (a test reading what the server wrote). */
export async function redisKeys(pattern: string): Promise<string[]> {
  const redis = new Redis(REDIS_URL);
  try {
    return await redis.keys(pattern);
  } finally {
    redis.disconnect();
  }
}

/** Removes every key a test wrote under its prefix. */
export async function dropRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
