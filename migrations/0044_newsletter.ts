import { type Kysely, sql } from "kysely";

// The newsletter (docs/product.md#newsletter, docs/adr/0045-newsletter.md):
//  - `newsletter_subscribers`: one row per address (lower case), with or without an account. A
//    pending row waits for its confirmation link (`confirm_hash`, the SHA-256 of the one-time
//    token); only `confirmed` rows get mail. An unsubscribed row stays, so the issue list can count
//    who left since an issue; it goes with its account (user_id, on delete cascade).
//  - `newsletter_issues`: the weekly digests the clock makes and the one-off issues staff write.
//  - `newsletter_deliveries`: one row per issue and subscriber, claimed before the mail is sent,
//    so a batch resumed after a crash sends no second copy; `sent_at` is set once the SMTP server
//    took it, so a claim left by a batch that died mid-send is known (`claimed_at`) and retried;
//    `skipped` marks a digest that had nothing new for the subscriber.
//  - the digest's day, time (site time) and sending rate in `settings`.

const TOPICS = "array['news', 'events', 'directory', 'adverts']";

const STATEMENTS = [
  `create table newsletter_subscribers (
  id serial primary key,
  email text not null unique check (email = lower(email) and length(email) between 3 and 254),
  language text not null check (language in ('uk', 'en')),
  topics text[] not null default '{}' check (topics <@ ${TOPICS}),
  advert_category_id integer references categories (id) on delete set null,
  status text not null default 'pending' check (status in ('pending', 'confirmed', 'unsubscribed')),
  confirm_hash text unique,
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  user_id integer references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
)`,
  "create index newsletter_subscribers_user_idx on newsletter_subscribers (user_id)",
  "create index newsletter_subscribers_confirmed_idx on newsletter_subscribers (id) where status = 'confirmed'",
  `create table newsletter_issues (
  id serial primary key,
  kind text not null check (kind in ('digest', 'manual')),
  status text not null default 'draft' check (status in ('draft', 'scheduled', 'sending', 'sent')),
  subject_uk text not null default '' check (length(subject_uk) <= 200),
  subject_en text not null default '' check (length(subject_en) <= 200),
  body_uk text not null default '' check (length(body_uk) <= 20000),
  body_en text not null default '' check (length(body_en) <= 20000),
  topics text[] check (topics is null or topics <@ ${TOPICS}),
  period_from timestamptz,
  period_to timestamptz,
  scheduled_at timestamptz,
  started_at timestamptz,
  sent_at timestamptz,
  failures integer not null default 0,
  created_by integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
)`,
  "create index newsletter_issues_due_idx on newsletter_issues (status, scheduled_at)",
  `create table newsletter_deliveries (
  issue_id integer not null references newsletter_issues (id) on delete cascade,
  subscriber_id integer not null references newsletter_subscribers (id) on delete cascade,
  claimed_at timestamptz not null default now(),
  claim text not null,
  sent_at timestamptz,
  skipped boolean not null default false,
  primary key (issue_id, subscriber_id)
)`,
  "create index newsletter_deliveries_unsent_idx on newsletter_deliveries (issue_id, claimed_at) where sent_at is null",
  "alter table settings add column newsletter_day integer not null default 1 check (newsletter_day between 0 and 6)",
  "alter table settings add column newsletter_time text not null default '09:00' check (newsletter_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')",
  "alter table settings add column newsletter_rate integer not null default 120 check (newsletter_rate between 1 and 10000)",
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["newsletter_day", "newsletter_time", "newsletter_rate"]) {
    await sql.raw(`alter table settings drop column if exists ${column}`).execute(db);
  }
  await sql.raw("drop table if exists newsletter_deliveries").execute(db);
  await sql.raw("drop table if exists newsletter_issues").execute(db);
  await sql.raw("drop table if exists newsletter_subscribers").execute(db);
}
