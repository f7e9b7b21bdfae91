import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "#db/schema.ts";
import { changedFields, recordAudit, recordReorder } from "#app/modules/audit/audit.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { refuseDuplicates } from "#app/platform/http/unique-violation.ts";
import { slugify } from "#app/platform/slug/transliterate.ts";
import { allFields, contentSpecs } from "#app/modules/staff-content/types.ts";
import { deleteUnused, type DeleteOutcome, type TaxonomyResult } from "./categories.server.ts";
import type { TermValue } from "./schemas.ts";
import { moveAndRenumber, nextPosition } from "#app/platform/lists/ordering.server.ts";

// Tags and locations: a slug and a name in each language. Tags are renamed and merged
// (duplicates folded into one, their items kept); locations are created, renamed,
// reordered and deleted while unused (admin only, checked by the routes).

export type TermTable = "tags" | "locations";
const ENTITY: Record<TermTable, string> = { tags: "tag", locations: "location" };

/** The link tables of the content types with tags (the registry). */
function tagLinks() {
  return contentSpecs().flatMap((spec) => (spec.tags ? [spec.tags] : []));
}

/** The tables of the content types with a location field (the registry). */
function locatedTables() {
  return contentSpecs()
    .filter((spec) => allFields(spec).some((field) => field.kind === "location"))
    .map((spec) => spec.table);
}

type TermColumns = { slug: string; name_uk: string; name_en: string | null; latitude?: number | null; longitude?: number | null };

/** The columns a form writes; a location's point too (both or neither, schemas.ts). */
function values(table: TermTable, input: TermValue): TermColumns {
  const row: TermColumns = { slug: input.slug || slugify(input.name_uk), name_uk: input.name_uk, name_en: input.name_en || null };
  if (table === "locations") {
    const pair = input.latitude !== undefined && input.longitude !== undefined;
    row.latitude = pair ? input.latitude! : null;
    row.longitude = pair ? input.longitude! : null;
  }
  return row;
}

/** The slug's unique key: a write that lost the race to another one with the same slug. */
function slugTakenOnWrite(table: TermTable) {
  return { [`${table}_slug_key`]: { field: "slug", message: "admin:errors.slug_taken" } };
}

async function slugTaken(db: Kysely<DB>, table: TermTable, slug: string, exceptId?: number): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select("id")
    .where("slug", "=", slug)
    .$if(Boolean(exceptId), (qb) => qb.where("id", "<>", exceptId!))
    .executeTakeFirst();
  return Boolean(row);
}

/** The term's audited columns (a location's point too), its row locked for the rest of the transaction. */
async function lockTerm(trx: Transaction<DB>, table: TermTable, id: number): Promise<TermColumns | undefined> {
  if (table === "locations")
    return trx
      .selectFrom("locations")
      .select(["slug", "name_uk", "name_en", "latitude", "longitude"])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
  return trx.selectFrom(table).select(["slug", "name_uk", "name_en"]).where("id", "=", id).forUpdate().executeTakeFirst();
}

export async function createTerm(table: TermTable, input: TermValue, actorId: number): Promise<TaxonomyResult> {
  const row = values(table, input);
  if (!row.slug) return { ok: false, field: "slug", message: "admin:errors.slug" };
  if (await slugTaken(getDb(), table, row.slug)) return { ok: false, field: "slug", message: "admin:errors.slug_taken" };
  const write = getDb()
    .transaction()
    .execute(async (trx) => {
      // A new location goes last.
      const created =
        table === "locations"
          ? await trx
              .insertInto("locations")
              .values({ ...row, position: await nextPosition(trx, "locations") })
              .returning("id")
              .executeTakeFirstOrThrow()
          : await trx
              .insertInto("tags")
              .values({ slug: row.slug, name_uk: row.name_uk, name_en: row.name_en })
              .returning("id")
              .executeTakeFirstOrThrow();
      await recordAudit(trx, { actorId, action: "create", entityType: ENTITY[table], entityId: created.id, after: row });
      return { ok: true as const, id: created.id };
    });
  return refuseDuplicates(write, slugTakenOnWrite(table));
}

export async function renameTerm(table: TermTable, id: number, input: TermValue, actorId: number): Promise<TaxonomyResult> {
  const row = values(table, input);
  if (!row.slug) return { ok: false, field: "slug", message: "admin:errors.slug" };
  if (await slugTaken(getDb(), table, row.slug, id)) return { ok: false, field: "slug", message: "admin:errors.slug_taken" };
  const write = getDb()
    .transaction()
    .execute(async (trx) => {
      const current = await lockTerm(trx, table, id);
      if (!current) return { ok: false as const, field: "", message: "admin:errors.not_found" };
      await trx
        .updateTable(table)
        .set({ ...row, updated_at: sql`now()` })
        .where("id", "=", id)
        .execute();
      const diff = changedFields(current, row);
      if (Object.keys(diff.after).length)
        await recordAudit(trx, { actorId, action: "rename", entityType: ENTITY[table], entityId: id, ...diff });
      return { ok: true as const, id };
    });
  return refuseDuplicates(write, slugTakenOnWrite(table));
}

/** Folds the source tags into the target: their items get the target tag, the sources go. */
export async function mergeTags(sourceIds: number[], targetId: number, actorId: number): Promise<number> {
  const sources = sourceIds.filter((id) => id !== targetId);
  if (sources.length === 0) return 0;
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const target = await trx.selectFrom("tags").select(["id", "slug"]).where("id", "=", targetId).forUpdate().executeTakeFirst();
      if (!target) return 0;
      const merged = await trx.selectFrom("tags").select(["id", "slug", "name_uk"]).where("id", "in", sources).forUpdate().execute();
      if (merged.length === 0) return 0;
      const ids = merged.map((row) => row.id);
      for (const { table, column } of tagLinks()) {
        await sql`insert into ${sql.table(table)} (${sql.ref(column)}, tag_id) select ${sql.ref(column)}, ${targetId} from ${sql.table(table)} where tag_id in (${sql.join(ids)}) on conflict do nothing`.execute(
          trx,
        );
      }
      await trx.deleteFrom("tags").where("id", "in", ids).execute();
      await recordAudit(trx, {
        actorId,
        action: "merge",
        entityType: "tag",
        entityId: targetId,
        before: { tags: merged.map((row) => row.slug) },
        after: { tags: [target.slug] },
      });
      return merged.length;
    });
}

/** Deletes a tag or location that no item uses. */
export async function deleteTerm(table: TermTable, id: number, actorId: number): Promise<DeleteOutcome> {
  return deleteUnused({
    table,
    id,
    entityType: ENTITY[table],
    lock: (trx) => lockTerm(trx, table, id),
    uses: () =>
      table === "tags"
        ? tagLinks().map((link) => sql`exists (select 1 from ${sql.table(link.table)} where tag_id = ${id})`)
        : locatedTables().map((located) => sql`exists (select 1 from ${sql.table(located)} where location_id = ${id})`),
    audited: (current) => current,
    actorId,
  });
}

/** Moves a location one place up or down. */
export async function moveLocation(id: number, direction: "up" | "down", actorId: number): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const rows = await trx.selectFrom("locations").select("id").orderBy("position").orderBy("name_uk").forUpdate().execute();
      const moved = await moveAndRenumber(trx, "locations", rows, id, direction);
      if (!moved) return false;
      await recordReorder(trx, { actorId, entityType: "location", entityId: id }, moved);
      return true;
    });
}

export type TermRow = { id: number; slug: string; name_uk: string; name_en: string | null; uses: number };
/** A location in its editor: a term with its point (null, null without one). */
export type LocationRow = TermRow & { latitude: number | null; longitude: number | null };

export async function listTags(q?: string): Promise<TermRow[]> {
  let query = getDb()
    .selectFrom("tags as t")
    .select([
      "t.id",
      "t.slug",
      "t.name_uk",
      "t.name_en",
      sql<number>`(select count(*)::int from news_tags where tag_id = t.id) + (select count(*)::int from poster_tags where tag_id = t.id)`.as(
        "uses",
      ),
    ])
    .orderBy("t.name_uk")
    .limit(500);
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb("t.name_uk", "ilike", pattern), eb("t.name_en", "ilike", pattern), eb("t.slug", "ilike", pattern)]),
    );
  }
  return (await query.execute()).map((row) => ({ ...row, uses: Number(row.uses) }));
}

export async function listLocations(): Promise<LocationRow[]> {
  const rows = await getDb()
    .selectFrom("locations as l")
    .select([
      "l.id",
      "l.slug",
      "l.name_uk",
      "l.name_en",
      "l.latitude",
      "l.longitude",
      sql<number>`(select count(*)::int from posters where location_id = l.id) + (select count(*)::int from services where location_id = l.id)
        + (select count(*)::int from diaspors where location_id = l.id) + (select count(*)::int from advertisements where location_id = l.id)`.as(
        "uses",
      ),
    ])
    .orderBy("l.position")
    .orderBy("l.name_uk")
    .execute();
  return rows.map((row) => ({ ...row, uses: Number(row.uses) }));
}
