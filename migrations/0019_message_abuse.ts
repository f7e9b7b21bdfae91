import { type Kysely, sql } from "kysely";

// Holding back a message that looks like spam (docs/adr/0009-private-messages.md): the same
// text a buyer sends to more than five sellers within an hour is stored but not delivered
// until staff release it.
//  - `messages.held_at`: set while the message waits for staff; the recipient does not see it.
//  - `conversations.held`: the conversation was opened by a held message, so it is not in the
//    seller's inbox at all until one of its messages is delivered.
//  - The duplicate check reads a sender's messages of the last hour; staff list the held ones.

const STATEMENTS = [
  "alter table messages add column if not exists held_at timestamptz",
  "alter table conversations add column if not exists held boolean not null default false",
  "create index if not exists messages_sender_idx on messages (sender_id, created_at)",
  "create index if not exists messages_held_idx on messages (held_at) where held_at is not null",
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("drop index if exists messages_held_idx").execute(db);
  await sql.raw("drop index if exists messages_sender_idx").execute(db);
  await sql.raw("alter table conversations drop column if exists held").execute(db);
  await sql.raw("alter table messages drop column if exists held_at").execute(db);
}
