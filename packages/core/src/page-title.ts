/**
 * Document titles (spec 2.5), used by every page.
 *
 * Decision where the spec is silent: blank parts are left out with their separator.
 */

/** "{channel results title} - {local nav title} - {brand}" (spec 2.5). */
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
