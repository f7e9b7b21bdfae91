import { type Kysely, sql } from "kysely";

// Views of content items and reklama clicks count once per visitor, item and UTC day. A
// row marks that a visitor (the day's salted hash of the visit log, never an address) was
// counted for an item; counters add only the rows that were new. Rows of finished days are
// deleted: with the day's salt gone they identify nobody, and they only need to outlive the day.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table if not exists counted_visitors (
  day date not null,
  target text not null,
  item_id integer not null,
  visitor_hash text not null,
  primary key (day, target, item_id, visitor_hash)
)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists counted_visitors`.execute(db);
}
