/**
 * The contract between the basemap's style (served by the server) and the browser that draws its
 * place names: the style's symbol layer of place names, and the image each label asks for,
 * "place:{kind}:{name}", which the browser draws with the page's fonts.
 */
export const PLACE_LABELS_LAYER = 'place-labels';
export const PLACE_IMAGE_PREFIX = 'place:';
