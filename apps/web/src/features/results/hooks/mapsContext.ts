import { createContext, useContext } from 'react';
import { mapsClient, type MapsClient } from '../../../lib/maps';

/** The maps client of the results feature; tests provide their own. */
export const MapsClientContext = createContext<MapsClient>(mapsClient);

export function useMapsClient(): MapsClient {
  return useContext(MapsClientContext);
}
