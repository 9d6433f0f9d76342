/**
 * A store's website as stored and linked: the address `safeWebUrl` accepts (http or https,
 * "https://" added to a bare host), serialised by the WHATWG URL parser, so that what is stored
 * is what a link's href holds: the host in lower case (and Punycode), a "/" path when there is
 * none, and characters such as `"`, `<`, `>` and spaces percent-encoded. "" for an empty or
 * unsafe value.
 */
import { safeWebUrl } from './store.js';

/** The WHATWG URL class of browsers and Node (core is compiled without their type libraries). */
declare const URL: new (input: string) => { protocol: string; href: string };

export function normaliseWebUrl(value: string | null | undefined): string {
  const safe = safeWebUrl(value);
  if (safe === '') return '';
  try {
    const url = new URL(safe);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}
