import { sql } from "kysely";
import type { CategoryKind } from "#db/schema.ts";
import { changedFields, recordAudit } from "#app/modules/audit/audit.server.ts";
import { getDb } from "#app/modules/db/db.server.ts";
import { slugify } from "#app/modules/slug/transliterate.ts";
import { CATEGORY_CONTENT } from "#app/modules/staff-content/registry.ts";

// Categories of the content types with a category kind (the registry): create, rename (uk, en), reorder
// among their siblings, delete only when no item (in any state, trash included) and no
// subcategory uses them. Every change is audited as entity type `category`.

export type CategoryInput = { name_uk: string; name_en: string | null; slug: string | null; parent_id: number | null };
export type TaxonomyResult = { ok: true; id: number } | { ok: false; field: string; message: string };

export type CategoryRow = { id: number; slug: string; name_uk: string; name_en: string | null; parent_id: number | null; position: number; items: number; children: number };

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

async function checkInput(kind: CategoryKind, input: CategoryInput, id?: number): Promise<{ slug: string } | { field: string; message: string }> {
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
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const last = await trx.selectFrom("categories").select(sql<number>`coalesce(max(position), -1)`.as("max")).where("kind", "=", kind).executeTakeFirst();
      const row = await trx
        .insertInto("categories")
        .values({ kind, slug: checked.slug, name_uk: input.name_uk, name_en: input.name_en, parent_id: input.parent_id, position: Number(last?.max ?? -1) + 1 })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, { actorId, action: "create", entityType: "category", entityId: row.id, after: { kind, slug: row.slug, name_uk: row.name_uk, name_en: row.name_en } });
      return { ok: true as const, id: row.id };
    });
}

export async function updateCategory(kind: CategoryKind, id: number, input: CategoryInput, actorId: number): Promise<TaxonomyResult> {
  const current = await findCategory(kind, id);
  if (!current) return { ok: false, field: "", message: "admin:errors.not_found" };
  const checked = await checkInput(kind, input, id);
  if ("field" in checked) return { ok: false, ...checked };
  const values = { slug: checked.slug, name_uk: input.name_uk, name_en: input.name_en, parent_id: input.parent_id };
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx.updateTable("categories").set({ ...values, updated_at: sql`now()` }).where("id", "=", id).execute();
      const diff = changedFields(current, values);
      if (Object.keys(diff.after).length) await recordAudit(trx, { actorId, action: "rename", entityType: "category", entityId: id, ...diff });
    });
  return { ok: true, id };
}

/** Moves a category one place up or down among its siblings. */
export async function moveCategory(kind: CategoryKind, id: number, direction: "up" | "down", actorId: number): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const current = await trx.selectFrom("categories").selectAll().where("kind", "=", kind).where("id", "=", id).forUpdate().executeTakeFirst();
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
      const order = siblings.map((row) => row.id);
      const index = order.indexOf(id);
      const target = direction === "up" ? index - 1 : index + 1;
      if (index < 0 || target < 0 || target >= order.length) return false;
      [order[index], order[target]] = [order[target]!, order[index]!];
      for (const [position, siblingId] of order.entries()) {
        await trx.updateTable("categories").set({ position }).where("id", "=", siblingId).execute();
      }
      await recordAudit(trx, { actorId, action: "reorder", entityType: "category", entityId: id, before: { position: index }, after: { position: target } });
      return true;
    });
}

export type DeleteOutcome = "deleted" | "in_use" | "missing";

export async function deleteCategory(kind: CategoryKind, id: number, actorId: number): Promise<DeleteOutcome> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const current = await trx.selectFrom("categories").selectAll().where("kind", "=", kind).where("id", "=", id).forUpdate().executeTakeFirst();
      if (!current) return "missing";
      const { rows } = await sql<{ used: boolean }>`select
        exists (select 1 from ${sql.table(CATEGORY_CONTENT[kind])} where category_id = ${id})
        or exists (select 1 from categories where parent_id = ${id}) as used`.execute(trx);
      if (rows[0]?.used) return "in_use";
      await trx.deleteFrom("categories").where("id", "=", id).execute();
      await recordAudit(trx, { actorId, action: "delete", entityType: "category", entityId: id, before: { kind, slug: current.slug, name_uk: current.name_uk, name_en: current.name_en } });
      return "deleted";
    });
}
