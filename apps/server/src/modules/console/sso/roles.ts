/**
 * Single sign-on's role mapping (server README "Single sign-on"): OIDC_ROLES names, for values of
 * the provider's role claim (OIDC_ROLE_CLAIM), the console role they give —
 * "locator-admins=admin,locator-editors=editor". A person gets the highest role any of their
 * claim's values maps to; a person none of whose values maps to a role is refused.
 */
import { CONSOLE_ROLES, type ConsoleRole } from '../account-repository.js';

/** Claim value → role. */
export type RoleMap = ReadonlyMap<string, ConsoleRole>;

/** The mapping of an OIDC_ROLES text, or the problem with it (for the start-up message). */
export function parseRoleMap(text: string): { map: RoleMap } | { problem: string } {
  const map = new Map<string, ConsoleRole>();
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    const at = entry.lastIndexOf('=');
    const value = entry.slice(0, Math.max(at, 0));
    const role = CONSOLE_ROLES.find((r) => r === entry.slice(at + 1));
    if (at <= 0 || !role) {
      return {
        problem: `"${entry}" is not value=role (the role one of ${CONSOLE_ROLES.join(', ')})`,
      };
    }
    if (map.has(value)) return { problem: `names "${value}" twice` };
    map.set(value, role);
  }
  if (map.size === 0) return { problem: 'must map at least one claim value to a role' };
  return { map };
}

/**
 * A claim by its name: the claim of that exact name, else a dotted path into nested claims
 * ("realm_access.roles", as Keycloak sends its roles).
 */
export function claimAt(claims: Record<string, unknown>, name: string): unknown {
  if (name in claims) return claims[name];
  let value: unknown = claims;
  for (const part of name.split('.')) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * The values of a role claim: a string (several separated by spaces or commas, as some providers
 * send them), or an array of strings; anything else has none.
 */
export function claimValues(claim: unknown): string[] {
  if (typeof claim === 'string') return claim.split(/[\s,]+/).filter(Boolean);
  if (Array.isArray(claim)) return claim.filter((v): v is string => typeof v === 'string');
  return [];
}

/** The highest role the claim's values map to; undefined when none maps to a role. */
export function mappedRole(claim: unknown, map: RoleMap): ConsoleRole | undefined {
  let best: ConsoleRole | undefined;
  for (const value of claimValues(claim)) {
    const role = map.get(value);
    if (role && (!best || CONSOLE_ROLES.indexOf(role) > CONSOLE_ROLES.indexOf(best))) best = role;
  }
  return best;
}
