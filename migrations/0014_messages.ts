import { type Kysely, sql } from "kysely";

// Private messages between a buyer and the seller of an advert (docs/adr/0009-private-messages.md).
//  - One conversation per advert and buyer: the unique key makes a second first message join it.
//  - A deleted account or advert leaves the other party's thread: the references become null
//    and the thread shows "deleted user" / the advert's last known title.
//  - Each side has its own read mark; a conversation is unread for a party when its last
//    message came from the other side after that mark (one row read, no count of messages).

const STATEMENTS = [
  `create table if not exists conversations (
  id integer generated always as identity primary key,
  advertisement_id integer references advertisements(id) on delete set null,
  advert_title text not null,
  buyer_id integer references users(id) on delete set null,
  seller_id integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  last_message_at timestamptz not null default now(),
  last_sender_id integer references users(id) on delete set null,
  buyer_read_at timestamptz not null default now(),
  seller_read_at timestamptz not null default 'epoch',
  blocked_by integer references users(id) on delete set null,
  blocked_at timestamptz,
  unique (advertisement_id, buyer_id)
)`,
  "create index if not exists conversations_buyer_idx on conversations (buyer_id, last_message_at desc)",
  "create index if not exists conversations_seller_idx on conversations (seller_id, last_message_at desc)",
  `create table if not exists messages (
  id integer generated always as identity primary key,
  conversation_id integer not null references conversations(id) on delete cascade,
  sender_id integer references users(id) on delete set null,
  body text not null check (char_length(body) between 1 and 4000),
  created_at timestamptz not null default now()
)`,
  "create index if not exists messages_conversation_idx on messages (conversation_id, id)",
  // A party may report a conversation; the report keeps the messages as they were (evidence).
  "alter table reports drop constraint if exists reports_target_type_check",
  "alter table reports add constraint reports_target_type_check check (target_type in ('advertisement', 'news', 'poster', 'service', 'diaspora', 'conversation'))",
  "alter table reports add column if not exists evidence jsonb",
  // The seller page's address: random, so one cannot walk through the accounts by number.
  "alter table users add column if not exists public_id text not null default substr(md5(gen_random_uuid()::text), 1, 16)",
  "create unique index if not exists users_public_id_idx on users (public_id)",
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("alter table users drop column if exists public_id").execute(db);
  await sql.raw("delete from reports where target_type = 'conversation'").execute(db);
  await sql.raw("alter table reports drop column if exists evidence").execute(db);
  await sql.raw("alter table reports drop constraint if exists reports_target_type_check").execute(db);
  await sql
    .raw(
      "alter table reports add constraint reports_target_type_check check (target_type in ('advertisement', 'news', 'poster', 'service', 'diaspora'))",
    )
    .execute(db);
  await sql.raw("drop table if exists messages, conversations").execute(db);
}
