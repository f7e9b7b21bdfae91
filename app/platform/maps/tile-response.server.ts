import { promisify } from "node:util";
import zlib from "node:zlib";
import { logger } from "#app/platform/logger/logger.server.ts";
import { basemapTile, type TileEncoding, validTile } from "./basemap.server.ts";

// `/map/tiles/:z/:x/:y.mvt`: one tile of the basemap, as stored. The server's compression
// leaves it alone (server/compression.ts compresses only text types and never a response
// that has a Content-Encoding already).

const TILE_TYPE = "application/vnd.mapbox-vector-tile";
/** Under the archive's current `v`, a tile never changes: its URL changes with the archive. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Without it (or under an old one) a day, then revalidated by ETag. */
const A_DAY = "public, max-age=86400";
const MISSING = "public, max-age=300";
const RETRY_AFTER_SECONDS = 30;

/** Canonical decimal integers only: no sign, no leading zero, no exponent, at most 7 digits. */
const INTEGER = /^(0|[1-9]\d{0,6})$/;

type TileParams = { z?: string; x?: string; y?: string };

/** The answer to a tile request: 200/304 with the tile, 400 for coordinates that are no tile's, 404 for no tile. */
export async function tileResponse(request: Request, params: TileParams): Promise<Response> {
  const coordinates = tileCoordinates(params);
  if (!coordinates) return empty(400, { "Cache-Control": "no-store" });
  const [z, x, y] = coordinates;
  let tile;
  try {
    tile = await basemapTile(z, x, y);
  } catch (error) {
    logger.error({ err: error, tile: `${z}/${x}/${y}` }, "a basemap tile could not be read");
    return empty(503, { "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_SECONDS) });
  }
  if (!tile) return empty(404, { "Cache-Control": MISSING });

  const sendEncoded = tile.encoding !== null && accepts(request.headers.get("accept-encoding"), tile.encoding);
  const etag = `"${tile.version}-${z}-${x}-${y}${sendEncoded ? `-${tile.encoding}` : ""}"`;
  const headers: Record<string, string> = {
    "Content-Type": TILE_TYPE,
    "Cache-Control": new URL(request.url).searchParams.get("v") === tile.version ? IMMUTABLE : A_DAY,
    ETag: etag,
  };
  if (tile.encoding !== null) headers["Vary"] = "Accept-Encoding";
  if (matches(request.headers.get("if-none-match"), etag)) return empty(304, headers);
  const body = sendEncoded ? tile.data : await decoded(tile.data, tile.encoding);
  if (sendEncoded) headers["Content-Encoding"] = tile.encoding!;
  headers["Content-Length"] = String(body.byteLength);
  return new Response(body, { status: 200, headers });
}

/** `{ z, x, y: "<n>.mvt" }` as integers of a real tile, or null. */
export function tileCoordinates(params: TileParams): [number, number, number] | null {
  const y = /^(.*)\.mvt$/.exec(params.y ?? "")?.[1];
  const parts = [params.z, params.x, y];
  if (!parts.every((part): part is string => part !== undefined && INTEGER.test(part))) return null;
  const [z, x, yy] = parts.map(Number) as [number, number, number];
  return validTile(z, x, yy) ? [z, x, yy] : null;
}

function empty(status: number, headers: Record<string, string>): Response {
  return new Response(null, { status, headers });
}

/** Whether Accept-Encoding lists `coding` (or `*`) with a q-value above 0. */
function accepts(acceptEncoding: string | null, coding: string): boolean {
  if (!acceptEncoding) return false;
  let star: boolean | undefined;
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const ok = Number.isFinite(weight) && weight > 0;
    if (name === coding) return ok;
    if (name === "*") star = ok;
  }
  return star ?? false;
}

function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}

const gunzip = promisify(zlib.gunzip);
const brotliDecompress = promisify(zlib.brotliDecompress);
const zstdDecompress = promisify(zlib.zstdDecompress);

/** For a client that takes no compression (browsers all take gzip): the tile's plain bytes. */
async function decoded(data: Uint8Array<ArrayBuffer>, encoding: TileEncoding): Promise<Uint8Array<ArrayBuffer>> {
  if (encoding === "gzip") return gunzip(data);
  if (encoding === "br") return brotliDecompress(data);
  if (encoding === "zstd") return zstdDecompress(data);
  return data;
}
