/**
 * The project's home-card artwork (drawn for the project: apps/web/artwork/channels/*.svg,
 * rendered to optimised 1x/2x JPEGs in apps/web/public/images/channels by
 * apps/web/scripts/render-artwork.mjs). The country configurations reference the same files;
 * these defaults fill any key a configuration leaves out. Key names are those documented in
 * @locator/core home.ts.
 */
const base = '/images/channels';

export const DEFAULT_CARD_IMAGES: Readonly<Record<string, string>> = Object.freeze({
  salesImageUrl: `${base}/sales.jpg`,
  salesImageUrl2x: `${base}/sales@2x.jpg`,
  salesRetailImageUrl2x: `${base}/sales-retail@2x.jpg`,
  serviceImageUrl: `${base}/service.jpg`,
  serviceImageUrl2x: `${base}/service@2x.jpg`,
  consultingImageUrl: `${base}/consulting.jpg`,
  consultingImageUrl2x: `${base}/consulting@2x.jpg`,
  trainingImageUrl: `${base}/training.jpg`,
  trainingImageUrl2x: `${base}/training@2x.jpg`,
});

/** The configuration's images over the defaults; blank or non-string values are ignored. */
export function cardImages(configured: unknown): Record<string, string> {
  const images: Record<string, string> = { ...DEFAULT_CARD_IMAGES };
  if (configured !== null && typeof configured === 'object') {
    for (const [key, url] of Object.entries(configured)) {
      if (typeof url === 'string' && url.trim() !== '') images[key] = url;
    }
  }
  return images;
}
