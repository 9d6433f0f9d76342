/**
 * The single sign-on tests' browser: the OpenID provider's redirects followed by hand (with its
 * cookies) until it sends the browser back to the console, and the cookies an answer sets.
 */
import { createServer } from 'node:net';

export const SSO_ORIGIN = 'http://127.0.0.1:8303';
export const SSO_BASE = '/api/v1/admin';
export const SSO_CALLBACK = `${SSO_ORIGIN}${SSO_BASE}/sso/callback`;
export const SSO_ROLES = 'locator-admins=admin,locator-editors=editor,locator-viewers=viewer';

/** The people the provider knows, and their groups (the role claim). */
export const SSO_PEOPLE = {
  ada: {
    email: 'Ada@Example.com',
    email_verified: true,
    groups: ['locator-viewers', 'locator-admins'],
  },
  eve: { email: 'eve@example.com', email_verified: true, groups: ['locator-editors'] },
  vic: { email: 'vic@example.com', email_verified: true, groups: ['locator-viewers'] },
  max: { email: 'max@example.com', email_verified: true, groups: ['marketing'] },
  dan: { email: 'dan@example.com', email_verified: true, groups: ['locator-admins'] },
  una: { email: 'una@example.com', email_verified: false, groups: ['locator-admins'] },
  ron: { email: 'ron@example.com', email_verified: true, groups: ['locator-editors'] },
};

type Headers = Record<string, string | string[] | number | undefined>;

export const setCookies = (headers: Headers): string[] => {
  const v = headers['set-cookie'];
  return v === undefined ? [] : Array.isArray(v) ? v : [String(v)];
};
export const cookieNamed = (headers: Headers, name: string) =>
  setCookies(headers).find((c) => c.startsWith(`${name}=`));

/** Follows the provider's redirects (with its cookies) until it sends the browser back. */
export async function throughProvider(url: string): Promise<URL> {
  const jar = new Map<string, string>();
  let next = url;
  for (let step = 0; step < 10; step += 1) {
    if (next.startsWith(SSO_CALLBACK)) return new URL(next);
    const res = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status}: ${await res.text()}`);
    next = new URL(location, next).href;
  }
  throw new Error('the provider never sent the browser back');
}

/** A port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
