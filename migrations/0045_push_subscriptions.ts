import { type Kysely, sql } from "kysely";

// Web push notifications (docs/product.md#push-notifications):
//  - `push_subscriptions`: one row per browser a user turned notifications on in: the push
//    service's endpoint (unique: a browser re-subscribing replaces its row), the keys the
//    payload is encrypted to, the device as "Chrome on Android", and when a push last got
//    through. They go with the account (on delete cascade).
//  - `push_deliveries`: one row per device and notification, claimed before the push is sent,
//    so a retried job or a scan that runs again sends nothing twice to the same device.
//  - `users.push_kinds`: which kinds of notification the user wants (all four at first).

const STATEMENTS = [
  `create table push_subscriptions (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  endpoint text not null unique check (length(endpoint) <= 1000),
  p256dh text not null check (length(p256dh) <= 200),
  auth text not null check (length(auth) <= 100),
  user_agent text check (user_agent is null or length(user_agent) <= 100),
  created_at timestamptz not null default now(),
  last_success_at timestamptz
)`,
  "create index push_subscriptions_user_idx on push_subscriptions (user_id)",
  `create table push_deliveries (
  subscription_id integer not null references push_subscriptions (id) on delete cascade,
  key text not null check (length(key) <= 200),
  sent_at timestamptz not null default now(),
  primary key (subscription_id, key)
)`,
  "create index push_deliveries_sent_idx on push_deliveries (sent_at)",
  `alter table users add column if not exists push_kinds text[] not null default '{message,alert,event,document}'
  check (push_kinds <@ array['message', 'alert', 'event', 'document']::text[])`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("alter table users drop column if exists push_kinds").execute(db);
  await sql.raw("drop table if exists push_deliveries").execute(db);
  await sql.raw("drop table if exists push_subscriptions").execute(db);
}
