import { sql, type RawBuilder, type Transaction } from "kysely";
import type { CategoryKind, DB } from "#db/schema.ts";
import { changedFields, recordAudit, recordReorder } from "#app/modules/audit/audit.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { refuseDuplicates, type FieldRefusal } from "#app/platform/http/unique-violation.ts";
import { slugify } from "#app/platform/slug/transliterate.ts";
import { CATEGORY_CONTENT } from "#app/modules/staff-content/registry.ts";
import { moveAndRenumber, nextPosition } from "#app/platform/lists/ordering.server.ts";

// Categories of the content types with a category kind (the registry): create, rename (uk, en), reorder
// among their siblings, delete only when no item (in any state, trash included) and no
// subcategory uses them. Every change is audited as entity type `category`.

export type CategoryInput = { name_uk: string; name_en: string | null; slug: string | null; parent_id: number | null };
export type TaxonomyResult = { ok: true; id: number } | FieldRefusal;

export type CategoryRow = {
  id: number;
  slug: string;
  name_uk: string;
  name_en: string | null;
  parent_id: number | null;
  position: number;
  items: number;
  children: number;
};

export async function listCategories(kind: CategoryKind): Promise<CategoryRow[]> {
  const table = CATEGORY_CONTENT[kind];
  const rows = await getDb()
    .selectFrom("categories as c")
    .select([
      "c.id",
      "c.slug",
      "c.name_uk",
      "c.name_en",
      "c.parent_id",
      "c.position",
      sql<number>`(select count(*)::int from ${sql.table(table)} where category_id = c.id)`.as("items"),
      sql<number>`(select count(*)::int from categories child where child.parent_id = c.id)`.as("children"),
    ])
    .where("c.kind", "=", kind)
    .orderBy("c.position")
    .orderBy("c.name_uk")
    .execute();
  return rows.map((row) => ({ ...row, items: Number(row.items), children: Number(row.children) }));
}

export async function findCategory(kind: CategoryKind, id: number) {
  return getDb().selectFrom("categories").selectAll().where("kind", "=", kind).where("id", "=", id).executeTakeFirst();
}

/** The category, locked for the rest of the transaction. */
async function lockCategory(trx: Transaction<DB>, kind: CategoryKind, id: number) {
  return trx.selectFrom("categories").selectAll().where("kind", "=", kind).where("id", "=", id).forUpdate().executeTakeFirst();
}

/** The (kind, slug) unique key: a write that lost the race to another one with the same slug. */
const SLUG_TAKEN_ON_WRITE = { categories_kind_slug_key: { field: "slug", message: "admin:errors.slug_taken" } };

async function checkInput(
  kind: CategoryKind,
  input: CategoryInput,
  id?: number,
): Promise<{ slug: string } | { field: string; message: string }> {
  const slug = input.slug || slugify(input.name_uk);
  if (!slug) return { field: "slug", message: "admin:errors.slug" };
  const taken = await getDb()
    .selectFrom("categories")
    .select("id")
    .where("kind", "=", kind)
    .where("slug", "=", slug)
    .$if(Boolean(id), (qb) => qb.where("id", "<>", id!))
    .executeTakeFirst();
  if (taken) return { field: "slug", message: "admin:errors.slug_taken" };
  if (input.parent_id !== null) {
    if (input.parent_id === id) return { field: "parent_id", message: "admin:errors.parent_cycle" };
    const parent = await findCategory(kind, input.parent_id);
    if (!parent) return { field: "parent_id", message: "admin:errors.choice" };
    // A category may not move under its own descendant.
    let ancestor: number | null = parent.parent_id;
    for (let depth = 0; ancestor !== null && depth < 50; depth++) {
      if (ancestor === id) return { field: "parent_id", message: "admin:errors.parent_cycle" };
      ancestor = (await findCategory(kind, ancestor))?.parent_id ?? null;
    }
  }
  return { slug };
}

export async function createCategory(kind: CategoryKind, input: CategoryInput, actorId: number): Promise<TaxonomyResult> {
  const checked = await checkInput(kind, input);
  if ("field" in checked) return { ok: false, ...checked };
  const write = getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto("categories")
        .values({
          kind,
          slug: checked.slug,
          name_uk: input.name_uk,
          name_en: input.name_en,
          parent_id: input.parent_id,
          position: await nextPosition(trx, "categories", { column: "kind", value: kind }),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        actorId,
        action: "create",
        entityType: "category",
        entityId: row.id,
        after: { kind, slug: row.slug, name_uk: row.name_uk, name_en: row.name_en },
      });
      return { ok: true as const, id: row.id };
    });
  return refuseDuplicates(write, SLUG_TAKEN_ON_WRITE);
}

export async function updateCategory(kind: CategoryKind, id: number, input: CategoryInput, actorId: number): Promise<TaxonomyResult> {
  const current = await findCategory(kind, id);
  if (!current) return { ok: false, field: "", message: "admin:errors.not_found" };
  const checked = await checkInput(kind, input, id);
  if ("field" in checked) return { ok: false, ...checked };
  const values = { slug: checked.slug, name_uk: input.name_uk, name_en: input.name_en, parent_id: input.parent_id };
  const write = getDb()
    .transaction()
    .execute(async (trx) => {
      await trx
        .updateTable("categories")
        .set({ ...values, updated_at: sql`now()` })
        .where("id", "=", id)
        .execute();
      const diff = changedFields(current, values);
      if (Object.keys(diff.after).length)
        await recordAudit(trx, { actorId, action: "rename", entityType: "category", entityId: id, ...diff });
      return { ok: true as const, id };
    });
  return refuseDuplicates(write, SLUG_TAKEN_ON_WRITE);
}

/** Moves a category one place up or down among its siblings. */
export async function moveCategory(kind: CategoryKind, id: number, direction: "up" | "down", actorId: number): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const current = await lockCategory(trx, kind, id);
      if (!current) return false;
      const siblings = await trx
        .selectFrom("categories")
        .select(["id", "position"])
        .where("kind", "=", kind)
        .where((eb) => (current.parent_id === null ? eb("parent_id", "is", null) : eb("parent_id", "=", current.parent_id)))
        .orderBy("position")
        .orderBy("name_uk")
        .forUpdate()
        .execute();
      const moved = await moveAndRenumber(trx, "categories", siblings, id, direction);
      if (!moved) return false;
      await recordReorder(trx, { actorId, entityType: "category", entityId: id }, moved);
      return true;
    });
}

export type DeleteOutcome = "deleted" | "in_use" | "missing";

/**
 * Deletes a category, tag or location in one transaction: "missing" when `lock` finds no row,
 * "in_use" when one of `uses()` (exists-conditions: an item or a child refers to it) holds, else
 * deleted and audited with what it was (`audited`).
 */
export async function deleteUnused<Row>(row: {
  table: "categories" | "tags" | "locations";
  id: number;
  entityType: string;
  lock: (trx: Transaction<DB>) => Promise<Row | undefined>;
  uses: () => RawBuilder<unknown>[];
  audited: (current: Row) => Record<string, unknown>;
  actorId: number;
}): Promise<DeleteOutcome> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const current = await row.lock(trx);
      if (!current) return "missing";
      const usage = await sql<{ used: boolean }>`select ${sql.join(row.uses(), sql` or `)} as used`.execute(trx);
      if (usage.rows[0]?.used) return "in_use";
      await trx.deleteFrom(row.table).where("id", "=", row.id).execute();
      await recordAudit(trx, {
        actorId: row.actorId,
        action: "delete",
        entityType: row.entityType,
        entityId: row.id,
        before: row.audited(current),
      });
      return "deleted";
    });
}

export async function deleteCategory(kind: CategoryKind, id: number, actorId: number): Promise<DeleteOutcome> {
  return deleteUnused({
    table: "categories",
    id,
    entityType: "category",
    lock: (trx) => lockCategory(trx, kind, id),
    uses: () => [
      sql`exists (select 1 from ${sql.table(CATEGORY_CONTENT[kind])} where category_id = ${id})`,
      sql`exists (select 1 from categories where parent_id = ${id})`,
    ],
    audited: (current) => ({ kind, slug: current.slug, name_uk: current.name_uk, name_en: current.name_en }),
    actorId,
  });
}
