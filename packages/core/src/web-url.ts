/**
 * A store's website as stored and linked: the address `safeWebUrl` accepts (http or https,
 * "https://" added to a bare host), serialised by the WHATWG URL parser, so that what is stored
 * is what a link's href holds: the host in lower case (and Punycode), a "/" path when there is
 * none, and characters such as `"`, `<`, `>` and spaces percent-encoded. "" for an empty or
 * unsafe value, or a host with an empty label.
 */
import { safeWebUrl } from './store.js';

/** The WHATWG URL class of browsers and Node (core is compiled without their type libraries). */
declare const URL: new (input: string) => { hostname: string; href: string };

export function normaliseWebUrl(value: string | null | undefined): string {
  const safe = safeWebUrl(value);
  if (safe === '') return '';
  try {
    // safeWebUrl keeps only http and https addresses, so the parsed scheme is one of them.
    const url = new URL(safe);
    // A host with an empty label ("https://../x", "a..b") is not a web address.
    const labels = url.hostname.replace(/\.$/, '').split('.');
    return labels.every((l) => l !== '') ? url.href : '';
  } catch {
    return '';
  }
}
