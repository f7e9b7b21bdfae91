import { sql, type Transaction } from "kysely";
import type { DB } from "#db/schema.ts";
import { advertPhotoIds } from "#app/modules/adverts/photos.server.ts";
import { changedFields, recordAudit } from "#app/modules/audit/audit.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { approveIfPublished, tellApprovedByPublishing, type ApprovedByPublishing } from "#app/modules/submissions/moderation.server.ts";
import type { Actor } from "./state.server.ts";
import { registryDb } from "./tables.server.ts";
import { syncTags, tagSlugs } from "./tags.server.ts";
import { afterCommit, afterWrite } from "./after-write.server.ts";
import type { ContentSpec } from "./types.ts";
import { lifecycleOf } from "./lifecycle.ts";
import type { PreparedValues } from "./values.server.ts";

// Creating and saving one item. A save carries the version the form was opened at: the
// row is updated only while it still has that version (optimistic locking), so a save
// over a newer version is refused and the caller can keep the user's input.

export type ItemRow = Record<string, unknown> & {
  id: number;
  version: number;
  slug: string;
  status: string;
  deleted_at: Date | null;
  updated_at: Date;
};

export async function loadItem(spec: ContentSpec, id: number): Promise<ItemRow | undefined> {
  return (await registryDb(getDb()).selectFrom(spec.table).selectAll().where("id", "=", id).executeTakeFirst()) as ItemRow | undefined;
}

export async function loadTagIds(spec: ContentSpec, id: number): Promise<number[]> {
  if (!spec.tags) return [];
  const rows = (await registryDb(getDb())
    .selectFrom(spec.tags.table)
    .select("tag_id")
    .where(spec.tags.column, "=", id)
    .execute()) as Array<{ tag_id: number }>;
  return rows.map((row) => row.tag_id);
}

/** The owner of an advert, for its edit page; staff content has none to show. */
export async function loadOwner(spec: ContentSpec, row: ItemRow): Promise<{ email: string; name: string } | undefined> {
  if (!lifecycleOf(spec).ownedByUser) return undefined;
  return getDb()
    .selectFrom("users")
    .select(["email", "name"])
    .where("id", "=", row.owner_id as number)
    .executeTakeFirst();
}

async function syncGallery(trx: Transaction<DB>, advertId: number, imageIds: number[]): Promise<number[]> {
  const before = await advertPhotoIds(advertId, trx);
  await trx.deleteFrom("advertisement_images").where("advertisement_id", "=", advertId).execute();
  if (imageIds.length) {
    await trx
      .insertInto("advertisement_images")
      .values(imageIds.map((imageId, position) => ({ advertisement_id: advertId, image_id: imageId, position })))
      .execute();
  }
  return before;
}

/** Columns as they are audited: SQL expressions (now()) are stated by what they became. */
function auditable(columns: Record<string, unknown>, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(columns)) out[key] = row[key] ?? null;
  return out;
}

/** `beforeInsert` runs first in the insert's transaction: a check that must hold at the moment of the insert throws to refuse it. */
export async function createItem(
  spec: ContentSpec,
  values: PreparedValues,
  actor: Actor,
  beforeInsert?: (trx: Transaction<DB>) => Promise<void>,
): Promise<number> {
  const id = await getDb()
    .transaction()
    .execute(async (trx) => {
      await beforeInsert?.(trx);
      const row = (await registryDb(trx)
        .insertInto(spec.table)
        .values({ ...values.columns, [spec.authorColumn]: actor.id })
        .returningAll()
        .executeTakeFirstOrThrow()) as ItemRow;
      const after = auditable(values.columns, row);
      await afterWrite(spec.type, trx, row.id);
      if (values.tags) after.tags = await syncTags(trx, spec, row.id, values.tags);
      if (values.gallery) {
        await syncGallery(trx, row.id, values.gallery);
        after.images = values.gallery;
      }
      await recordAudit(trx, { actorId: actor.id, action: "create", entityType: spec.type, entityId: row.id, before: null, after });
      return row.id;
    });
  await afterCommit(spec.type);
  return id;
}

export type SaveOutcome =
  | { status: "saved"; version: number }
  | { status: "missing" }
  | { status: "trashed" }
  | { status: "conflict"; version: number; updatedAt: Date };

export async function updateItem(
  spec: ContentSpec,
  id: number,
  expectedVersion: number,
  values: PreparedValues,
  actor: Actor,
): Promise<SaveOutcome> {
  let approved: ApprovedByPublishing | null = null;
  const outcome = await getDb()
    .transaction()
    .execute(async (trx): Promise<SaveOutcome> => {
      const current = (await registryDb(trx).selectFrom(spec.table).selectAll().where("id", "=", id).forUpdate().executeTakeFirst()) as
        ItemRow | undefined;
      if (!current) return { status: "missing" };
      if (current.deleted_at) return { status: "trashed" };
      if (current.version !== expectedVersion) return { status: "conflict", version: current.version, updatedAt: current.updated_at };
      const beforeTags = values.tags ? await tagSlugs(trx, spec, id) : undefined;
      const saved = (await registryDb(trx)
        .updateTable(spec.table)
        .set({ ...values.columns, version: sql`version + 1`, updated_at: sql`now()` })
        .where("id", "=", id)
        .where("version", "=", expectedVersion)
        .returningAll()
        .executeTakeFirstOrThrow()) as ItemRow;
      const diff = changedFields(current, auditable(values.columns, saved));
      await afterWrite(spec.type, trx, id);
      if (values.tags) {
        const afterTags = await syncTags(trx, spec, id, values.tags);
        if (afterTags.join() !== beforeTags!.join())
          Object.assign(diff, { before: { ...diff.before, tags: beforeTags }, after: { ...diff.after, tags: afterTags } });
      }
      if (values.gallery) {
        const beforeImages = await syncGallery(trx, id, values.gallery);
        if (beforeImages.join() !== values.gallery.join())
          Object.assign(diff, { before: { ...diff.before, images: beforeImages }, after: { ...diff.after, images: values.gallery } });
      }
      if (Object.keys(diff.after).length === 0) return { status: "saved", version: saved.version };
      const statusChanged = "status" in diff.after;
      if (statusChanged) approved = await approveIfPublished(trx, spec.table, [id]);
      const onlyStatus =
        statusChanged && Object.keys(diff.after).every((key) => key === "status" || key === "published_at" || key === "expires_at");
      const action = onlyStatus
        ? saved.status === "published"
          ? "publish"
          : saved.status === "archived"
            ? "archive"
            : "unpublish"
        : "update";
      await recordAudit(trx, { actorId: actor.id, action, entityType: spec.type, entityId: id, before: diff.before, after: diff.after });
      return { status: "saved", version: saved.version };
    });
  await tellApprovedByPublishing(approved);
  if (outcome.status === "saved") await afterCommit(spec.type);
  return outcome;
}
