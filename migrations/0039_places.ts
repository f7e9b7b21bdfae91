import { type Kysely, sql } from "kysely";

// Places on the earth (docs/product.md#near-me):
//  - `cube` and `earthdistance` measure great-circle distances in the database (PGlite ships both);
//  - a location (a city) has a point, which staff set; adverts stay at their city's point, so
//    a seller's home is never on a map;
//  - an event, a service and an organisation may have an exact point of their own (else their
//    city's point stands for them);
//  - GiST indexes on `ll_to_earth(...)` answer "within r metres of" (`earth_box`) by index.
// Latitude and longitude come as a pair or not at all.

const POINT_TABLES = ["locations", "posters", "services", "diaspors"] as const;

function pointStatements(table: string): string[] {
  return [
    `alter table ${table} add column if not exists latitude double precision`,
    `alter table ${table} add column if not exists longitude double precision`,
    `alter table ${table} add constraint ${table}_point_check check (
      (latitude is null) = (longitude is null)
      and (latitude is null or (latitude between -90 and 90 and longitude between -180 and 180)))`,
    `create index if not exists ${table}_earth_idx on ${table} using gist (ll_to_earth(latitude, longitude))
      where latitude is not null`,
  ];
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw("create extension if not exists cube").execute(db);
  await sql.raw("create extension if not exists earthdistance").execute(db);
  for (const table of POINT_TABLES) for (const statement of pointStatements(table)) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of POINT_TABLES) {
    await sql.raw(`drop index if exists ${table}_earth_idx`).execute(db);
    await sql.raw(`alter table ${table} drop constraint if exists ${table}_point_check`).execute(db);
    await sql.raw(`alter table ${table} drop column if exists longitude`).execute(db);
    await sql.raw(`alter table ${table} drop column if exists latitude`).execute(db);
  }
}
