import { type Kysely, sql } from "kysely";

// Events a community runs again and again, and the organisations that run them (docs/product.md#events):
//  - `posters.recurrence`: an RFC 5545 RRULE (without DTSTART; `starts_at` is the first
//    date, `ends_at - starts_at` each date's length); null for a one-off event.
//  - `poster_occurrences`: the dates themselves, one row per date (a one-off event has one),
//    made from the rule up to a year ahead (posters/occurrences.server.ts). `original_starts_at`
//    is the rule's date (the .ics RECURRENCE-ID); a moved date keeps it and has its own
//    `starts_at`/`ends_at` and `moved_at`; a cancelled one keeps its row with `cancelled_at`
//    (the .ics EXDATE) and a note. Lists show a poster's next date that is not over.
//  - "I'm going" is per date: `poster_rsvps.occurrence_id`, and `status` 'waiting' past the
//    capacity (position by `created_at`); `promoted_at` when a place freed up for a waiting
//    person, `promotion_mailed_at` claims their mail. Reminders are per date too.
//  - `diaspors.trusted`: its members publish without review. `organisation_members`: users
//    with a role in an organisation; `accepted_at` null is an invitation not yet accepted.
//  - `posters.organisation_id`: the organisation whose event it is.
//  - `poster_notices`: what organisers and staff sent to a date's attendees (an announcement,
//    a cancellation, a move); `poster_notice_mails` claims each recipient's mail once.

const STATEMENTS = [
  "alter table posters add column if not exists recurrence text check (recurrence is null or length(recurrence) <= 500)",
  "alter table posters add column if not exists organisation_id integer references diaspors (id) on delete set null",
  "create index if not exists posters_organisation_idx on posters (organisation_id) where organisation_id is not null",
  `create table poster_occurrences (
  id serial primary key,
  poster_id integer not null references posters (id) on delete cascade,
  original_starts_at timestamptz not null,
  starts_at timestamptz not null,
  ends_at timestamptz,
  moved_at timestamptz,
  cancelled_at timestamptz,
  note_uk text check (note_uk is null or length(note_uk) <= 500),
  note_en text check (note_en is null or length(note_en) <= 500),
  unique (poster_id, original_starts_at),
  check (ends_at is null or ends_at >= starts_at)
)`,
  "create index poster_occurrences_next_idx on poster_occurrences (poster_id, starts_at) where cancelled_at is null",
  "create index poster_occurrences_start_idx on poster_occurrences (starts_at) where cancelled_at is null",
  `insert into poster_occurrences (poster_id, original_starts_at, starts_at, ends_at)
  select id, starts_at, starts_at, ends_at from posters`,
  // A one-off event's one date follows its poster, however the row was written (the editor,
  // the seed, a test); a series' dates are made from its rule by the application.
  `create or replace function poster_single_occurrence() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into poster_occurrences (poster_id, original_starts_at, starts_at, ends_at)
    values (new.id, new.starts_at, new.starts_at, new.ends_at) on conflict do nothing;
  elsif new.recurrence is null then
    delete from poster_occurrences where poster_id = new.id and id <> (
      select o.id from poster_occurrences o where o.poster_id = new.id
      order by (coalesce(o.ends_at, o.starts_at) < now()), o.starts_at limit 1);
    update poster_occurrences set original_starts_at = new.starts_at, starts_at = new.starts_at,
      ends_at = new.ends_at, moved_at = null where poster_id = new.id;
    if not found then
      insert into poster_occurrences (poster_id, original_starts_at, starts_at, ends_at)
      values (new.id, new.starts_at, new.starts_at, new.ends_at);
    end if;
  end if;
  return null;
end
$$`,
  `create trigger posters_single_occurrence_insert after insert on posters
  for each row execute function poster_single_occurrence()`,
  `create trigger posters_single_occurrence_update after update of starts_at, ends_at, recurrence on posters
  for each row when (old.starts_at is distinct from new.starts_at or old.ends_at is distinct from new.ends_at
    or old.recurrence is distinct from new.recurrence) execute function poster_single_occurrence()`,
  "insert into content_versions (name) values ('poster_occurrences') on conflict (name) do nothing",
  `create trigger poster_occurrences_version after insert or update or delete on poster_occurrences
  for each statement execute function bump_content_version()`,

  "alter table poster_rsvps add column occurrence_id integer references poster_occurrences (id) on delete cascade",
  "update poster_rsvps set occurrence_id = (select o.id from poster_occurrences o where o.poster_id = poster_rsvps.poster_id order by o.starts_at limit 1)",
  "alter table poster_rsvps alter column occurrence_id set not null",
  "alter table poster_rsvps drop constraint poster_rsvps_pkey",
  "alter table poster_rsvps add primary key (occurrence_id, user_id)",
  "alter table poster_rsvps add column status text not null default 'going' check (status in ('going', 'waiting'))",
  "alter table poster_rsvps add column promoted_at timestamptz",
  "alter table poster_rsvps add column promotion_mailed_at timestamptz",
  "create index poster_rsvps_queue_idx on poster_rsvps (occurrence_id, status, created_at)",
  "create index poster_rsvps_poster_idx on poster_rsvps (poster_id)",

  "alter table poster_reminders add column occurrence_id integer references poster_occurrences (id) on delete cascade",
  "update poster_reminders set occurrence_id = (select o.id from poster_occurrences o where o.poster_id = poster_reminders.poster_id order by o.starts_at limit 1)",
  "alter table poster_reminders alter column occurrence_id set not null",
  "alter table poster_reminders drop constraint poster_reminders_pkey",
  "alter table poster_reminders add primary key (occurrence_id, user_id)",

  "alter table diaspors add column if not exists trusted boolean not null default false",
  `create table organisation_members (
  diaspora_id integer not null references diaspors (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  role text not null check (role in ('owner', 'editor')),
  invited_by integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  accepted_at timestamptz,
  primary key (diaspora_id, user_id)
)`,
  "create index organisation_members_user_idx on organisation_members (user_id)",

  `create table poster_notices (
  id serial primary key,
  poster_id integer not null references posters (id) on delete cascade,
  occurrence_id integer references poster_occurrences (id) on delete cascade,
  kind text not null check (kind in ('announcement', 'cancelled', 'moved')),
  author_id integer references users (id) on delete set null,
  body text not null default '' check (length(body) <= 2000),
  created_at timestamptz not null default now()
)`,
  "create index poster_notices_poster_idx on poster_notices (poster_id, created_at)",
  `create table poster_notice_mails (
  notice_id integer not null references poster_notices (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  sent_at timestamptz not null default now(),
  primary key (notice_id, user_id)
)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of [
    "drop table if exists poster_notice_mails",
    "drop table if exists poster_notices",
    "drop table if exists organisation_members",
    "alter table diaspors drop column if exists trusted",
    "delete from poster_reminders r where r.occurrence_id <> (select o.id from poster_occurrences o where o.poster_id = r.poster_id order by o.starts_at limit 1)",
    "alter table poster_reminders drop constraint poster_reminders_pkey",
    "alter table poster_reminders add primary key (poster_id, user_id)",
    "alter table poster_reminders drop column occurrence_id",
    "delete from poster_rsvps r where r.occurrence_id <> (select o.id from poster_occurrences o where o.poster_id = r.poster_id order by o.starts_at limit 1)",
    "alter table poster_rsvps drop constraint poster_rsvps_pkey",
    "alter table poster_rsvps add primary key (poster_id, user_id)",
    "alter table poster_rsvps drop column occurrence_id, drop column status, drop column promoted_at, drop column promotion_mailed_at",
    "delete from content_versions where name = 'poster_occurrences'",
    "drop trigger if exists posters_single_occurrence_update on posters",
    "drop trigger if exists posters_single_occurrence_insert on posters",
    "drop function if exists poster_single_occurrence()",
    "drop table if exists poster_occurrences",
    "alter table posters drop column if exists organisation_id",
    "alter table posters drop column if exists recurrence",
  ])
    await sql.raw(statement).execute(db);
}
