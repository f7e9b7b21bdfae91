import { type Kysely, sql } from "kysely";

// Fields per advert category, defined by staff (salary, rooms, year…):
//  - advert_fields: a category's fields; a category also shows its ancestors' fields, so
//    "rent" defined on Housing applies to Flats and Rooms. `key` is the field's stable name
//    in URLs and forms. `removed_at` hides a field without losing the values stored for it
//    (staff can restore it).
//  - advert_field_values: one row per advert and field, the value in the column of its kind.
//    Filters look a value up by field first: the partial indexes lead with field_id and end
//    with the advert id, so a range or an equality finds the matching adverts in the index.

const STATEMENTS = [
  `create table if not exists advert_fields (
  id integer generated always as identity primary key,
  category_id integer not null references categories(id) on delete cascade,
  key text not null check (key ~ '^[a-z][a-z0-9_]{0,39}$'),
  kind text not null check (kind in ('number', 'select', 'boolean', 'date', 'text')),
  label_uk text not null,
  label_en text,
  unit_uk text,
  unit_en text,
  options jsonb not null default '[]'::jsonb,
  required boolean not null default false,
  position integer not null default 0,
  removed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (category_id, key)
)`,
  "create index if not exists advert_fields_category_idx on advert_fields (category_id, position)",
  `create table if not exists advert_field_values (
  advertisement_id integer not null references advertisements(id) on delete cascade,
  field_id integer not null references advert_fields(id) on delete cascade,
  number_value numeric,
  text_value text,
  bool_value boolean,
  date_value date,
  primary key (advertisement_id, field_id)
)`,
  "create index if not exists advert_field_values_number_idx on advert_field_values (field_id, number_value, advertisement_id) where number_value is not null",
  "create index if not exists advert_field_values_text_idx on advert_field_values (field_id, text_value, advertisement_id) where text_value is not null",
  "create index if not exists advert_field_values_bool_idx on advert_field_values (field_id, bool_value, advertisement_id) where bool_value is not null",
  "create index if not exists advert_field_values_date_idx on advert_field_values (field_id, date_value, advertisement_id) where date_value is not null",
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("drop table if exists advert_field_values").execute(db);
  await sql.raw("drop table if exists advert_fields").execute(db);
}
