import { type Kysely, sql } from "kysely";

// The second sign-in step: an authenticator app (TOTP) with recovery codes, and passkeys.
//  - `user_totp`: the app's secret, encrypted (AES-GCM under a key derived from the session
//    secret); `confirmed_at` null while enrolling; `last_step` the newest time step accepted,
//    so a code is never accepted twice.
//  - `user_recovery_codes`: ten single-use codes, kept as SHA-256 hashes.
//  - `user_passkeys`: WebAuthn credentials (id and public key base64url, signature counter).
//  - `sign_in_pending`: a first factor that passed, waiting for the second; the signed
//    `__second_step` cookie's token hashes to its id. Not a session: nothing else reads it.
//  - `webauthn_challenges`: single-use challenges of passkey registration and sign-in.
//  - `settings.staff_two_factor`: staff must enrol before any dashboard page.

const STATEMENTS = [
  `create table if not exists user_totp (
  user_id integer primary key references users (id) on delete cascade,
  secret_encrypted text not null,
  confirmed_at timestamptz,
  last_step bigint,
  created_at timestamptz not null default now()
)`,
  `create table if not exists user_recovery_codes (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz
)`,
  "create index if not exists user_recovery_codes_user_idx on user_recovery_codes (user_id)",
  `create table if not exists user_passkeys (
  id text primary key,
  user_id integer not null references users (id) on delete cascade,
  public_key text not null,
  counter bigint not null default 0,
  transports text not null default '',
  name text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
)`,
  "create index if not exists user_passkeys_user_idx on user_passkeys (user_id)",
  `create table if not exists sign_in_pending (
  id text primary key,
  user_id integer not null references users (id) on delete cascade,
  redirect_to text not null default '',
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
)`,
  `create table if not exists webauthn_challenges (
  challenge text primary key,
  user_id integer references users (id) on delete cascade,
  expires_at timestamptz not null
)`,
  "alter table settings add column if not exists staff_two_factor boolean not null default false",
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("alter table settings drop column if exists staff_two_factor").execute(db);
  for (const table of ["webauthn_challenges", "sign_in_pending", "user_passkeys", "user_recovery_codes", "user_totp"]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
