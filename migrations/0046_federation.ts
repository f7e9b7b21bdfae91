import { type Kysely, sql } from "kysely";

// ActivityPub federation (docs/product.md#federation, docs/adr/0047-federation.md):
//  - `federation_kv`: Fedify's key/value store (caches, idempotence marks), with an expiry; the key is
//    Fedify's tuple as JSON text, so a prefix of the tuple is a prefix of the text.
//  - `federation_keys`: each local actor's key pairs (RSA for HTTP signatures, Ed25519), made at first use.
//  - `federation_followers`: remote actors following a local section, with their inboxes.
//  - `federation_following`: remote actors staff follow (pending until they Accept).
//  - `federation_blocked_domains`: hosts whose requests are refused and whose content is dropped.
//  - `federation_published`: what each item was last sent as, so the sync knows Create, Update or Delete.
//  - `federation_remote_events`: events followed actors sent, held for staff; an approved one is a
//    `posters` row with `origin_url`/`origin_actor` (remote, read-only here), kept in step by Update/Delete.
//  - `settings.federation_sections`: which local sections federate (none at first).

const STATEMENTS = [
  `create table federation_kv (
  key text primary key check (length(key) <= 4096),
  value jsonb not null,
  expires_at timestamptz
)`,
  "create index federation_kv_expiry_idx on federation_kv (expires_at) where expires_at is not null",
  `create table federation_keys (
  section text not null check (section in ('news', 'events')),
  algorithm text not null check (algorithm in ('rsa', 'ed25519')),
  private_jwk jsonb not null,
  public_jwk jsonb not null,
  created_at timestamptz not null default now(),
  primary key (section, algorithm)
)`,
  `create table federation_followers (
  section text not null check (section in ('news', 'events')),
  actor_id text not null check (length(actor_id) <= 2048),
  inbox_url text not null check (length(inbox_url) <= 2048),
  shared_inbox_url text check (length(shared_inbox_url) <= 2048),
  created_at timestamptz not null default now(),
  primary key (section, actor_id)
)`,
  `create table federation_following (
  id serial primary key,
  actor_id text not null unique check (length(actor_id) <= 2048),
  handle text not null check (length(handle) <= 300),
  inbox_url text not null check (length(inbox_url) <= 2048),
  state text not null default 'pending' check (state in ('pending', 'accepted', 'rejected')),
  follow_id text not null,
  created_at timestamptz not null default now()
)`,
  `create table federation_blocked_domains (
  host text primary key check (host ~ '^[a-z0-9.:\\[\\]-]{1,255}$'),
  created_at timestamptz not null default now()
)`,
  `create table federation_published (
  section text not null check (section in ('news', 'events')),
  item_id integer not null,
  version integer not null,
  deleted_at timestamptz,
  primary key (section, item_id)
)`,
  `alter table posters add column origin_url text check (length(origin_url) <= 2048),
  add column origin_actor text check (length(origin_actor) <= 2048)`,
  `create table federation_remote_events (
  id serial primary key,
  object_id text not null unique check (length(object_id) <= 2048),
  actor_id text not null check (length(actor_id) <= 2048),
  name text not null check (length(name) between 1 and 300),
  name_en text check (length(name_en) between 1 and 300),
  content text not null default '' check (length(content) <= 20000),
  content_en text check (length(content_en) <= 20000),
  starts_at timestamptz not null,
  ends_at timestamptz,
  location text check (length(location) <= 300),
  url text check (length(url) <= 2048),
  state text not null default 'pending' check (state in ('pending', 'approved', 'rejected')),
  poster_id integer references posters (id) on delete set null,
  received_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
)`,
  "create index federation_remote_events_state_idx on federation_remote_events (state, received_at desc)",
  "alter table settings add column federation_sections text[] not null default '{}' check (federation_sections <@ array['news', 'events'])",
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("alter table settings drop column if exists federation_sections").execute(db);
  for (const table of ["federation_remote_events", "federation_published", "federation_blocked_domains", "federation_following"])
    await sql.raw(`drop table if exists ${table}`).execute(db);
  await sql.raw("alter table posters drop column if exists origin_url, drop column if exists origin_actor").execute(db);
  for (const table of ["federation_followers", "federation_keys", "federation_kv"])
    await sql.raw(`drop table if exists ${table}`).execute(db);
}
