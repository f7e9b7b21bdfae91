import { type Kysely, sql } from "kysely";

// "I'm going" on events (docs/adr/0017-event-calendar-and-rsvp.md):
//  - `posters.capacity`: at most this many may say they are going; null is no limit.
//  - `poster_rsvps`: one row per user going to an event. The page shows the count to
//    everyone, so a change bumps its own content version (not `posters`: the lists need not
//    be rebuilt when someone says they are going).
//  - `poster_reminders`: the reminder mail the day before, claimed per user and event before
//    it is sent, so it goes once even when the user undoes and redoes their "going".

const STATEMENTS = [
  "alter table posters add column if not exists capacity integer check (capacity is null or capacity > 0)",
  `create table poster_rsvps (
  poster_id integer not null references posters (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (poster_id, user_id)
)`,
  "create index poster_rsvps_user_idx on poster_rsvps (user_id)",
  `create table poster_reminders (
  poster_id integer not null references posters (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  sent_at timestamptz not null default now(),
  primary key (poster_id, user_id)
)`,
  "insert into content_versions (name) values ('poster_rsvps') on conflict (name) do nothing",
  `create trigger poster_rsvps_version after insert or update or delete on poster_rsvps
  for each statement execute function bump_content_version()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("delete from content_versions where name = 'poster_rsvps'").execute(db);
  await sql.raw("drop table if exists poster_reminders").execute(db);
  await sql.raw("drop table if exists poster_rsvps").execute(db);
  await sql.raw("alter table posters drop column if exists capacity").execute(db);
}
