/**
 * A single sign-on on its way (server README "Single sign-on"): between the start route and the
 * provider's redirect back, its state, nonce and PKCE verifier wait in a short-lived HttpOnly
 * cookie, sealed with AES-256-GCM under a key derived from OIDC_CLIENT_SECRET (so every worker and
 * machine can open it, and nobody can read or forge it). The cookie is SameSite=Lax: the
 * provider's redirect back is a navigation from another site, which a Strict cookie would miss.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** How long a person has to sign in at the provider (ms). */
export const PENDING_MS = 10 * 60_000;

const pendingSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  /** Epoch ms after which the sign-in is refused. */
  expires: z.number(),
});
export type PendingSignIn = z.infer<typeof pendingSchema>;

export const pendingCookieName = (request: FastifyRequest): string =>
  request.protocol === 'https' ? '__Host-locator-sso' : 'locator-sso';

const cookieOptions = (request: FastifyRequest) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: request.protocol === 'https',
});

export class PendingSeal {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(
      hkdfSync('sha256', secret, 'locator-console', 'single sign-on pending state', 32),
    );
  }

  seal(pending: PendingSignIn): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(pending), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The sealed sign-in; undefined when it is not one of ours, was altered or has expired. */
  open(sealed: string | undefined, now: number): PendingSignIn | undefined {
    if (!sealed || sealed.length > 2000) return undefined;
    try {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
      const parsed = pendingSchema.safeParse(JSON.parse(text.toString('utf8')));
      return parsed.success && parsed.data.expires > now ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  setCookie(request: FastifyRequest, reply: FastifyReply, pending: PendingSignIn): void {
    reply.setCookie(pendingCookieName(request), this.seal(pending), {
      ...cookieOptions(request),
      maxAge: PENDING_MS / 1000,
    });
  }

  clearCookie(request: FastifyRequest, reply: FastifyReply): void {
    reply.clearCookie(pendingCookieName(request), cookieOptions(request));
  }
}
