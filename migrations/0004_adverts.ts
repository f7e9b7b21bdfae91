import { type Kysely, sql } from "kysely";

// Adverts: photos uploaded through the advert form before the advert is saved.
//
// A photo is stored (decoded, stripped, webp variants) the moment its form is posted, so a
// failed submit keeps it: its image id travels back in a hidden field. Until an advert
// takes it, the image has a row here, which says who uploaded it (only that user may attach
// it) and when (unclaimed uploads are deleted after a day). Attaching deletes the row.

const statements: string[] = [
  `create table advert_uploads (
  image_id integer primary key references images (id) on delete cascade,
  owner_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null default now()
)`,
  "create index advert_uploads_owner_id_idx on advert_uploads (owner_id, created_at)",
  "create index advert_uploads_created_at_idx on advert_uploads (created_at)",
  // The cabinet list and the per-user daily limit read a user's adverts newest first.
  "create index advertisements_owner_created_idx on advertisements (owner_id, created_at desc)",
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("drop index if exists advertisements_owner_created_idx").execute(db);
  await sql.raw("drop table if exists advert_uploads").execute(db);
}
