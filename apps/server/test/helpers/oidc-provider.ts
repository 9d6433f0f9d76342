/**
 * A local OpenID provider for the single sign-on tests (oidc-provider, in-process on 127.0.0.1):
 * one registered client, a few people with an email and a `groups` claim, and no sign-in page —
 * the interaction signs in whoever `nextLogin` names (or refuses, for "deny"), and consent is
 * given by the grant every client already has. With `loginForm`, the provider's own development
 * sign-in form instead (any password; the login is the person), for the browser journeys.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

export interface TestPerson {
  email?: string;
  email_verified?: boolean;
  groups?: string[];
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next interaction signs in; "deny" refuses it (access_denied). */
  nextLogin: string;
  close(): Promise<void>;
}

export async function startProvider(
  redirectUri: string,
  people: Record<string, TestPerson>,
  options: { port?: number; loginForm?: boolean } = {},
): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'locator-console';
  const clientSecret = 'a test secret that is long enough for HS256 too';
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['groups'] },
    scopes: ['openid', 'email', 'profile'],
    // The scopes' claims in the ID token itself (the console reads them there first).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: options.loginForm === true } },
    jwks: {
      keys: [
        generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
      ],
    },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
    cookies: { keys: ['test cookie key'] },
    findAccount: (_ctx, sub) =>
      people[sub] === undefined
        ? undefined
        : { accountId: sub, claims: () => ({ sub, ...people[sub] }) },
    ...(options.loginForm
      ? {}
      : { interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` } }),
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  const handle = provider.callback();
  const test: TestProvider = {
    issuer,
    clientId,
    clientSecret,
    nextLogin: '',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  server.on('request', (req, res) => {
    if (options.loginForm || !req.url?.startsWith('/interaction/')) {
      handle(req, res);
      return;
    }
    const result =
      test.nextLogin === 'deny'
        ? { error: 'access_denied', error_description: 'The person said no.' }
        : { login: { accountId: test.nextLogin } };
    provider
      .interactionFinished(req, res, result, { mergeWithLastSubmission: false })
      .catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
  });
  return test;
}
