import { type Kysely, sql } from "kysely";

// Public pages show a little of a user: the author's name under an article, the seller's name
// and link on an advert. A change to what they show (the name, the public id, a block) bumps
// the `users` content version, so those kept pages are rebuilt; a change to anything else
// (password, email, mail choices, digests) leaves them alone.

const STATEMENTS = [
  `insert into content_versions (name) values ('users') on conflict (name) do nothing`,
  `create trigger users_version_update after update of name, public_id, blocked_at on users
  for each row when (old.name is distinct from new.name or old.public_id is distinct from new.public_id
    or old.blocked_at is distinct from new.blocked_at)
  execute function bump_content_version()`,
  `create trigger users_version_delete after delete on users
  for each statement execute function bump_content_version()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("drop trigger if exists users_version_delete on users").execute(db);
  await sql.raw("drop trigger if exists users_version_update on users").execute(db);
  await sql.raw("delete from content_versions where name = 'users'").execute(db);
}
