import type { Route } from "./+types/route";
import { tileResponse } from "#app/platform/maps/tile-response.server.ts";

/**
 * GET /map/tiles/:z/:x/:y.mvt: one vector tile of the portal's own basemap (a PMTiles
 * archive, app/platform/maps), so a map's background comes from no third party. No locale
 * prefix, no page cache: the tile's ETag and long Cache-Control do that work.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  return tileResponse(request, params);
}
