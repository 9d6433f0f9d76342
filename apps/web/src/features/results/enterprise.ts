/**
 * Enterprise links of the results page (PRODUCT.md#results-page). The spec does not say which countries
 * get the sales "reseller for enterprise" link nor the URLs: this is the project's
 * configuration, fictional URLs under example.com, to be replaced by the real ones.
 */
import type { ResultChannel } from '@locator/core';

/** Countries (site path codes) whose sales results link to enterprise resellers. */
export const ENTERPRISE_RESELLER_COUNTRIES: readonly string[] = [
  'us',
  'ca',
  'uk',
  'de',
  'fr',
  'au',
  'jp',
  'in',
];

export const ENTERPRISE_RESELLER_URL = 'https://enterprise.example.com/resellers/';
export const ENTERPRISE_SERVICE_URL = 'https://enterprise.example.com/cn/service-providers';

export type EnterpriseLink = { kind: 'sales' | 'service'; url: string };

export function enterpriseLink(
  channel: ResultChannel,
  country: string,
  lang: string,
): EnterpriseLink | undefined {
  const code = country.toLowerCase();
  if (channel === 'sales' && ENTERPRISE_RESELLER_COUNTRIES.includes(code)) {
    return { kind: 'sales', url: `${ENTERPRISE_RESELLER_URL}${code}/` };
  }
  if (channel === 'service' && code === 'cn' && lang.toLowerCase() === 'zh') {
    return { kind: 'service', url: ENTERPRISE_SERVICE_URL };
  }
  return undefined;
}
