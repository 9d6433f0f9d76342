/** Types of the parts of vt-pbf 3 that the basemap uses (the package ships none). */
declare module 'vt-pbf' {
  interface TileLayerInput {
    features: readonly {
      type: 1 | 2 | 3;
      geometry: unknown;
      tags: Record<string, unknown> | null;
      id?: number | string;
    }[];
  }
  export function fromGeojsonVt(
    layers: Record<string, TileLayerInput>,
    options?: { version?: number; extent?: number },
  ): Uint8Array;
}
