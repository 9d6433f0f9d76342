/**
 * The console as an OpenID Connect relying party (openid-client): the provider's discovery
 * document, fetched when first needed and kept (fetched again only after a failure), the
 * authorization URL (code flow with PKCE, state and nonce), and the code's exchange with the ID
 * token verified (signature, issuer, audience, expiry, nonce), returning the person's claims.
 */
import * as oidc from 'openid-client';
import type { SsoConfig } from './config.js';
import { SsoFailure } from './failure.js';
import type { PendingSignIn } from './pending.js';
import { claimAt } from './roles.js';

/** How long a request to the provider may take (s). */
const PROVIDER_TIMEOUT_S = 10;

const isLoopbackHttp = (issuer: string): boolean => new URL(issuer).protocol === 'http:';

/** A failure reaching the provider (network, time-out, an answer that is not its document). */
function unreachable(err: unknown): SsoFailure {
  return new SsoFailure('SSO_UNAVAILABLE', err);
}

export class OidcProvider {
  private discovered: Promise<oidc.Configuration> | undefined;

  constructor(
    private readonly config: SsoConfig,
    /** Where the provider sends the browser back (the callback route's public URL). */
    readonly redirectUri: string,
  ) {}

  /** The provider's configuration, discovered once; a failed discovery is tried again next time. */
  private configuration(): Promise<oidc.Configuration> {
    this.discovered ??= oidc
      .discovery(
        new URL(this.config.issuer),
        this.config.clientId,
        undefined,
        oidc.ClientSecretBasic(this.config.clientSecret),
        {
          timeout: PROVIDER_TIMEOUT_S,
          ...(isLoopbackHttp(this.config.issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      )
      .catch((err: unknown) => {
        this.discovered = undefined;
        throw unreachable(err);
      });
    return this.discovered;
  }

  /** A new pending sign-in and the provider's address to send the browser to. */
  async start(now: number, ttlMs: number): Promise<{ url: string; pending: PendingSignIn }> {
    const configuration = await this.configuration();
    const pending: PendingSignIn = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      expires: now + ttlMs,
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: this.config.scopes,
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url: url.href, pending };
  }

  /**
   * The claims of the person the provider sent back (`query`: the callback's query string): the
   * ID token's, completed from the userinfo endpoint when it lacks the email or the role claim.
   */
  async finish(query: URLSearchParams, pending: PendingSignIn): Promise<Record<string, unknown>> {
    const configuration = await this.configuration();
    const current = new URL(this.redirectUri);
    current.search = query.toString();
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(configuration, current, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      throw failureOf(err);
    }
    const claims: Record<string, unknown> = { ...tokens.claims() };
    const hasUserInfo = configuration.serverMetadata().userinfo_endpoint !== undefined;
    if (
      hasUserInfo &&
      (claims.email === undefined || claimAt(claims, this.config.roleClaim) === undefined)
    ) {
      try {
        const info = await oidc.fetchUserInfo(
          configuration,
          tokens.access_token,
          String(claims.sub),
        );
        return { ...info, ...claims };
      } catch (err) {
        throw failureOf(err);
      }
    }
    return claims;
  }
}

/** Whether an error is the network's: no connection, or no answer in time. */
const isNetworkError = (err: unknown): boolean =>
  err instanceof TypeError ||
  (typeof err === 'object' &&
    err !== null &&
    'name' in err &&
    (err.name === 'TimeoutError' || err.name === 'AbortError'));

/**
 * What an exchange's failure means for the person: the provider refused, was not reached, or
 * answered what cannot be verified (an error answer, a token that does not check out).
 */
function failureOf(err: unknown): SsoFailure {
  if (err instanceof oidc.AuthorizationResponseError) {
    return new SsoFailure(err.error === 'access_denied' ? 'SSO_DENIED' : 'SSO_FAILED', err);
  }
  return isNetworkError(err) ? unreachable(err) : new SsoFailure('SSO_FAILED', err);
}
