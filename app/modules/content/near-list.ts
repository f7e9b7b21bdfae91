import { radiusParam, type GeoPoint, type Radius } from "#app/platform/geo/radius.ts";

// The place filter of the lists of events, services and organisations as the page carries it
// (near-list.server.ts reads it from the URL). Pure: the list views build their links from it.

/** `sort=nearest` orders by distance; null is the list's own order (date, name). */
export type NearSort = "nearest" | null;

/** What the filter form shows again: the place's slug, the radius, the order asked for. */
export type NearChoice = { near: string | null; radius: Radius; sort: NearSort };

/** The list's place filter as query parameters (links between its tabs, the calendar): the place itself as `location`. */
export function nearParams(choice: NearChoice): Array<[string, string]> {
  if (!choice.near) return [];
  const sort: Array<[string, string]> = choice.sort ? [["sort", choice.sort]] : [];
  const radius = radiusParam(choice.radius);
  return radius === null ? [["location", choice.near], ...sort] : [["near", choice.near], ["radius", radius], ...sort];
}

/** A point from a pair of nullable columns (migrations/0039 keeps them a pair). */
function pointOf(latitude: number | null, longitude: number | null): GeoPoint | null {
  return latitude === null || longitude === null ? null : { latitude, longitude };
}

type ItemPointColumns = {
  latitude: number | null;
  longitude: number | null;
  location_latitude: number | null;
  location_longitude: number | null;
};

/** An item page's point (its own, else its city's) and its own point alone (null when the city stands for it). */
export function itemPoints(row: ItemPointColumns): { point: GeoPoint | null; ownPoint: GeoPoint | null } {
  const ownPoint = pointOf(row.latitude, row.longitude);
  return { point: ownPoint ?? pointOf(row.location_latitude, row.location_longitude), ownPoint };
}
