import { type Kysely, sql } from "kysely";

// A block covers the person, not one conversation (docs/adr/0009-private-messages.md): while
// a `user_blocks` row stands, no message goes between the two either way, in any of their
// conversations, and neither may open a new one. Only the blocker lifts it.
//  - The per-conversation blocks made so far become blocks of the other party (the earliest
//    time is kept); a block whose other party's account is gone blocks nobody and goes.
//  - `conversations.blocked_by` / `blocked_at` go: one place says who blocked whom.
//  - Both directions are read by primary key ((a, b) and (b, a)); the second index serves a
//    deleted account's cascade.

const STATEMENTS = [
  `create table if not exists user_blocks (
  blocker_id integer not null references users(id) on delete cascade,
  blocked_id integer not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (blocker_id, blocked_id),
  check (blocker_id <> blocked_id)
)`,
  "create index if not exists user_blocks_blocked_idx on user_blocks (blocked_id)",
  `insert into user_blocks (blocker_id, blocked_id, created_at)
  select c.blocked_by, case when c.blocked_by = c.buyer_id then c.seller_id else c.buyer_id end as blocked, min(coalesce(c.blocked_at, now()))
  from conversations c
  where c.blocked_by is not null and c.blocked_by in (c.buyer_id, c.seller_id)
    and case when c.blocked_by = c.buyer_id then c.seller_id else c.buyer_id end is not null
    and c.buyer_id <> c.seller_id
  group by 1, 2
  on conflict do nothing`,
  "alter table conversations drop column if exists blocked_by",
  "alter table conversations drop column if exists blocked_at",
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw("alter table conversations add column if not exists blocked_by integer references users(id) on delete set null")
    .execute(db);
  await sql.raw("alter table conversations add column if not exists blocked_at timestamptz").execute(db);
  // Back to one block per conversation: every conversation between the two carries it.
  await sql
    .raw(
      `update conversations c set blocked_by = b.blocker_id, blocked_at = b.created_at from user_blocks b
  where (b.blocker_id = c.buyer_id and b.blocked_id = c.seller_id) or (b.blocker_id = c.seller_id and b.blocked_id = c.buyer_id)`,
    )
    .execute(db);
  await sql.raw("drop table if exists user_blocks").execute(db);
}
