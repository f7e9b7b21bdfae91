import type { Kysely } from "kysely";
import { sql } from "kysely";
import { installVersionTriggers } from "./0003_public_content.ts";

// An advert's page shows its category fields (labels, units, options) and their values, so a
// change to either table makes the kept advert pages stale like a change to the advert itself.

const TABLES = ["advert_fields", "advert_field_values"];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`insert into content_versions (name) values (${table}) on conflict (name) do nothing`.execute(db);
    await installVersionTriggers(db, table, "all");
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql.raw(`drop trigger if exists ${table}_version_change on ${table}`).execute(db);
    await sql.raw(`drop trigger if exists ${table}_version_update on ${table}`).execute(db);
    await sql`delete from content_versions where name = ${table}`.execute(db);
  }
}
