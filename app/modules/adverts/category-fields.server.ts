import { sql, type Selectable } from "kysely";
import type { DB } from "#db/schema.ts";
import { getDb } from "#app/platform/db/db.server.ts";

// Fields staff define per advert category (salary, rooms, year…). A category shows its own
// fields after those of its ancestors, so a field defined on Housing applies to Rooms too.
// The form, the advert page, the list's filters and saved searches all start from this list.

export type CategoryField = Omit<Selectable<DB["advert_fields"]>, "created_at" | "updated_at">;

/** The columns of a CategoryField, for every query that reads fields (`f` is advert_fields). */
export const CATEGORY_FIELD_COLUMNS = [
  "f.id",
  "f.category_id",
  "f.key",
  "f.kind",
  "f.label_uk",
  "f.label_en",
  "f.unit_uk",
  "f.unit_en",
  "f.options",
  "f.required",
  "f.position",
  "f.removed_at",
] as const;

/**
 * The live fields of `categoryId` and its ancestors: ancestors' first (outermost first), then
 * each category's own in staff's order. `withRemoved` adds the hidden ones (staff's editor).
 */
export async function categoryFields(categoryId: number, options: { withRemoved?: boolean } = {}): Promise<CategoryField[]> {
  let query = getDb()
    .withRecursive("lineage(id, parent_id, depth)", (db) =>
      db
        .selectFrom("categories")
        .select(["id", "parent_id", sql<number>`0`.as("depth")])
        .where("id", "=", categoryId)
        .where("kind", "=", "advertisement")
        .unionAll((up) =>
          up
            .selectFrom("categories as c")
            .innerJoin("lineage as l", "l.parent_id", "c.id")
            // A cycle is refused when staff edit, but a bounded walk costs nothing.
            .where("l.depth", "<", 16)
            .select(["c.id", "c.parent_id", sql<number>`l.depth + 1`.as("depth")]),
        ),
    )
    .selectFrom("advert_fields as f")
    .innerJoin("lineage", "lineage.id", "f.category_id")
    .select(CATEGORY_FIELD_COLUMNS)
    .orderBy("lineage.depth", "desc")
    .orderBy("f.position")
    .orderBy("f.id");
  if (!options.withRemoved) query = query.where("f.removed_at", "is", null);
  return query.execute();
}
