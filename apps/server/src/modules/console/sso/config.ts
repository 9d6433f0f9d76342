/**
 * Single sign-on settings from the environment (server README "Single sign-on"), validated once at
 * start-up with every problem listed (ConfigError), then frozen. OIDC_ISSUER, OIDC_CLIENT_ID and
 * OIDC_CLIENT_SECRET are set together or not at all; unset: no single sign-on, password sign-in
 * only.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { ConfigError, envProblems, pickEnv, type EnvSource } from '../../../env.js';
import { parseRoleMap, type RoleMap } from './roles.js';

/** https, or http to a loopback address (a provider started on this machine, e.g. by tests). */
function isIssuerUrl(v: string): boolean {
  if (!URL.canParse(v)) return false;
  const u = new URL(v);
  if (u.username || u.password || u.search || u.hash) return false;
  if (u.protocol === 'https:') return true;
  const host = u.hostname.replace(/^\[|\]$/g, '');
  return (
    u.protocol === 'http:' &&
    (host === 'localhost' || (isIP(host) !== 0 && /^(127\.|::1$)/.test(host)))
  );
}

const schema = z.object({
  /** The OpenID provider's issuer URL (its discovery document is under it). */
  OIDC_ISSUER: z
    .string()
    .refine(isIssuerUrl, 'must be an https URL (http only on a loopback address)')
    .optional(),
  OIDC_CLIENT_ID: z.string().max(1000).optional(),
  OIDC_CLIENT_SECRET: z.string().max(4096).optional(),
  /** The claim (of the ID token, else of the userinfo answer) whose values give the role. */
  OIDC_ROLE_CLAIM: z
    .string()
    .regex(/^[\w.:/-]{1,200}$/, 'must be a claim name (letters, digits, . _ : / -)')
    .default('groups'),
  /** Claim value=role pairs, separated by commas or spaces. */
  OIDC_ROLES: z.string().optional(),
  /** The scopes asked for (openid and email at least). */
  OIDC_SCOPES: z
    .string()
    .default('openid email profile')
    .refine((v) => v.split(/\s+/).includes('openid'), 'must include openid'),
});

export interface SsoConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  roleClaim: string;
  roles: RoleMap;
  scopes: string;
}

const TOGETHER = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;

/** The single sign-on settings; undefined when single sign-on is not configured. */
export function loadSsoConfig(source: EnvSource = process.env): SsoConfig | undefined {
  const picked = pickEnv(schema, source);
  const parsed = schema.safeParse(picked);
  const problems = parsed.success ? [] : envProblems(parsed.error.issues);
  const set = TOGETHER.filter((name) => picked[name] !== undefined);
  if (set.length > 0 && set.length < TOGETHER.length) {
    for (const name of TOGETHER.filter((n) => picked[n] === undefined))
      problems.push(`${name}: required with ${set.join(', ')} (single sign-on needs all three)`);
  }
  let roles: RoleMap | undefined;
  if (set.length === TOGETHER.length) {
    const result =
      picked.OIDC_ROLES === undefined
        ? {
            problem: 'required with single sign-on ("locator-admins=admin,locator-editors=editor")',
          }
        : parseRoleMap(picked.OIDC_ROLES);
    if ('problem' in result) problems.push(`OIDC_ROLES: ${result.problem}`);
    else roles = result.map;
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  if (!roles || !e.OIDC_ISSUER || !e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET) return undefined;
  return Object.freeze({
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    roleClaim: e.OIDC_ROLE_CLAIM,
    roles,
    scopes: e.OIDC_SCOPES,
  });
}
