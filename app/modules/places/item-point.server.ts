import { sql } from "kysely";
import type { ItemPoint } from "./map-points.ts";

// An item's point for its page's map: its own (an event's venue, an organisation's address),
// else its city's (`locations` joined `as loc`, as the cards join it).

/** Select list for the point of the item in table `alias`. */
export function itemPointSelect(alias: string) {
  return [
    sql<number | null>`coalesce(${sql.ref(`${alias}.latitude`)}, loc.latitude)`.as("point_latitude"),
    sql<number | null>`coalesce(${sql.ref(`${alias}.longitude`)}, loc.longitude)`.as("point_longitude"),
    sql<boolean>`${sql.ref(`${alias}.latitude`)} is not null`.as("point_own"),
  ] as const;
}

export function itemPointOf(row: { point_latitude: number | null; point_longitude: number | null; point_own: boolean }): ItemPoint | null {
  if (row.point_latitude === null || row.point_longitude === null) return null;
  return { latitude: row.point_latitude, longitude: row.point_longitude, own: row.point_own };
}
