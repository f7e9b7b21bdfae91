import { type Kysely, sql } from "kysely";

// Community flags, banned words and blocked email domains (docs/product.md#reports):
//  - `settings.flag_hold_threshold`: how many distinct verified accounts reporting one advert
//    within 24 hours hide it pending review (0 turns it off);
//  - `settings.banned_words`: one word or phrase per line; an advert or a message holding one is
//    held for review;
//  - `settings.blocked_email_domains`: one domain per line; registering or changing the email
//    address to an address on one (or a subdomain of one) is refused;
//  - an index for the count of distinct reporters of an item's open reports.

const STATEMENTS = [
  "alter table settings add column if not exists flag_hold_threshold integer not null default 3",
  "alter table settings add column if not exists banned_words text not null default ''",
  "alter table settings add column if not exists blocked_email_domains text not null default ''",
  `create index if not exists reports_open_reporters_idx on reports (target_type, target_id, created_at)
    where status = 'open' and reporter_id is not null`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("drop index if exists reports_open_reporters_idx").execute(db);
  await sql.raw("alter table settings drop column if exists blocked_email_domains").execute(db);
  await sql.raw("alter table settings drop column if exists banned_words").execute(db);
  await sql.raw("alter table settings drop column if exists flag_hold_threshold").execute(db);
}
