// A map's visible area as URLs carry it: `?bbox=west,south,east,north` in degrees (WGS 84).
// Pure: list loaders and the map points' route parse it, the map in the browser writes it.

export type Bbox = { west: number; south: number; east: number; north: number };

const COORDINATE = /^-?\d{1,3}(\.\d{1,12})?$/;

/**
 * `west,south,east,north`: longitudes in [-180, 180], latitudes in [-90, 90], south ≤ north.
 * West may be east of east: the area crosses the antimeridian. Null for anything else.
 */
export function parseBbox(value: string): Bbox | null {
  const parts = value.split(",");
  if (parts.length !== 4 || !parts.every((part) => COORDINATE.test(part.trim()))) return null;
  const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
  const longitude = (x: number) => x >= -180 && x <= 180;
  const latitude = (y: number) => y >= -90 && y <= 90;
  if (!longitude(west) || !longitude(east) || !latitude(south) || !latitude(north) || south > north) return null;
  return { west, south, east, north };
}

/** The URL's `bbox`: absent or empty is none (null), junk is `invalid` (the caller answers 400). */
export function bboxFromUrl(url: URL): Bbox | null | "invalid" {
  const values = url.searchParams.getAll("bbox");
  if (values.length === 0 || (values.length === 1 && values[0] === "")) return null;
  if (values.length > 1) return "invalid";
  return parseBbox(values[0]!) ?? "invalid";
}

/**
 * The area as the URL writes it, five decimals (about a metre). A view wider than the world
 * (a map zoomed out, its longitudes past ±180) is the whole world's width.
 */
export function bboxParam({ west, south, east, north }: Bbox): string {
  const round = (x: number) => String(Math.round(x * 1e5) / 1e5);
  const clampLat = (y: number) => Math.max(-90, Math.min(90, y));
  let w = west;
  let e = east;
  if (e - w >= 360) {
    w = -180;
    e = 180;
  } else {
    w = ((((w + 180) % 360) + 360) % 360) - 180;
    e = ((((e + 180) % 360) + 360) % 360) - 180;
    if (e === -180 && east > west) e = 180;
  }
  return [round(w), round(clampLat(south)), round(e), round(clampLat(north))].join(",");
}
