import { type Kysely, sql } from "kysely";

// Account recovery against a stolen session (docs/adr/0019-account-security.md):
//  - `sessions.reauthenticated_at`: when this session last proved the password (its sign-in, a
//    code, or the security page's password form). Adding a passkey and turning two-factor on
//    need it within the last minutes. Sessions from before this migration have none: their
//    next such change asks for the password.
//  - `users.last_password_sign_in_at`: the latest sign-in by password, code or mailed link
//    (not by passkey). "This wasn't me" and a password reset remove the passkeys added after it.

const STATEMENTS = [
  "alter table sessions add column if not exists reauthenticated_at timestamptz",
  "alter table sessions alter column reauthenticated_at set default now()",
  "alter table users add column if not exists last_password_sign_in_at timestamptz",
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("alter table users drop column if exists last_password_sign_in_at").execute(db);
  await sql.raw("alter table sessions drop column if exists reauthenticated_at").execute(db);
}
