import { type Kysely, sql } from "kysely";

// Account security (docs/adr/0019-account-security.md):
//  - `auth_tokens.purpose` gains `sign_in_link` (the mailed one-time sign-in link) and `not_me`
//    (a security mail's "this wasn't me": sign out everywhere and mail a reset).
//  - `sessions.handle`: a random handle the sessions list shows in its sign-out forms; the row's
//    id is the hash of the cookie token and never leaves the server.
//  - `user_devices`: the devices ("Chrome on Android") an account has signed in from, so a
//    sign-in from a new one mails its owner.
//  - `data_exports`: a prepared personal data export, its single-use link (hash) and file.

const STATEMENTS = [
  "alter table auth_tokens drop constraint if exists auth_tokens_purpose_check",
  "alter table auth_tokens add constraint auth_tokens_purpose_check check (purpose in ('verify_email', 'reset_password', 'advert_renew', 'advert_sold', 'sign_in_link', 'not_me'))",
  "alter table sessions add column if not exists handle uuid not null default gen_random_uuid()",
  "create unique index if not exists sessions_handle_idx on sessions (handle)",
  `create table if not exists user_devices (
  user_id integer not null references users (id) on delete cascade,
  device text not null,
  first_seen_at timestamptz not null default now(),
  primary key (user_id, device)
)`,
  `create table if not exists data_exports (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  token_hash text unique,
  file_key text,
  size_bytes bigint,
  created_at timestamptz not null default now(),
  ready_at timestamptz,
  expires_at timestamptz,
  used_at timestamptz
)`,
  "create index if not exists data_exports_user_idx on data_exports (user_id, created_at)",
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("drop table if exists data_exports").execute(db);
  await sql.raw("drop table if exists user_devices").execute(db);
  await sql.raw("drop index if exists sessions_handle_idx").execute(db);
  await sql.raw("alter table sessions drop column if exists handle").execute(db);
  await sql.raw("delete from auth_tokens where purpose in ('sign_in_link', 'not_me')").execute(db);
  await sql.raw("alter table auth_tokens drop constraint if exists auth_tokens_purpose_check").execute(db);
  await sql
    .raw(
      "alter table auth_tokens add constraint auth_tokens_purpose_check check (purpose in ('verify_email', 'reset_password', 'advert_renew', 'advert_sold'))",
    )
    .execute(db);
}
