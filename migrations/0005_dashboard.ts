import { type Kysely, sql } from "kysely";
import { installVersionTriggers } from "./0003_public_content.ts";

// The staff dashboard.
//
// 1. Advertisements get what the staff tables already have: `deleted_at` (the dashboard's
//    trash) and `version` (optimistic locking of staff edits). Public advert queries must
//    add `deleted_at is null`, as the staff content queries do.
// 2. `version` moves on with every content change, whoever writes it: a row trigger bumps it
//    when an update touched content columns without bumping it itself (an owner editing an
//    advert in the cabinet, a moderation step), so a staff form started earlier is refused
//    instead of silently overwriting that change. Counter updates (views, clicks) list only
//    their own column and so never fire it.

/** Tables whose rows staff edit with optimistic locking. */
const VERSIONED_ROWS = ["news", "pages", "posters", "reklama", "diaspors", "services", "advertisements"];
/** Columns whose change is not a content change. */
const NOT_CONTENT = [
  "id",
  "version",
  "view_count",
  "impression_count",
  "click_count",
  "phone_reveal_count",
  "search_vector",
  "created_at",
  "updated_at",
];

async function contentColumns(db: Kysely<any>, table: string): Promise<string[]> {
  const { rows } = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db);
  return rows.map((row) => row.column_name).filter((name) => !NOT_CONTENT.includes(name));
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw("alter table advertisements add column if not exists deleted_at timestamptz").execute(db);
  await sql.raw("alter table advertisements add column if not exists version integer not null default 1").execute(db);
  await sql
    .raw("create index if not exists advertisements_deleted_at_idx on advertisements (deleted_at) where deleted_at is not null")
    .execute(db);
  // "Latest changes by this person" in the dashboard.
  await sql.raw("create index if not exists audit_log_actor_idx on audit_log (actor_id, created_at desc)").execute(db);
  // deleted_at decides what public advert pages show: its changes must bump the page cache.
  await installVersionTriggers(db, "advertisements", "all");

  await sql
    .raw(
      `create function bump_row_version() returns trigger language plpgsql as $$
begin
  if new.version = old.version then
    new.version := old.version + 1;
  end if;
  return new;
end
$$`,
    )
    .execute(db);
  for (const table of VERSIONED_ROWS) {
    const columns = await contentColumns(db, table);
    await sql
      .raw(
        `create trigger ${table}_bump_version before update of ${columns.join(", ")} on ${table}
        for each row execute function bump_row_version()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of VERSIONED_ROWS) {
    await sql.raw(`drop trigger if exists ${table}_bump_version on ${table}`).execute(db);
  }
  await sql.raw("drop function if exists bump_row_version()").execute(db);
  await sql.raw("drop index if exists audit_log_actor_idx").execute(db);
  await sql.raw("drop index if exists advertisements_deleted_at_idx").execute(db);
  await sql.raw("alter table advertisements drop column if exists version").execute(db);
  await sql.raw("alter table advertisements drop column if exists deleted_at").execute(db);
  await installVersionTriggers(db, "advertisements", "all");
}
