import { type Kysely, sql } from "kysely";

// The job queue (pg-boss, docs/adr/0010-job-queue.md) replaces the alert loop's lease and
// retry bookkeeping; pg-boss installs its own tables (schema "pgboss") when it starts.
// Message notifications by mail: each user picks instant / daily digest / none, and each
// party of a conversation keeps when it was last mailed about it (the 30-minute throttle).

const STATEMENTS = [
  "alter table job_state drop column if exists holder",
  "alter table job_state drop column if exists lease_until",
  "alter table alert_matches drop column if exists retry_at",
  "alter table users add column if not exists message_mail text not null default 'instant'",
  "alter table users drop constraint if exists users_message_mail_check",
  "alter table users add constraint users_message_mail_check check (message_mail in ('instant', 'daily', 'off'))",
  // The last daily digest of unread messages sent to the user.
  "alter table users add column if not exists message_digest_at timestamptz",
  "alter table conversations add column if not exists buyer_mailed_at timestamptz",
  "alter table conversations add column if not exists seller_mailed_at timestamptz",
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("alter table conversations drop column if exists buyer_mailed_at, drop column if exists seller_mailed_at").execute(db);
  await sql.raw("alter table users drop column if exists message_digest_at, drop column if exists message_mail").execute(db);
  await sql.raw("alter table alert_matches add column if not exists retry_at timestamptz").execute(db);
  await sql.raw("alter table job_state add column if not exists holder text, add column if not exists lease_until timestamptz").execute(db);
  await sql.raw("drop schema if exists pgboss cascade").execute(db);
}
