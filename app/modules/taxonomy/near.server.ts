import { sql, type Expression, type RawBuilder } from "kysely";
import { getDb } from "#app/platform/db/db.server.ts";
import { kmFrom, withinKm } from "#app/platform/geo/earth.server.ts";
import { parseRadius, type GeoPoint, type RadiusKm } from "#app/platform/geo/radius.ts";
import { parseTermFilter, type LocationOption } from "./public-terms.server.ts";

// "Near a place" for every list (docs/product.md#near-me): the place is a location (a city)
// with a point; an item is where its own point says (events, services, organisations may have
// one), else at its city's point. Adverts never have a point of their own.

export type NearFilter = {
  place: LocationOption & { point: GeoPoint };
  /** Null: any distance (the list shows distances and may sort by them). */
  radiusKm: RadiusKm | null;
};

/**
 * `?near=<slug>&radius=<km>`: absent or empty `near` is no filter; an unknown slug is the 404
 * (like `?location=`); a place staff gave no point is no filter either, as there is nothing
 * to measure from. A radius outside the offered ones is "any distance".
 */
export function parseNearFilter(url: URL, locations: readonly LocationOption[]): NearFilter | null {
  const place = parseTermFilter(url, "near", locations);
  if (!place?.point) return null;
  return { place: { ...place, point: place.point }, radiusKm: parseRadius(url.searchParams.get("radius")) };
}

/** The ids of the locations within `km` of `center` (by the locations' GiST index). */
export function locationIdsWithin(center: GeoPoint, km: number) {
  return getDb()
    .selectFrom("locations as near_loc")
    .select("near_loc.id")
    .where(withinKm(sql.ref("near_loc.latitude"), sql.ref("near_loc.longitude"), center, km));
}

type PlaceColumns = { latitude: Expression<number | null>; longitude: Expression<number | null>; locationId: Expression<number | null> };

/** The columns of a table aliased `alias` with a point of its own and a `location_id`. */
export function placeColumns(alias: string): PlaceColumns {
  return { latitude: sql.ref(`${alias}.latitude`), longitude: sql.ref(`${alias}.longitude`), locationId: sql.ref(`${alias}.location_id`) };
}

/** An advert's place is its city's: it is within the radius when its city is. */
export function cityWithin(locationId: Expression<number | null>, near: NearFilter & { radiusKm: number }): RawBuilder<boolean> {
  return sql<boolean>`${locationId} in (${locationIdsWithin(near.place.point, near.radiusKm)})`;
}

/** An item with its own point is within the radius when that point is; one without, when its city is. */
export function placeWithin(columns: PlaceColumns, near: NearFilter & { radiusKm: number }): RawBuilder<boolean> {
  const { latitude, longitude, locationId } = columns;
  return sql<boolean>`((${latitude} is not null and ${withinKm(latitude, longitude, near.place.point, near.radiusKm)})
    or (${latitude} is null and ${cityWithin(locationId, near)}))`;
}

/**
 * The km from the place to an item: its own point, else its city's point, the city joined
 * `as loc` (as the cards join it). Null when neither has a point.
 */
export function placeKm(columns: Pick<PlaceColumns, "latitude" | "longitude"> | null, near: NearFilter): RawBuilder<number | null> {
  const latitude = columns ? sql<number | null>`coalesce(${columns.latitude}, loc.latitude)` : sql<number | null>`loc.latitude`;
  const longitude = columns ? sql<number | null>`coalesce(${columns.longitude}, loc.longitude)` : sql<number | null>`loc.longitude`;
  return kmFrom(latitude, longitude, near.place.point);
}
