/** Exposes the map chunk's mount function to the end-to-end tests. */
import { mountStoreMap } from '../../../src/components/map/MapCanvas';

declare global {
  interface Window {
    mountStoreMap: typeof mountStoreMap;
  }
}
window.mountStoreMap = mountStoreMap;
