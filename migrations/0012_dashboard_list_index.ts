import { type Kysely, sql } from "kysely";

// The dashboard lists sort by `updated_at desc nulls last, id desc` outside the trash by
// default (staff-content/list.server.ts). Without an index matching that order PostgreSQL
// sorts every row of the table for each page; with it a page is an index scan. The table
// list is the registry's staff types at the time of writing (a migration does not follow later
// changes of the code).

const TABLES = ["news", "posters", "services", "diaspors", "pages", "reklama", "advertisements"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql
      .raw(
        `create index if not exists ${table}_dashboard_updated_idx on ${table} (updated_at desc nulls last, id desc) where deleted_at is null`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await sql.raw(`drop index if exists ${table}_dashboard_updated_idx`).execute(db);
}
