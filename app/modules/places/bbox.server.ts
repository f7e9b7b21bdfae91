import { sql, type Expression, type RawBuilder } from "kysely";
import { getDb } from "#app/platform/db/db.server.ts";
import type { Bbox } from "#app/platform/geo/bbox.ts";
import type { placeColumns } from "#app/modules/taxonomy/near.server.ts";

// "In the map's visible area" for the lists of events, services and organisations: an item is
// where its own point says, else at its city's point (as `placeWithin` measures radii).

type Column = Expression<number | null>;

function pointInBbox(latitude: Column, longitude: Column, bbox: Bbox): RawBuilder<boolean> {
  const longitudes =
    bbox.west <= bbox.east
      ? sql<boolean>`${longitude} between ${bbox.west}::float8 and ${bbox.east}::float8`
      : sql<boolean>`(${longitude} >= ${bbox.west}::float8 or ${longitude} <= ${bbox.east}::float8)`;
  return sql<boolean>`(${latitude} between ${bbox.south}::float8 and ${bbox.north}::float8 and ${longitudes})`;
}

/** Whether an item (its own point, else its city's) lies in `bbox`; items without either are outside. */
export function placeInBbox(columns: ReturnType<typeof placeColumns>, bbox: Bbox): RawBuilder<boolean> {
  const { latitude, longitude, locationId } = columns;
  const cities = getDb()
    .selectFrom("locations as bbox_loc")
    .select("bbox_loc.id")
    .where(pointInBbox(sql.ref("bbox_loc.latitude"), sql.ref("bbox_loc.longitude"), bbox));
  return sql<boolean>`((${latitude} is not null and ${pointInBbox(latitude, longitude, bbox)})
    or (${latitude} is null and ${locationId} in (${cities})))`;
}
