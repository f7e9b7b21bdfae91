import { sql, type Expression, type RawBuilder } from "kysely";
import type { GeoPoint } from "./radius.ts";

// Distances in the database, with PostgreSQL's `cube` and `earthdistance` (migrations/0039).
// A table's point is `ll_to_earth(latitude, longitude)`, which its GiST index holds; a radius
// asks the index with `earth_box` (a cube around the centre, a little larger than the circle)
// and then keeps what `earth_distance` puts within it.

type Column = Expression<number | null>;

function earthOf(point: GeoPoint): RawBuilder<unknown> {
  return sql`ll_to_earth(${point.latitude}::float8, ${point.longitude}::float8)`;
}

/** Whether the point in columns `latitude`, `longitude` lies within `km` of `center` (null columns: no). */
export function withinKm(latitude: Column, longitude: Column, center: GeoPoint, km: number): RawBuilder<boolean> {
  const metres = km * 1000;
  return sql<boolean>`(earth_box(${earthOf(center)}, ${metres}::float8) @> ll_to_earth(${latitude}, ${longitude})
    and earth_distance(${earthOf(center)}, ll_to_earth(${latitude}, ${longitude})) <= ${metres}::float8)`;
}

/** The distance in km from `center` to the point in the columns (null without one). */
export function kmFrom(latitude: Column, longitude: Column, center: GeoPoint): RawBuilder<number | null> {
  return sql<number | null>`(earth_distance(${earthOf(center)}, ll_to_earth(${latitude}, ${longitude})) / 1000.0)`;
}
