// The basemap: vector tiles the portal serves itself from a PMTiles file (local storage or the
// S3 bucket), so that no visitor's address reaches a third party. Without a file, maps show
// their points over a plain background.

export type BasemapInfo = {
  /** The tile URL template the style points at (the portal's own route). */
  tiles: string;
  minzoom: number;
  maxzoom: number;
  /** [west, south, east, north] */
  bounds: [number, number, number, number];
  /** The attribution the tiles' licence asks for (HTML-free text). */
  attribution: string;
  /** The vector layers' names in the tiles (for the style's layers). */
  vectorLayers: string[];
};

/** The basemap's description, or null when no basemap file is configured or found. */
export async function basemapInfo(): Promise<BasemapInfo | null> {
  return null;
}
