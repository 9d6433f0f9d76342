/** What a PMTiles archive's header and metadata say of its tiles. */
export interface PmtilesInfo {
  /** "mvt" or a raster image type. */
  tileType: 'mvt' | 'png' | 'jpg' | 'webp' | 'avif' | 'unknown';
  minZoom: number;
  maxZoom: number;
  vectorLayers: { id: string; geometry?: string }[];
  attribution?: string;
}
