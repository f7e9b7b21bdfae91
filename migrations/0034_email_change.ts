import { type Kysely, sql } from "kysely";

// Changing an account's email address:
//  - `users.pending_email` / `pending_email_at`: the address asked for and when; the account's
//    address stays `email` until the link mailed to the new one is opened.
//  - `auth_tokens.purpose` gains `change_email` (that link).
//  - `auth_tokens.email`: the address a token is about: a `change_email` token's new address, and
//    for the "this wasn't me" link of an "email changed" mail, the old address it gives back.

const PURPOSES = "'verify_email', 'reset_password', 'advert_renew', 'advert_sold', 'sign_in_link', 'not_me'";

const STATEMENTS = [
  "alter table users add column if not exists pending_email text",
  "alter table users add column if not exists pending_email_at timestamptz",
  "alter table auth_tokens add column if not exists email text",
  "alter table auth_tokens drop constraint if exists auth_tokens_purpose_check",
  `alter table auth_tokens add constraint auth_tokens_purpose_check check (purpose in (${PURPOSES}, 'change_email'))`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("delete from auth_tokens where purpose = 'change_email'").execute(db);
  await sql.raw("alter table auth_tokens drop constraint if exists auth_tokens_purpose_check").execute(db);
  await sql.raw(`alter table auth_tokens add constraint auth_tokens_purpose_check check (purpose in (${PURPOSES}))`).execute(db);
  await sql.raw("alter table auth_tokens drop column if exists email").execute(db);
  await sql.raw("alter table users drop column if exists pending_email_at").execute(db);
  await sql.raw("alter table users drop column if exists pending_email").execute(db);
}
