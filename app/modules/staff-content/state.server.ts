import { sql, type Transaction } from "kysely";
import type { DB } from "#db/schema.ts";
import { recordAudit, type AuditAction } from "#app/modules/audit/audit.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { removeImageFiles } from "#app/platform/images/process.server.ts";
import { moveAdverts } from "#app/modules/adverts/lifecycle.server.ts";
import { approveIfPublished, tellApprovedByPublishing, type ApprovedByPublishing } from "#app/modules/submissions/moderation.server.ts";
import type { StateAction } from "./actions.ts";
import { afterCommit } from "./after-write.server.ts";
import type { ContentType } from "./registry.ts";
import { registryDb } from "./tables.server.ts";
import { lifecycleOf, type LifecycleKind } from "./lifecycle.ts";
import { allFields, hasGallery, type ContentSpec } from "./types.ts";

// State changes of whole items: publish, unpublish, move to the trash, restore, purge.
// Each works on a list of ids inside the caller's transaction and writes one audit entry
// per item; single-item buttons and bulk actions share them.

export type { StateAction } from "./actions.ts";

export type Actor = { id: number; role: string };

type Trx = Transaction<DB>;
type Snapshot = { id: number; status: string; deleted_at: Date | null; slug: string; title: string };

async function snapshots(trx: Trx, spec: ContentSpec, ids: readonly number[]): Promise<Snapshot[]> {
  if (ids.length === 0) return [];
  return (await registryDb(trx)
    .selectFrom(spec.table)
    .select(["id", "status", "deleted_at", "slug", sql<string>`${sql.ref(spec.title.uk)}`.as("title")])
    .where("id", "in", [...ids])
    .orderBy("id")
    .forUpdate()
    .execute()) as Snapshot[];
}

/**
 * The dashboard's publish and unpublish, by the type's lifecycle: staff content goes back to
 * draft; an advert moves as its lifecycle table says (unpublished: archived; published: for
 * a new lifetime when the old one ran out). Returns the ids that moved.
 */
const STATUS_MOVES: Record<
  LifecycleKind,
  (trx: Trx, spec: ContentSpec, action: "publish" | "unpublish", ids: number[]) => Promise<number[]>
> = {
  publishing: async (trx, spec, action, ids) => {
    const values: Record<string, unknown> =
      action === "unpublish"
        ? { status: lifecycleOf(spec).unpublishedStatus }
        : { status: "published", published_at: sql`coalesce(published_at, now())` };
    const rows = (await registryDb(trx)
      .updateTable(spec.table)
      .set({ ...values, version: sql`version + 1`, updated_at: sql`now()` })
      .where("id", "in", ids)
      .returning("id")
      .execute()) as Array<{ id: number }>;
    return rows.map((row) => row.id);
  },
  advert: async (trx, _spec, action, ids) => (await moveAdverts(trx, ids, action, "moderator")).map((row) => row.id),
};

const AUDIT_ACTION: Record<StateAction, AuditAction> = {
  publish: "publish",
  unpublish: "unpublish",
  trash: "trash",
  restore: "restore",
  purge: "purge",
};

type StateActionResult = {
  changed: number[];
  orphanImages: Array<{ key: string; variants: number[] }>;
  approved: ApprovedByPublishing | null;
};

/**
 * Applies `action` to the items `ids` (already chosen by the caller: a filter, or one item).
 * Rows that the action does not fit (publishing a trashed item, restoring a live one) are
 * skipped. Returns the ids changed, and what `afterStateAction` does once the transaction
 * commits (a purge's image files, the senders of submissions a publish approved).
 */
export async function applyStateAction(
  trx: Trx,
  spec: ContentSpec,
  action: StateAction,
  ids: readonly number[],
  actor: Actor,
): Promise<StateActionResult> {
  const rows = await snapshots(trx, spec, ids);
  const fits = rows.filter((row) => (action === "restore" || action === "purge" ? row.deleted_at !== null : row.deleted_at === null));
  const changedIds = fits.map((row) => row.id);
  if (changedIds.length === 0) return { changed: [], orphanImages: [], approved: null };
  const db = registryDb(trx);

  if (action === "purge") {
    const orphanImages = await purgeRows(trx, spec, changedIds);
    for (const row of fits) {
      await recordAudit(trx, {
        actorId: actor.id,
        action: "purge",
        entityType: spec.type,
        entityId: row.id,
        before: { slug: row.slug, title: row.title },
        after: null,
      });
    }
    return { changed: changedIds, orphanImages, approved: null };
  }

  let movedIds: number[];
  if (action === "trash" || action === "restore") {
    const rows = (await db
      .updateTable(spec.table)
      .set({ deleted_at: action === "trash" ? sql`now()` : null, version: sql`version + 1`, updated_at: sql`now()` })
      .where("id", "in", changedIds)
      .returning("id")
      .execute()) as Array<{ id: number }>;
    movedIds = rows.map((row) => row.id);
  } else {
    movedIds = await STATUS_MOVES[spec.lifecycle](trx, spec, action, changedIds);
  }
  const updated = movedIds.length
    ? ((await db.selectFrom(spec.table).select(["id", "status", "deleted_at"]).where("id", "in", movedIds).execute()) as Array<{
        id: number;
        status: string;
        deleted_at: Date | null;
      }>)
    : [];
  const after = new Map(updated.map((row) => [row.id, row]));
  for (const row of fits.filter((candidate) => after.has(candidate.id))) {
    const now = after.get(row.id);
    const field = action === "trash" || action === "restore" ? "deleted_at" : "status";
    await recordAudit(trx, {
      actorId: actor.id,
      action: AUDIT_ACTION[action],
      entityType: spec.type,
      entityId: row.id,
      before: { [field]: row[field] },
      after: { [field]: now?.[field] ?? null },
    });
  }
  const approved = action === "publish" ? await approveIfPublished(trx, spec.table, movedIds) : null;
  return { changed: movedIds, orphanImages: [], approved };
}

/** What must happen after the transaction commits: the files of purged images deleted, the senders of approved submissions told. */
export async function afterStateAction(
  { orphanImages, approved, changed }: Pick<StateActionResult, "orphanImages" | "approved" | "changed">,
  type: ContentType,
): Promise<void> {
  for (const image of orphanImages) await removeImageFiles(undefined, image);
  await tellApprovedByPublishing(approved);
  if (changed.length) await afterCommit(type);
}

/** Image ids an item refers to (its image fields and, for adverts, its photos). */
async function imagesOf(trx: Trx, spec: ContentSpec, ids: number[]): Promise<number[]> {
  const columns = allFields(spec).flatMap((field) => (field.kind === "image" ? [field.name] : []));
  const found = new Set<number>();
  if (columns.length) {
    const rows = (await registryDb(trx).selectFrom(spec.table).select(columns).where("id", "in", ids).execute()) as Array<
      Record<string, number | null>
    >;
    for (const row of rows) for (const column of columns) if (row[column]) found.add(row[column]!);
  }
  if (hasGallery(spec)) {
    const rows = await trx.selectFrom("advertisement_images").select("image_id").where("advertisement_id", "in", ids).execute();
    for (const row of rows) found.add(row.image_id);
  }
  return [...found];
}

/** Images no content refers to any more, among `ids`. */
async function unreferenced(trx: Trx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: number }>`
    select i.id from images i where i.id in (${sql.join(ids)})
      and not exists (select 1 from news where cover_image_id = i.id)
      and not exists (select 1 from posters where cover_image_id = i.id)
      and not exists (select 1 from services where logo_image_id = i.id)
      and not exists (select 1 from diaspors where logo_image_id = i.id)
      and not exists (select 1 from reklama where image_id = i.id)
      and not exists (select 1 from advertisement_images where image_id = i.id)`.execute(trx);
  return rows.map((row) => row.id);
}

/** Deletes the rows (their tags and photo links go by cascade) and their now unused images. */
async function purgeRows(trx: Trx, spec: ContentSpec, ids: number[]): Promise<Array<{ key: string; variants: number[] }>> {
  const images = await imagesOf(trx, spec, ids);
  await registryDb(trx).deleteFrom(spec.table).where("id", "in", ids).execute();
  const orphans = await unreferenced(trx, images);
  if (orphans.length === 0) return [];
  return trx.deleteFrom("images").where("id", "in", orphans).returning(["key", "variants"]).execute();
}

/** One item's state action in its own transaction; the ids changed (empty when it did not fit). */
export async function changeItemState(spec: ContentSpec, id: number, action: StateAction, actor: Actor): Promise<boolean> {
  const result = await getDb()
    .transaction()
    .execute((trx) => applyStateAction(trx, spec, action, [id], actor));
  await afterStateAction(result, spec.type);
  return result.changed.length > 0;
}
