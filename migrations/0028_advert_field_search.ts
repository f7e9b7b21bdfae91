import { type Kysely, sql } from "kysely";

// Advert search finds the labels of an advert's select fields in both languages ("full time"
// and "повна зайнятість" find a job advertised as full time).
//
// A generated column cannot read another table, so `advertisements.field_words` holds those
// labels, kept by statement triggers: on advert_field_values (an advert's values saved) for the
// adverts touched, and on advert_fields (staff rename an option or hide a field) for the adverts
// with a value of that field. `search_stems` is generated again with field_words at weight B
// (adverts had none), so every writer keeps the index right without code of its own.
// Both triggers also bump the adverts' content version: a number or a yes/no changed changes
// what a filtered list shows, though no word moved.
//
// Filters: a value's selectivity depends on its field (rooms = 2 is common, salary = 2 is not),
// which per-column statistics cannot see; multi-column statistics on (field_id, value) give the
// planner real row counts, so a filtered list joins the smaller set first.

const REFRESH = `create or replace function portal_refresh_field_words(ids integer[]) returns void
language plpgsql as $$
begin
  update advertisements a set field_words = w.words
  from (
    select id, coalesce((
      select string_agg(concat_ws(' ', o ->> 'label_uk', o ->> 'label_en'), ' ' order by f.position, f.id)
      from advert_field_values v
      join advert_fields f on f.id = v.field_id and f.kind = 'select' and f.removed_at is null
      cross join lateral jsonb_array_elements(f.options) o
      where v.advertisement_id = ids_.id and o ->> 'value' = v.text_value
    ), '') as words
    from unnest(ids) as ids_(id)
  ) w
  where a.id = w.id and a.field_words is distinct from w.words;
  insert into content_versions (name, version, changed_at) values ('advertisements', 1, now())
  on conflict (name) do update set version = content_versions.version + 1, changed_at = now();
end
$$`;

const VALUES_CHANGED = `create or replace function advert_field_values_words() returns trigger
language plpgsql as $$
begin
  if TG_OP = 'INSERT' then
    perform portal_refresh_field_words(array(select distinct advertisement_id from new_rows));
  elsif TG_OP = 'DELETE' then
    perform portal_refresh_field_words(array(select distinct advertisement_id from old_rows));
  else
    perform portal_refresh_field_words(array(select advertisement_id from new_rows union select advertisement_id from old_rows));
  end if;
  return null;
end
$$`;

const FIELDS_CHANGED = `create or replace function advert_fields_words() returns trigger
language plpgsql as $$
begin
  perform portal_refresh_field_words(array(
    select distinct v.advertisement_id from advert_field_values v where v.field_id in (select id from new_rows)
  ));
  return null;
end
$$`;

const STEMS = `search_stems tsvector generated always as (
  setweight(to_tsvector('simple', coalesce(title, '')), 'A')
  || setweight(to_tsvector('simple', coalesce(field_words, '')), 'B')
  || setweight(to_tsvector('simple', coalesce(description, '')), 'C')
  || portal_stems(coalesce(title, '') || ' ' || coalesce(field_words, '') || ' ' || coalesce(description, ''))
) stored`;

const OLD_STEMS = `search_stems tsvector generated always as (
  setweight(to_tsvector('simple', coalesce(title, '')), 'A')
  || setweight(to_tsvector('simple', coalesce(description, '')), 'C')
  || portal_stems(coalesce(title, '') || ' ' || coalesce(description, ''))
) stored`;

const STATISTICS = ["number", "text", "bool", "date"].map(
  (kind) =>
    `create statistics if not exists advert_field_values_${kind}_stats (mcv, dependencies) on field_id, ${kind}_value from advert_field_values`,
);

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATISTICS) await sql.raw(statement).execute(db);
  await sql.raw("alter table advertisements add column if not exists field_words text not null default ''").execute(db);
  await sql.raw(REFRESH).execute(db);
  await sql.raw(VALUES_CHANGED).execute(db);
  await sql.raw(FIELDS_CHANGED).execute(db);
  for (const [event, table] of [
    ["insert", "new table as new_rows"],
    ["update", "old table as old_rows new table as new_rows"],
    ["delete", "old table as old_rows"],
  ] as const) {
    await sql
      .raw(
        `create trigger advert_field_values_words_${event} after ${event} on advert_field_values
        referencing ${table} for each statement execute function advert_field_values_words()`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `create trigger advert_fields_words after update on advert_fields
      referencing new table as new_rows for each statement execute function advert_fields_words()`,
    )
    .execute(db);
  await sql.raw("alter table advertisements drop column search_stems").execute(db);
  await sql.raw(`alter table advertisements add column ${STEMS}`).execute(db);
  await sql.raw("create index advertisements_search_stems_idx on advertisements using gin (search_stems)").execute(db);
  await sql.raw("select portal_refresh_field_words(array(select distinct advertisement_id from advert_field_values))").execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const kind of ["number", "text", "bool", "date"])
    await sql.raw(`drop statistics if exists advert_field_values_${kind}_stats`).execute(db);
  await sql.raw("alter table advertisements drop column search_stems").execute(db);
  await sql.raw(`alter table advertisements add column ${OLD_STEMS}`).execute(db);
  await sql.raw("create index advertisements_search_stems_idx on advertisements using gin (search_stems)").execute(db);
  for (const event of ["insert", "update", "delete"])
    await sql.raw(`drop trigger if exists advert_field_values_words_${event} on advert_field_values`).execute(db);
  await sql.raw("drop trigger if exists advert_fields_words on advert_fields").execute(db);
  await sql.raw("drop function if exists advert_fields_words()").execute(db);
  await sql.raw("drop function if exists advert_field_values_words()").execute(db);
  await sql.raw("drop function if exists portal_refresh_field_words(integer[])").execute(db);
  await sql.raw("alter table advertisements drop column if exists field_words").execute(db);
}
