import { sql, type Expression, type RawBuilder } from "kysely";
import { getDb } from "#app/platform/db/db.server.ts";
import { kmFrom, withinKm } from "#app/platform/geo/earth.server.ts";
import { parseRadius, type GeoPoint, type Radius } from "#app/platform/geo/radius.ts";
import { parseTermFilter, type LocationOption } from "./public-terms.server.ts";

// "Near a place" for every list (docs/product.md#near-me): the place is a location (a city)
// with a point; an item is where its own point says (events, services, organisations may have
// one), else at its city's point. Adverts never have a point of their own.

export type NearFilter = {
  place: LocationOption;
  /** Null: the place itself (items of that city); a number: within so many km; `any`: everywhere. */
  radius: Radius;
};

/**
 * `?near=<slug>&radius=<r>` (radius.ts); `?location=<slug>`, what links and saved searches
 * carried before, is the same place with no radius. Absent or empty is no filter; an unknown
 * slug is the 404. A place staff gave no point can only be the place itself.
 */
export function parseNearFilter(url: URL, locations: readonly LocationOption[]): NearFilter | null {
  const near = parseTermFilter(url, "near", locations);
  const place = near ?? parseTermFilter(url, "location", locations);
  if (!place) return null;
  const radius = near && place.point ? parseRadius(url.searchParams.get("radius")) : null;
  return { place, radius };
}

/** The filter's centre when it measures distances (a radius or `any`), else null. */
export function measuredFrom(near: NearFilter | null): GeoPoint | null {
  return near && near.radius !== null ? near.place.point : null;
}

/** The ids of the locations within `km` of `center` (by the locations' GiST index). */
function locationIdsWithin(center: GeoPoint, km: number) {
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

/**
 * Whether an item of a city (an advert: its place is its city's) is in the filter's reach:
 * of the place itself, within the radius of it, or anywhere. Null: no condition.
 */
export function cityWithin(locationId: Expression<number | null>, near: NearFilter): RawBuilder<boolean> | null {
  const { place, radius } = near;
  if (radius === "any") return null;
  if (radius === null || !place.point) return sql<boolean>`${locationId} = ${place.id}`;
  return sql<boolean>`${locationId} in (${locationIdsWithin(place.point, radius)})`;
}

/**
 * The same for an item that may have a point of its own (events, services, organisations): with
 * a radius, its own point decides, else its city's. The place itself is still its city.
 */
export function placeWithin(columns: PlaceColumns, near: NearFilter): RawBuilder<boolean> | null {
  const { latitude, longitude, locationId } = columns;
  const byCity = cityWithin(locationId, near);
  if (typeof near.radius !== "number" || !near.place.point || !byCity) return byCity;
  return sql<boolean>`((${latitude} is not null and ${withinKm(latitude, longitude, near.place.point, near.radius)})
    or (${latitude} is null and ${byCity}))`;
}

/**
 * The km from the filter's place to an item: its own point, else its city's point, the city
 * joined `as loc` (as the cards join it). Null without a centre (measuredFrom) or a point.
 */
export function placeKm(columns: Pick<PlaceColumns, "latitude" | "longitude"> | null, near: NearFilter | null): RawBuilder<number | null> {
  const center = measuredFrom(near);
  if (!center) return sql<number | null>`null::float8`;
  const latitude = columns ? sql<number | null>`coalesce(${columns.latitude}, loc.latitude)` : sql<number | null>`loc.latitude`;
  const longitude = columns ? sql<number | null>`coalesce(${columns.longitude}, loc.longitude)` : sql<number | null>`loc.longitude`;
  return kmFrom(latitude, longitude, center);
}
