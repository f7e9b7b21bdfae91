import { type Kysely, sql } from "kysely";

// Visitor analytics. The visitor hash is sha256(daily salt + IP + user agent);
// the salt lives here so every process of a scaled-out portal hashes alike, and the salt of
// a finished day is deleted, so a stored hash can no longer be linked to an address.

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `create table if not exists analytics_salts (
  day date primary key,
  salt text not null,
  created_at timestamptz not null default now()
)`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("drop table if exists analytics_salts").execute(db);
}
