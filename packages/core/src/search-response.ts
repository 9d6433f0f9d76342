/**
 * The store-search answer as its readers parse it (spec 3.5, 3.7, 7.1): the one schema of the
 * search response, used by the web app to read the answer and by the server's API tests to
 * check what it answers. Lenient where the spec's data may be loose (ids as numbers or
 * strings, missing lists), strict where the page cannot work without a value (positions,
 * titles, order numbers).
 */
import { z } from 'zod';

const id = z.union([z.string(), z.number()]).transform(String);
const idList = z.array(id).catch([]);

export const searchResponseStoreSchema = z.looseObject({
  id,
  storeId: id.catch(''),
  orderNumber: z.number().int(),
  title: z.string(),
  distance: z.string().catch(''),
  latitude: z.number().finite(),
  longitude: z.number().finite(),
  storeBadges: idList,
  salesProducts: idList,
  serviceProducts: idList,
  trainingProducts: idList,
  serviceTypes: idList,
  valueAddedServices: idList,
  solutionsSpecialties: idList,
  storeTypes: z.array(z.number()).catch([]),
});

const lookup = z.array(z.looseObject({ _id: id }));

export const searchResponseSchema = z.object({
  results: z.looseObject({
    stores: z.array(searchResponseStoreSchema),
    productMatrixList: lookup.catch([]),
    badgesArray: z.array(z.looseObject({ id: z.unknown() })).catch([]),
    repairTypes: lookup.catch([]),
    vas: lookup.catch([]),
    solutionsSpeciality: lookup.catch([]),
    dropOff: z.boolean().catch(false),
    /**
     * True when nothing matched within the radius and `stores` are the nearest beyond it;
     * `radius` is the searched radius as displayed ("100 mi").
     */
    beyondRadius: z.boolean().catch(false),
    radius: z.string().catch(''),
    /**
     * An area search's matches: [longitude, latitude] one after the other, at most the server's
     * cap (`areaTotal` counts them all); empty for a radius search.
     */
    areaPoints: z.array(z.number()).catch([]),
    areaTotal: z.number().int().catch(0),
  }),
});
