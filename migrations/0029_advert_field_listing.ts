import { type Kysely, sql } from "kysely";

// A category list filtered by fields is answered from the values alone: each value row carries
// a copy of what the list asks of its advert — the category and place, when it is listed (its
// publication time while published and not deleted, else null), its expiry, where it stands
// in the list (raised_at) and its price as the list sorts it. Expiry stays a read-time
// comparison with now() (nothing writes it when it passes), so the copies never go stale with
// the clock; triggers keep them on every write of either table, so no writer needs code of
// its own. The expressions are the where-builder's (adverts/queries.server.ts: LIVE_ADVERT,
// ORDER_COLUMNS); a change there is a change here.
//
// The indexes lead with (field_id, category_id, value) and include the rest: a filter's
// matches, their liveness and their list order are read index-only, and advertisements are
// read only for the page's 24 (the where-builder's authoritative check). A filter most
// adverts pass is paged better the other way: walking one field's listed values in list
// order (advert_field_values_listed_order_idx, values included) until 24 pass.
// The planner picks between the two by how many values a filter passes, so 0028's statistics
// on (field_id, value) now include category_id (a field's values span a category and its
// children), with room for every (field, category, value) of the bench data (target 2000).

/** The copied columns: name, type, and the expression on the advert's row. */
const COPIES = [
  ["category_id", "integer", (row: string) => `${row}.category_id`],
  ["location_id", "integer", (row: string) => `${row}.location_id`],
  [
    "listed_at",
    "timestamptz",
    (row: string) => `case when ${row}.status = 'published' and ${row}.deleted_at is null then ${row}.published_at end`,
  ],
  ["expires_at", "timestamptz", (row: string) => `${row}.expires_at`],
  ["raised_at", "timestamptz", (row: string) => `${row}.raised_at`],
  ["sort_price", "numeric", (row: string) => `case ${row}.price_kind when 'free' then 0 when 'amount' then ${row}.price_amount end`],
] as const;

/** The advert's columns the copies read: a change to any of them rewrites its values' copies. */
const READ = [
  "category_id",
  "location_id",
  "status",
  "deleted_at",
  "published_at",
  "expires_at",
  "raised_at",
  "price_kind",
  "price_amount",
];

const KINDS = ["number", "text", "bool", "date"] as const;

const COPY_ON_VALUE = `create or replace function advert_field_values_copy_advert() returns trigger
language plpgsql as $$
begin
  select ${COPIES.map(([, , value]) => value("a")).join(", ")}
    into ${COPIES.map(([name]) => `new.${name}`).join(", ")}
    from advertisements a where a.id = new.advertisement_id
    -- an advert changing meanwhile waits, or is read as it ends up: the copy is never of a stale row
    for share;
  return new;
end
$$`;

const COPY_ON_ADVERT = `create or replace function advertisements_copy_to_field_values() returns trigger
language plpgsql as $$
begin
  update advert_field_values v
    set ${COPIES.map(([name, , value]) => `${name} = ${value("new")}`).join(", ")}
    where v.advertisement_id = new.id;
  return null;
end
$$`;

// 0028's words trigger, now only for the adverts whose values changed: the copies above moving
// (a status change, a raise) change no word and would bump the adverts' version a second time.
const VALUES_CHANGED = `create or replace function advert_field_values_words() returns trigger
language plpgsql as $$
declare
  changed integer[];
begin
  if TG_OP = 'INSERT' then
    changed := array(select distinct advertisement_id from new_rows);
  elsif TG_OP = 'DELETE' then
    changed := array(select distinct advertisement_id from old_rows);
  else
    changed := array(
      select n.advertisement_id from new_rows n
      left join old_rows o on o.advertisement_id = n.advertisement_id and o.field_id = n.field_id
      where o.field_id is null
        or (n.number_value, n.text_value, n.bool_value, n.date_value) is distinct from (o.number_value, o.text_value, o.bool_value, o.date_value)
      union select o.advertisement_id from old_rows o
      where not exists (select 1 from new_rows n where n.advertisement_id = o.advertisement_id and n.field_id = o.field_id)
    );
    if cardinality(changed) = 0 then return null; end if;
  end if;
  perform portal_refresh_field_words(changed);
  return null;
end
$$`;

const OLD_VALUES_CHANGED = `create or replace function advert_field_values_words() returns trigger
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

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, type] of COPIES) await sql.raw(`alter table advert_field_values add column if not exists ${name} ${type}`).execute(db);
  await sql.raw(VALUES_CHANGED).execute(db);
  await sql.raw(COPY_ON_VALUE).execute(db);
  await sql.raw(COPY_ON_ADVERT).execute(db);
  await sql
    .raw(
      `create trigger advert_field_values_copy_advert before insert or update of advertisement_id on advert_field_values
      for each row execute function advert_field_values_copy_advert()`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger advertisements_copy_to_field_values after update of ${READ.join(", ")} on advertisements for each row
      when ((${READ.map((name) => `old.${name}`).join(", ")}) is distinct from (${READ.map((name) => `new.${name}`).join(", ")}))
      execute function advertisements_copy_to_field_values()`,
    )
    .execute(db);
  await sql
    .raw(
      `update advert_field_values v set ${COPIES.map(([name, , value]) => `${name} = ${value("a")}`).join(", ")}
      from advertisements a where a.id = v.advertisement_id`,
    )
    .execute(db);
  for (const kind of KINDS) {
    await sql.raw(`drop index if exists advert_field_values_${kind}_idx`).execute(db);
    await sql
      .raw(
        `create index advert_field_values_listed_${kind}_idx on advert_field_values (field_id, category_id, ${kind}_value)
        include (advertisement_id, location_id, listed_at, expires_at, raised_at, sort_price) where ${kind}_value is not null and listed_at is not null`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `create index advert_field_values_listed_order_idx on advert_field_values (field_id, raised_at desc, advertisement_id desc)
      include (category_id, location_id, listed_at, expires_at, number_value, text_value, bool_value, date_value) where listed_at is not null`,
    )
    .execute(db);
  // The staff's field editor counts and lists a field's values, listed or not.
  await sql.raw("create index advert_field_values_field_idx on advert_field_values (field_id)").execute(db);
  for (const kind of KINDS) {
    await sql.raw(`drop statistics if exists advert_field_values_${kind}_stats`).execute(db);
    await sql
      .raw(
        `create statistics advert_field_values_${kind}_stats (mcv, dependencies) on field_id, category_id, ${kind}_value from advert_field_values`,
      )
      .execute(db);
    await sql.raw(`alter statistics advert_field_values_${kind}_stats set statistics 2000`).execute(db);
  }
  // Statistics for the data there is; an empty table is left unanalysed, as before: analysed
  // empty, the planner sizes it from that until the next analyse, and the words trigger's
  // per-advert lookups during a first bulk load turn into scans of the whole table.
  const { rows } = await sql<{ filled: boolean }>`select exists (select 1 from advert_field_values) as filled`.execute(db);
  if (rows[0]?.filled) await sql.raw("analyze advert_field_values").execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const kind of KINDS) {
    await sql.raw(`drop statistics if exists advert_field_values_${kind}_stats`).execute(db);
    await sql
      .raw(`create statistics advert_field_values_${kind}_stats (mcv, dependencies) on field_id, ${kind}_value from advert_field_values`)
      .execute(db);
  }
  await sql.raw("drop index if exists advert_field_values_listed_order_idx").execute(db);
  await sql.raw("drop index if exists advert_field_values_field_idx").execute(db);
  for (const kind of KINDS) {
    await sql.raw(`drop index if exists advert_field_values_listed_${kind}_idx`).execute(db);
    await sql
      .raw(
        `create index if not exists advert_field_values_${kind}_idx on advert_field_values (field_id, ${kind}_value, advertisement_id) where ${kind}_value is not null`,
      )
      .execute(db);
  }
  await sql.raw("drop trigger if exists advertisements_copy_to_field_values on advertisements").execute(db);
  await sql.raw("drop trigger if exists advert_field_values_copy_advert on advert_field_values").execute(db);
  await sql.raw("drop function if exists advertisements_copy_to_field_values()").execute(db);
  await sql.raw("drop function if exists advert_field_values_copy_advert()").execute(db);
  await sql.raw(OLD_VALUES_CHANGED).execute(db);
  for (const [name] of COPIES) await sql.raw(`alter table advert_field_values drop column if exists ${name}`).execute(db);
}
