import { localizePath, type Language, type LocaleCode } from "#app/i18n/locales.ts";
import { bboxFromUrl, type Bbox } from "#app/platform/geo/bbox.ts";
import { badRequest } from "#app/platform/http/errors.ts";
import { measuredFrom, parseNearFilter } from "#app/modules/taxonomy/near.server.ts";
import type { LocationOption } from "#app/modules/taxonomy/public-terms.server.ts";
import { mapPoints, type MapKind } from "./map-points.server.ts";
import type { MapPoint } from "./map-points.ts";

// A list's map view (`?view=map` on /poster, /services, /diaspors and their categories): the
// map above the list, the list narrowed to the map's visible area (`?bbox=`), which the map in
// the browser keeps up to date. Without JS the page lists the places themselves.

/** The places a list page carries for its no-JS list; the map in the browser reads the JSON (`pointsUrl`). */
const PAGE_POINTS = 200;

export type ListMapData = {
  kind: MapKind;
  points: MapPoint[];
  /** More places than the page lists. */
  truncated: boolean;
  /** The map's JSON for the list's filters (without the area: the map clusters them all). */
  pointsUrl: string;
  bbox: Bbox | null;
  /** Whether distances are measured (a near filter with a radius or `any`). */
  measured: boolean;
};

/** `?bbox=` of a list: none, or the area (junk is a 400). */
export function listBbox(url: URL): Bbox | null {
  const bbox = bboxFromUrl(url);
  if (bbox === "invalid") badRequest();
  return bbox;
}

/** `?view=`: absent or `list` is the list, `map` shows the map above it; anything else is a 400. */
function listView(url: URL): "list" | "map" {
  const values = url.searchParams.getAll("view");
  if (values.length === 0) return "list";
  if (values.length === 1 && (values[0] === "list" || values[0] === "map")) return values[0];
  badRequest();
}

/** The filters of a list that its map's JSON takes too (the category is the page's). */
const SHARED_PARAMS = ["near", "radius", "location"];

/** The list's map, or null when the list is shown alone. */
export async function loadListMap(
  kind: MapKind,
  url: URL,
  options: {
    language: Language;
    locale: LocaleCode;
    locations: readonly LocationOption[];
    category?: { id: number; slug: string } | null;
    bbox: Bbox | null;
  },
): Promise<ListMapData | null> {
  if (listView(url) !== "map") return null;
  const { language, locale, locations, category, bbox } = options;
  const near = parseNearFilter(url, locations);
  const { points, truncated } = await mapPoints(kind, { language, locale, categoryId: category?.id, near, bbox, limit: PAGE_POINTS });
  const query = new URLSearchParams();
  if (category) query.set("category", category.slug);
  for (const name of SHARED_PARAMS) {
    const value = url.searchParams.get(name);
    if (value) query.set(name, value);
  }
  const search = query.toString();
  return {
    kind,
    points,
    truncated,
    pointsUrl: `${localizePath(`/map/points/${kind}.json`, locale)}${search ? `?${search}` : ""}`,
    bbox,
    measured: measuredFrom(near) !== null,
  };
}
