import { type Kysely, sql } from "kysely";

// What a seller's behaviour says, computed in the database by the `trust-stats` job (and for
// one user after a rating), read by the seller and advert pages with their other data:
//  - replies: conversations others opened with the user in the last 90 days, how many the
//    user answered, and the median time to their first answer;
//  - adverts live and sold; the ratings' average and count (counted, not removed).
// A refresh writes only rows whose values changed, and only such a write bumps the table's
// content version, so a refresh that finds nothing new keeps the cached advert pages.

const STATEMENTS = [
  `create table if not exists user_trust_stats (
  user_id integer primary key references users(id) on delete cascade,
  received_conversations integer not null default 0,
  answered_conversations integer not null default 0,
  reply_median_minutes integer,
  live_adverts integer not null default 0,
  sold_adverts integer not null default 0,
  rating_count integer not null default 0,
  rating_average numeric(3, 2),
  computed_at timestamptz not null default now()
)`,
  `create or replace function bump_content_version_if_rows() returns trigger language plpgsql as $$
begin
  if exists (select 1 from new_rows) then
    insert into content_versions (name, version, changed_at) values (TG_TABLE_NAME, 1, now())
    on conflict (name) do update set version = content_versions.version + 1, changed_at = now();
  end if;
  return null;
end
$$`,
  "insert into content_versions (name) values ('user_trust_stats') on conflict (name) do nothing",
  `create trigger user_trust_stats_version_insert after insert on user_trust_stats
  referencing new table as new_rows for each statement execute function bump_content_version_if_rows()`,
  `create trigger user_trust_stats_version_update after update on user_trust_stats
  referencing new table as new_rows for each statement execute function bump_content_version_if_rows()`,
  `create trigger user_trust_stats_version_delete after delete on user_trust_stats
  for each statement execute function bump_content_version()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("delete from content_versions where name = 'user_trust_stats'").execute(db);
  await sql.raw("drop table if exists user_trust_stats").execute(db);
  await sql.raw("drop function if exists bump_content_version_if_rows()").execute(db);
}
