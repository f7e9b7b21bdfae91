import { type Kysely, sql } from "kysely";

// Events, services and organisations sent in by signed-in users (docs/adr/0016-community-submissions.md).
// A submission is a row of the type's own table, kept a draft (so never public) until staff
// approve it, which publishes it:
//  - `submitted_by`: the user who sent it (null for staff-written items, and once the user is gone).
//  - `submission_state`: pending, approved or rejected; null for staff-written items.
//  - `rejection_reason`: what staff told the user when rejecting it.

const TABLES = ["posters", "services", "diaspors"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql
      .raw(`alter table ${table} add column if not exists submitted_by integer references users (id) on delete set null`)
      .execute(db);
    await sql
      .raw(
        `alter table ${table} add column if not exists submission_state text check (submission_state in ('pending', 'approved', 'rejected'))`,
      )
      .execute(db);
    await sql.raw(`alter table ${table} add column if not exists rejection_reason text`).execute(db);
    // The cabinet's list and the daily cap read a user's submissions; the queue reads the pending ones.
    await sql
      .raw(`create index if not exists ${table}_submitted_by_idx on ${table} (submitted_by, created_at) where submitted_by is not null`)
      .execute(db);
    await sql
      .raw(`create index if not exists ${table}_pending_idx on ${table} (created_at) where submission_state = 'pending'`)
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql.raw(`drop index if exists ${table}_pending_idx`).execute(db);
    await sql.raw(`drop index if exists ${table}_submitted_by_idx`).execute(db);
    await sql.raw(`alter table ${table} drop column if exists rejection_reason`).execute(db);
    await sql.raw(`alter table ${table} drop column if exists submission_state`).execute(db);
    await sql.raw(`alter table ${table} drop column if exists submitted_by`).execute(db);
  }
}
