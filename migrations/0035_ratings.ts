import { type Kysely, sql } from "kysely";

// Ratings after a real exchange (docs/product.md#ratings): either party of a conversation may
// rate the other once, 24 hours to 30 days after it began, when both wrote at least two
// messages and no block stands between them.
//  - `user_ratings`: one row per conversation and rater (the unique key makes "once" hold
//    under two tabs). `counted` is decided when the rating is made: a rater's account younger
//    than a day, or a second rating of the same person by the same rater, is stored but left
//    out of the average and the count. The rated person answers once (`answer`); staff remove
//    a reported rating (`removed_at`, the audit log says who and why).
//  - `rating_requests`: the mail asking a party to rate, claimed per conversation and party
//    before it is sent, so it goes once.
//  - Reports may name a rating. The public pages show ratings: their own content version.

const STATEMENTS = [
  `create table if not exists user_ratings (
  id integer generated always as identity primary key,
  conversation_id integer not null references conversations(id) on delete cascade,
  rater_id integer not null references users(id) on delete cascade,
  rated_id integer not null references users(id) on delete cascade,
  stars smallint not null check (stars between 1 and 5),
  body text not null default '' check (char_length(body) <= 500),
  counted boolean not null,
  answer text check (char_length(answer) between 1 and 500),
  answered_at timestamptz,
  removed_at timestamptz,
  removed_by integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  unique (conversation_id, rater_id),
  check (rater_id <> rated_id)
)`,
  "create index if not exists user_ratings_rated_idx on user_ratings (rated_id, created_at desc)",
  "create index if not exists user_ratings_rater_idx on user_ratings (rater_id, rated_id)",
  `create table if not exists rating_requests (
  conversation_id integer not null references conversations(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  sent_at timestamptz not null default now(),
  primary key (conversation_id, user_id)
)`,
  "alter table reports drop constraint if exists reports_target_type_check",
  "alter table reports add constraint reports_target_type_check check (target_type in ('advertisement', 'news', 'poster', 'service', 'diaspora', 'conversation', 'rating'))",
  "insert into content_versions (name) values ('user_ratings') on conflict (name) do nothing",
  `create trigger user_ratings_version_change after insert or delete on user_ratings
  for each statement execute function bump_content_version()`,
  `create trigger user_ratings_version_update after update on user_ratings
  referencing old table as old_rows new table as new_rows
  for each statement execute function bump_content_version_if_changed()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("delete from content_versions where name = 'user_ratings'").execute(db);
  await sql.raw("delete from reports where target_type = 'rating'").execute(db);
  await sql.raw("alter table reports drop constraint if exists reports_target_type_check").execute(db);
  await sql
    .raw(
      "alter table reports add constraint reports_target_type_check check (target_type in ('advertisement', 'news', 'poster', 'service', 'diaspora', 'conversation'))",
    )
    .execute(db);
  await sql.raw("drop table if exists rating_requests").execute(db);
  await sql.raw("drop table if exists user_ratings").execute(db);
}
