import { type Kysely, sql } from "kysely";

// Adverts that stay fresh (app/modules/adverts/lifecycle.ts):
//  - raised_at: where an advert stands in the lists. It starts as the publication time (a
//    trigger fills it whenever published_at is set and it is not) and "raise to the top"
//    moves it to now, without touching the expiry; the lists order by it through an index.
//  - advert_expiry_mails: one row per advert, kind and lifetime (its expires_at) whose mail
//    was sent; the primary key lets exactly one process claim a mail.
//  - auth_tokens may name an advert: the mailed "renew" and "mark as sold" links are the
//    ordinary single-use, hashed tokens, for the advert's owner and that advert only.
//  - settings: days before expiry of the reminder, days between two raises.

const STATEMENTS = [
  "alter table advertisements add column if not exists raised_at timestamptz",
  "update advertisements set raised_at = published_at where raised_at is null and published_at is not null",
  `create or replace function advert_default_raised_at() returns trigger language plpgsql as $$
begin
  if new.raised_at is null and new.published_at is not null then
    new.raised_at := new.published_at;
  end if;
  return new;
end
$$`,
  `create trigger advertisements_default_raised_at before insert or update of published_at, raised_at on advertisements
  for each row execute function advert_default_raised_at()`,
  "create index if not exists advertisements_raised_idx on advertisements (raised_at desc, id desc) where status = 'published' and deleted_at is null",
  `create table if not exists advert_expiry_mails (
  advertisement_id integer not null references advertisements(id) on delete cascade,
  kind text not null check (kind in ('reminder', 'expired')),
  expires_at timestamptz not null,
  sent_at timestamptz not null default now(),
  primary key (advertisement_id, kind, expires_at)
)`,
  "alter table auth_tokens add column if not exists advertisement_id integer references advertisements(id) on delete cascade",
  "alter table auth_tokens drop constraint if exists auth_tokens_purpose_check",
  "alter table auth_tokens add constraint auth_tokens_purpose_check check (purpose in ('verify_email', 'reset_password', 'advert_renew', 'advert_sold'))",
  "create index if not exists auth_tokens_advertisement_idx on auth_tokens (advertisement_id) where advertisement_id is not null",
  "alter table settings add column if not exists advert_reminder_days integer not null default 3 check (advert_reminder_days between 0 and 60)",
  "alter table settings add column if not exists advert_raise_interval_days integer not null default 7 check (advert_raise_interval_days between 1 and 365)",
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of [
    "alter table settings drop column if exists advert_raise_interval_days",
    "alter table settings drop column if exists advert_reminder_days",
    "delete from auth_tokens where purpose in ('advert_renew', 'advert_sold')",
    "alter table auth_tokens drop constraint if exists auth_tokens_purpose_check",
    "alter table auth_tokens add constraint auth_tokens_purpose_check check (purpose in ('verify_email', 'reset_password'))",
    "alter table auth_tokens drop column if exists advertisement_id",
    "drop table if exists advert_expiry_mails",
    "drop trigger if exists advertisements_default_raised_at on advertisements",
    "drop function if exists advert_default_raised_at()",
    "drop index if exists advertisements_raised_idx",
    "alter table advertisements drop column if exists raised_at",
  ]) {
    await sql.raw(statement).execute(db);
  }
}
