import { type Kysely, sql } from "kysely";

// Public content: what the anonymous page cache and the search need.
//
// 1. content_versions: one counter per table that public pages are built from, bumped by
//    statement-level triggers. Every app process polls it (app/modules/listing/page-cache)
//    so that a change made anywhere invalidates every process's cached pages. Updates that
//    only touch counters (views, impressions, clicks) do not bump it: the update triggers
//    compare the changed rows without those columns (so columns added later count too).
// 2. search_terms: the distinct words of the titles of each searchable type, with a
//    trigram index, to correct a misspelt query word to the nearest real one.
// 3. Indexes for the public lists, the search candidates and the cache's "next change".

/** Columns whose change never alters what a public page shows (counters, derived or bookkeeping). */
const IGNORED_COLUMNS = ["view_count", "impression_count", "click_count", "phone_reveal_count", "search_vector", "updated_at"];

/** Tables public pages read, and which changes matter: "all", or only updates (images). */
export const VERSIONED_TABLES: Record<string, "all" | "update"> = {
  news: "all",
  news_tags: "all",
  posters: "all",
  poster_tags: "all",
  services: "all",
  diaspors: "all",
  reklama: "all",
  pages: "all",
  categories: "all",
  tags: "all",
  locations: "all",
  settings: "all",
  // A new image shows only once content refers to it (that bumps the content's table).
  images: "update",
  advertisements: "all",
  advertisement_images: "all",
};

/** Searchable types: the `kind` in search_terms and the title expression its words come from. */
export const SEARCH_TITLES: Record<string, { table: string; title: string }> = {
  novyny: { table: "news", title: "coalesce(title_uk, '') || ' ' || coalesce(title_en, '')" },
  poster: { table: "posters", title: "coalesce(title_uk, '') || ' ' || coalesce(title_en, '')" },
  services: { table: "services", title: "coalesce(name_uk, '') || ' ' || coalesce(name_en, '')" },
  diaspors: { table: "diaspors", title: "coalesce(name_uk, '') || ' ' || coalesce(name_en, '')" },
  advertisement: { table: "advertisements", title: "title" },
};

/** The words of a title as the search indexes them (same parser and config as search_vector). */
function titleTerms(kind: string, title: string, from: string): string {
  return `select distinct '${kind}', term from ${from}, unnest(tsvector_to_array(to_tsvector('simple', ${title}))) as term
    where char_length(term) between 3 and 40`;
}

/**
 * (Re)creates the version triggers of `table`. Inserts and deletes always count; an update
 * counts when it changed a row in any column but the ignored ones (compared through transition
 * tables, so columns added by later migrations count without calling this again). Tables
 * without an `id` count every update.
 */
export async function installVersionTriggers(db: Kysely<any>, table: string, mode: "all" | "update"): Promise<void> {
  await sql.raw(`drop trigger if exists ${table}_version_change on ${table}`).execute(db);
  await sql.raw(`drop trigger if exists ${table}_version_update on ${table}`).execute(db);
  const { rows } = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and column_name = 'id'`.execute(db);
  if (mode === "all") {
    await sql
      .raw(
        `create trigger ${table}_version_change after insert or delete or truncate on ${table}
        for each statement execute function bump_content_version()`,
      )
      .execute(db);
  }
  const update =
    rows.length > 0
      ? `create trigger ${table}_version_update after update on ${table}
          referencing old table as old_rows new table as new_rows
          for each statement execute function bump_content_version_if_changed()`
      : `create trigger ${table}_version_update after update on ${table}
          for each statement execute function bump_content_version()`;
  await sql.raw(update).execute(db);
}

const IGNORED_SQL = `array[${IGNORED_COLUMNS.map((column) => `'${column}'`).join(", ")}]`;

const statements: string[] = [
  `create table content_versions (
  name text primary key,
  version bigint not null default 0,
  changed_at timestamptz not null default now()
)`,
  `create function bump_content_version() returns trigger language plpgsql as $$
begin
  insert into content_versions (name, version, changed_at) values (TG_TABLE_NAME, 1, now())
  on conflict (name) do update set version = content_versions.version + 1, changed_at = now();
  return null;
end
$$`,

  `create function bump_content_version_if_changed() returns trigger language plpgsql as $$
begin
  if exists (
    select 1 from old_rows o join new_rows n on n.id = o.id
    where (to_jsonb(o) - ${IGNORED_SQL}::text[]) is distinct from (to_jsonb(n) - ${IGNORED_SQL}::text[])
  ) then
    insert into content_versions (name, version, changed_at) values (TG_TABLE_NAME, 1, now())
    on conflict (name) do update set version = content_versions.version + 1, changed_at = now();
  end if;
  return null;
end
$$`,

  `create table search_terms (
  kind text not null,
  term text collate "C" not null,
  primary key (kind, term)
)`,
  "create index search_terms_trgm_idx on search_terms using gist (term gist_trgm_ops)",

  // Posters: "upcoming" means not yet over; lists sort and split on this expression.
  "create index posters_upcoming_idx on posters ((coalesce(ends_at, starts_at))) where deleted_at is null",
  // Newest published adverts first (search candidates, home teaser); the list index leads with expires_at.
  "create index advertisements_published_at_idx on advertisements (published_at desc) where status = 'published'",
  "create index reklama_ends_at_idx on reklama (ends_at) where status = 'published' and deleted_at is null",
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  for (const [table, mode] of Object.entries(VERSIONED_TABLES)) {
    await sql`insert into content_versions (name) values (${table})`.execute(db);
    await installVersionTriggers(db, table, mode);
  }
  for (const [kind, { table, title }] of Object.entries(SEARCH_TITLES)) {
    const fn = `search_terms_${table}`;
    await sql
      .raw(
        `create function ${fn}() returns trigger language plpgsql as $$
begin
  insert into search_terms (kind, term) ${titleTerms(kind, title, "new_rows")}
  on conflict do nothing;
  return null;
end
$$`,
      )
      .execute(db);
    for (const event of ["insert", "update"]) {
      await sql
        .raw(
          `create trigger ${table}_search_terms_${event} after ${event} on ${table}
          referencing new table as new_rows for each statement execute function ${fn}()`,
        )
        .execute(db);
    }
    await sql.raw(`insert into search_terms (kind, term) ${titleTerms(kind, title, table)} on conflict do nothing`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table } of Object.values(SEARCH_TITLES)) {
    for (const event of ["insert", "update"]) {
      await sql.raw(`drop trigger if exists ${table}_search_terms_${event} on ${table}`).execute(db);
    }
    await sql.raw(`drop function if exists search_terms_${table}()`).execute(db);
  }
  for (const table of Object.keys(VERSIONED_TABLES)) {
    await sql.raw(`drop trigger if exists ${table}_version_change on ${table}`).execute(db);
    await sql.raw(`drop trigger if exists ${table}_version_update on ${table}`).execute(db);
  }
  await sql.raw("drop index if exists reklama_ends_at_idx").execute(db);
  await sql.raw("drop index if exists advertisements_published_at_idx").execute(db);
  await sql.raw("drop index if exists posters_upcoming_idx").execute(db);
  await sql.raw("drop table if exists search_terms").execute(db);
  await sql.raw("drop function if exists bump_content_version_if_changed()").execute(db);
  await sql.raw("drop function if exists bump_content_version()").execute(db);
  await sql.raw("drop table if exists content_versions").execute(db);
}
