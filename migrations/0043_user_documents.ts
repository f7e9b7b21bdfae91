import { type Kysely, sql } from "kysely";

// A user's own documents with an expiry date, for reminders before they expire (docs/product.md#documents):
//  - `user_documents`: the kind, a label for "other", the day it expires and a short note; never a
//    number or a scan. They go with the account (on delete cascade) and no staff page reads them.
//  - `user_document_reminders`: one row per document and threshold (days before), claimed before
//    the mail is sent, so each reminder goes once; a new expiry date clears them.
//  - `users.document_reminder_days`: the thresholds the user chose (90, 30 and 7 days at first).

const STATEMENTS = [
  `create table user_documents (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  kind text not null check (kind in ('residence_card', 'passport', 'visa', 'health_insurance', 'other')),
  label text check (label is null or length(label) between 1 and 60),
  expires_on date not null,
  note text check (note is null or length(note) <= 200),
  created_at timestamptz not null default now(),
  check ((kind = 'other') = (label is not null))
)`,
  "create index user_documents_user_idx on user_documents (user_id, expires_on)",
  "create index user_documents_expiry_idx on user_documents (expires_on)",
  `create table user_document_reminders (
  document_id integer not null references user_documents (id) on delete cascade,
  threshold_days integer not null check (threshold_days between 1 and 365),
  sent_at timestamptz not null default now(),
  primary key (document_id, threshold_days)
)`,
  `alter table users add column if not exists document_reminder_days integer[] not null default '{90,30,7}'
  check (document_reminder_days <@ array[90, 60, 30, 14, 7, 1])`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("alter table users drop column if exists document_reminder_days").execute(db);
  await sql.raw("drop table if exists user_document_reminders").execute(db);
  await sql.raw("drop table if exists user_documents").execute(db);
}
