import { type Kysely, sql } from "kysely";

// Favourites, saved advert searches and their mail alerts.
//  - alert_matches is the queue of (saved search, advert) pairs found by the matcher: its
//    primary key makes every advert alert at most once per search, and sent rows stay (pruned
//    after a while) so a re-scan of the same adverts cannot alert again.
//  - job_leases lets exactly one process of several run the alert job at a time.

const STATEMENTS = [
  `create table if not exists favourites (
  user_id integer not null references users(id) on delete cascade,
  advertisement_id integer not null references advertisements(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, advertisement_id)
)`,
  "create index if not exists favourites_advert_idx on favourites (advertisement_id)",
  `create table if not exists saved_searches (
  id integer generated always as identity primary key,
  user_id integer not null references users(id) on delete cascade,
  name text not null check (char_length(name) between 1 and 80),
  locale text not null check (locale in ('ua', 'us')),
  category_slug text,
  query_text text,
  filters jsonb not null default '{}'::jsonb,
  alert text not null default 'off' check (alert in ('off', 'daily', 'instant')),
  last_seen_at timestamptz not null default now(),
  last_digest_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
)`,
  "create index if not exists saved_searches_user_idx on saved_searches (user_id, created_at desc)",
  "create index if not exists saved_searches_alert_idx on saved_searches (alert) where alert <> 'off'",
  `create table if not exists alert_matches (
  saved_search_id integer not null references saved_searches(id) on delete cascade,
  advertisement_id integer not null references advertisements(id) on delete cascade,
  created_at timestamptz not null default now(),
  claimed_at timestamptz,
  sent_at timestamptz,
  attempts integer not null default 0,
  retry_at timestamptz,
  primary key (saved_search_id, advertisement_id)
)`,
  "create index if not exists alert_matches_unsent_idx on alert_matches (saved_search_id) where sent_at is null",
  `create table if not exists job_state (
  name text primary key,
  holder text,
  lease_until timestamptz,
  cursor_at timestamptz
)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("drop table if exists job_state, alert_matches, saved_searches, favourites").execute(db);
}
