import { sql, type Transaction } from "kysely";
import type { DB } from "#db/schema.ts";
import type { Language } from "#app/i18n/locales.ts";
import { pickLocalized } from "#app/platform/format/localized.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { categoryRows } from "#app/modules/taxonomy/public-terms.server.ts";
import type { CategoryField } from "./category-fields.server.ts";
import { parseFieldValue, valueColumns, type StoredFieldValue } from "./category-field-values.ts";
import type { FormField, FormFieldSet } from "./category-field-names.ts";

// The category fields' values of one advert: read for its form and its page, written when
// its owner saves it. One row per advert and field (advert_field_values).

export function formField(field: CategoryField, language: Language): FormField {
  return {
    id: field.id,
    key: field.key,
    kind: field.kind,
    required: field.required,
    label: pickLocalized(field.label_uk, field.label_en, language),
    unit: (language === "en" ? field.unit_en || field.unit_uk : field.unit_uk || field.unit_en) ?? null,
    options: field.options.map((option) => ({ value: option.value, label: pickLocalized(option.label_uk, option.label_en, language) })),
  };
}

/** The live fields of every advert category, one query (the categories come from the per-process list). */
export async function formFieldSet(language: Language): Promise<FormFieldSet> {
  const [categories, rows] = await Promise.all([
    categoryRows("advertisement"),
    getDb()
      .selectFrom("advert_fields")
      .select([
        "id",
        "category_id",
        "key",
        "kind",
        "label_uk",
        "label_en",
        "unit_uk",
        "unit_en",
        "options",
        "required",
        "position",
        "removed_at",
      ])
      .where("removed_at", "is", null)
      .orderBy("position")
      .orderBy("id")
      .execute(),
  ]);
  const parents = new Map(categories.map((category) => [category.id, category.parent_id]));
  const own = new Map<number, number[]>();
  for (const row of rows) own.set(row.category_id, [...(own.get(row.category_id) ?? []), row.id]);
  const byCategory: Record<number, number[]> = {};
  for (const category of categories) {
    // Outermost ancestor first, as categoryFields orders them.
    const lineage: number[] = [];
    for (let id: number | null | undefined = category.id; id != null && lineage.length < 16; id = parents.get(id)) lineage.unshift(id);
    const ids = lineage.flatMap((id) => own.get(id) ?? []);
    if (ids.length) byCategory[category.id] = ids;
  }
  return { fields: rows.map((row) => formField(row, language)), byCategory };
}

/** The field values a validated form gives, by field id (null: emptied). */
export function formFieldValues(
  fields: readonly CategoryField[],
  posted: Record<string, string | undefined> | undefined,
): Map<number, StoredFieldValue | null> {
  const values = new Map<number, StoredFieldValue | null>();
  for (const field of fields) {
    const parsed = parseFieldValue(field, posted?.[field.key]);
    values.set(field.id, parsed.ok ? parsed.value : null);
  }
  return values;
}

/**
 * Writes an advert's values: each given field's (an empty one deleted), and drops the values of
 * fields its category no longer has (a category change). Values of the category's removed
 * fields stay, so restoring a field brings them back.
 */
export async function saveFieldValues(
  trx: Transaction<DB>,
  advertId: number,
  categoryId: number,
  values: ReadonlyMap<number, StoredFieldValue | null>,
): Promise<void> {
  await sql`delete from advert_field_values v
    where v.advertisement_id = ${advertId}
      and v.field_id not in (
        with recursive lineage(id, depth) as (
          select id, 0 from categories where id = ${categoryId}
          union all select c.parent_id, l.depth + 1 from categories c join lineage l on c.id = l.id where c.parent_id is not null and l.depth < 16
        )
        select f.id from advert_fields f where f.category_id in (select id from lineage)
      )`.execute(trx);
  const emptied = [...values].filter(([, value]) => value === null).map(([id]) => id);
  if (emptied.length)
    await trx.deleteFrom("advert_field_values").where("advertisement_id", "=", advertId).where("field_id", "in", emptied).execute();
  const rows = [...values].flatMap(([fieldId, value]) =>
    value === null ? [] : [{ advertisement_id: advertId, field_id: fieldId, ...valueColumns(value) }],
  );
  if (!rows.length) return;
  await trx
    .insertInto("advert_field_values")
    .values(rows)
    .onConflict((oc) =>
      oc.columns(["advertisement_id", "field_id"]).doUpdateSet((eb) => ({
        number_value: eb.ref("excluded.number_value"),
        text_value: eb.ref("excluded.text_value"),
        bool_value: eb.ref("excluded.bool_value"),
        date_value: eb.ref("excluded.date_value"),
      })),
    )
    .execute();
}

/** An advert's stored values by field id, each as the form's text (dates yyyy-mm-dd, yes/no). */
export async function advertFieldTexts(advertId: number): Promise<Map<number, string>> {
  const rows = await getDb()
    .selectFrom("advert_field_values")
    .select(["field_id", "number_value", "text_value", "bool_value", sql<string | null>`to_char(date_value, 'YYYY-MM-DD')`.as("date_text")])
    .where("advertisement_id", "=", advertId)
    .execute();
  const texts = new Map<number, string>();
  for (const row of rows) {
    const text =
      row.number_value !== null
        ? String(Number(row.number_value))
        : row.bool_value !== null
          ? row.bool_value
            ? "yes"
            : "no"
          : (row.text_value ?? row.date_text);
    if (text !== null) texts.set(row.field_id, text);
  }
  return texts;
}
