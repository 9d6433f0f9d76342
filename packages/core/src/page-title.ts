/**
 * Document titles (PRODUCT.md#results-page), used by every page.
 *
 * Decision where PRODUCT.md is silent: blank parts are left out with their separator.
 */

/** "{channel results title} - {local nav title} - {brand}" (PRODUCT.md#results-page). */
export function pageTitle(
  channelResultsTitle: string,
  localNavTitle: string,
  brand: string,
): string {
  return [channelResultsTitle, localNavTitle, brand]
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .join(' - ');
}
