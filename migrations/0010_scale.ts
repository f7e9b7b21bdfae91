import { type Kysely, sql } from "kysely";

// Scale-out: a bump of content_versions also NOTIFYs `content_versions`, so every
// process listening (app/modules/listing/content-notify.server.ts) drops its polled state
// at once instead of at its next poll. One notification per statement, sent on commit.

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `create or replace function notify_content_versions() returns trigger language plpgsql as $$
begin
  perform pg_notify('content_versions', '');
  return null;
end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger content_versions_notify after insert or update on content_versions
  for each statement execute function notify_content_versions()`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("drop trigger if exists content_versions_notify on content_versions").execute(db);
  await sql.raw("drop function if exists notify_content_versions()").execute(db);
}
