import { sql, type Transaction } from "kysely";
import type { AdvertFieldKind, AdvertFieldOption, DB } from "#db/schema.ts";
import { recordAudit, recordReorder } from "#app/modules/audit/audit.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { CATEGORY_FIELD_COLUMNS, categoryFields, type CategoryField } from "./category-fields.server.ts";
import { moveAndRenumber, nextPosition } from "#app/platform/lists/ordering.server.ts";

// Staff's editing of an advert category's fields: define, change, reorder, remove (hidden,
// values kept) and restore. Every change is audited on the category, like its other edits.

export type FieldDefinition = {
  key: string;
  kind: AdvertFieldKind;
  label_uk: string;
  label_en: string;
  unit_uk: string | null;
  unit_en: string | null;
  options: AdvertFieldOption[];
  required: boolean;
};

export type FieldEditResult = { ok: true; id: number } | { ok: false; field: string; message: string };

/** A category's own fields, removed ones included, in staff's order, each with how many adverts hold a value. */
export async function ownFields(categoryId: number) {
  const rows = await getDb()
    .selectFrom("advert_fields as f")
    .select(CATEGORY_FIELD_COLUMNS)
    .select(sql<number>`(select count(*)::int from advert_field_values v where v.field_id = f.id)`.as("values"))
    .where("f.category_id", "=", categoryId)
    .orderBy("f.position")
    .orderBy("f.id")
    .execute();
  return rows.map((row) => ({ ...row, values: Number(row.values) }));
}

/** The keys a new field of this category may not take: its ancestors' and descendants' (they show together). */
async function keysInLineage(trx: Transaction<DB>, categoryId: number): Promise<Set<string>> {
  const { rows } = await sql<{ key: string }>`
    with recursive up(id, depth) as (
      select id, 0 from categories where id = ${categoryId}
      union all select c.parent_id, up.depth + 1 from categories c join up on c.id = up.id where c.parent_id is not null and up.depth < 16
    ), down(id, depth) as (
      select id, 0 from categories where id = ${categoryId}
      union all select c.id, down.depth + 1 from categories c join down on c.parent_id = down.id where down.depth < 16
    )
    select key from advert_fields where category_id in (select id from up union select id from down)`.execute(trx);
  return new Set(rows.map((row) => row.key));
}

const audited = (field: Pick<FieldDefinition, "key" | "kind" | "label_uk" | "label_en" | "required">) => ({
  field: field.key,
  kind: field.kind,
  label_uk: field.label_uk,
  label_en: field.label_en,
  required: field.required,
});

export async function createField(categoryId: number, input: FieldDefinition, actorId: number): Promise<FieldEditResult> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      // One definer at a time per category: the key check and the position hold.
      await trx.selectFrom("categories").select("id").where("id", "=", categoryId).forUpdate().executeTakeFirst();
      if ((await keysInLineage(trx, categoryId)).has(input.key))
        return { ok: false, field: "key", message: "fields:editor.errors.key_taken" };
      const position = await nextPosition(trx, "advert_fields", { column: "category_id", value: categoryId });
      const row = await trx
        .insertInto("advert_fields")
        .values({ ...input, options: JSON.stringify(input.options), category_id: categoryId, position })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAudit(trx, { actorId, action: "create", entityType: "category", entityId: categoryId, after: audited(input) });
      return { ok: true, id: row.id };
    });
}

/**
 * Changes a field's labels, unit, options and whether it is required; its key stays (URLs and
 * saved searches name it). Another kind is refused while adverts hold a value of the old one,
 * and so is dropping an option some advert has chosen.
 */
export async function updateField(
  categoryId: number,
  id: number,
  input: Omit<FieldDefinition, "key">,
  actorId: number,
): Promise<FieldEditResult | null> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const current = await trx
        .selectFrom("advert_fields")
        .selectAll()
        .where("id", "=", id)
        .where("category_id", "=", categoryId)
        .forUpdate()
        .executeTakeFirst();
      if (!current) return null;
      if (current.kind !== input.kind) {
        const used = await trx.selectFrom("advert_field_values").select("field_id").where("field_id", "=", id).limit(1).executeTakeFirst();
        if (used) return { ok: false, field: "kind", message: "fields:editor.errors.kind_in_use" };
      }
      if (input.kind === "select" && current.kind === "select") {
        const kept = new Set(input.options.map((option) => option.value));
        const chosen = await trx.selectFrom("advert_field_values").select("text_value").distinct().where("field_id", "=", id).execute();
        const dropped = chosen.map((row) => row.text_value).filter((value): value is string => value !== null && !kept.has(value));
        if (dropped.length)
          return {
            ok: false,
            field: "options",
            message: `fields:editor.errors.option_in_use|${JSON.stringify({ values: dropped.join(", ") })}`,
          };
      }
      await trx
        .updateTable("advert_fields")
        .set({ ...input, options: JSON.stringify(input.options), updated_at: sql`now()` })
        .where("id", "=", id)
        .execute();
      const before = audited({ ...current, label_en: current.label_en ?? "" });
      const after = audited({ ...input, key: current.key });
      await recordAudit(trx, { actorId, action: "update", entityType: "category", entityId: categoryId, before, after });
      return { ok: true, id };
    });
}

/** Hides a field (`removed`) or shows it again; its stored values stay either way. */
export async function setFieldRemoved(categoryId: number, id: number, removed: boolean, actorId: number): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .updateTable("advert_fields")
        .set({ removed_at: removed ? sql`now()` : null, updated_at: sql`now()` })
        .where("id", "=", id)
        .where("category_id", "=", categoryId)
        .returning("key")
        .executeTakeFirst();
      if (!row) return false;
      await recordAudit(trx, {
        actorId,
        action: removed ? "hide" : "restore",
        entityType: "category",
        entityId: categoryId,
        after: { field: row.key },
      });
      return true;
    });
}

/** Moves a field one place up or down among the category's own fields. */
export async function moveField(categoryId: number, id: number, direction: "up" | "down", actorId: number): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const siblings = await trx
        .selectFrom("advert_fields")
        .select(["id", "key"])
        .where("category_id", "=", categoryId)
        .orderBy("position")
        .orderBy("id")
        .forUpdate()
        .execute();
      const moved = await moveAndRenumber(trx, "advert_fields", siblings, id, direction);
      if (!moved) return false;
      const field = siblings[moved.from]!.key;
      await recordReorder(trx, { actorId, entityType: "category", entityId: categoryId }, moved, { field });
      return true;
    });
}

/** The fields the category inherits from its ancestors (read-only in its editor). */
export async function inheritedFields(categoryId: number): Promise<CategoryField[]> {
  return (await categoryFields(categoryId)).filter((field) => field.category_id !== categoryId);
}
