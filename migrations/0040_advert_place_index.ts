import { type Kysely, sql } from "kysely";

// The advert lists near a place: an advert is at its city's point, so
// "within 20 km of Kraków" is "of the cities within 20 km", thousands of adverts for a big city
// and its neighbours. Measured over the bench's 100,000 adverts (bench/run.ts --db-only, radius
// rows) the count read every matching row from the table (advertisements_location_id_idx, then
// the heap for the liveness columns): 30–55 ms. This partial index on the listed adverts by city
// and list order, carrying the liveness columns, answers the count index-only and gives each
// city's newest adverts in order (queries.server.ts, pageIdsByCity), a few milliseconds.

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `create index if not exists advertisements_place_live_idx on advertisements (location_id, raised_at desc, id desc)
        include (published_at, expires_at) where status = 'published' and deleted_at is null`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("drop index if exists advertisements_place_live_idx").execute(db);
}
