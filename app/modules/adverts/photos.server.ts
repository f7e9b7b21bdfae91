import type { Kysely, Transaction } from "kysely";
import type { DB } from "#db/schema.ts";
import { consumeLimit, type Limit } from "#app/modules/auth/rate-limit.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import type { SpooledFile } from "#app/platform/http/body.server.ts";
import { ImageRejectedError, MAX_IMAGE_BYTES, type ImageRejectionReason } from "#app/platform/images/process.server.ts";
import { deleteImages, storeImage } from "#app/platform/images/store.server.ts";
import { imageUrlFor } from "#app/platform/images/urls.ts";

// Advert photos. Each chosen file is decoded, stripped and stored (webp variants) once,
// when its form is posted, and becomes an image id that travels in a hidden field until an
// advert takes it. Only the uploader can attach it (advert_uploads records who that is), and
// a photo nobody attached within UNCLAIMED_TTL_MS is deleted.

export const UNCLAIMED_TTL_MS = 24 * 60 * 60 * 1000;
/** Stored photos per user per hour: failed submits may repeat, but not without end. */
const PHOTO_UPLOAD_LIMIT: Limit = { max: 60, windowMs: 60 * 60 * 1000 };

type PhotoRejectionReason = ImageRejectionReason | "too_many" | "rate_limited";
export type PhotoRejection = { name: string; reason: PhotoRejectionReason };
/** What the form shows of a stored photo. */
export type PhotoPreview = { id: number; src: string; width: number; height: number };

/**
 * Stores up to `room` of `files` (spooled uploads) as the user's unclaimed photos. The result
 * lists, per file, its new image id or null; refusals carry the reason (never a 500:
 * undecodable input, a decompression bomb or an oversized file is a message).
 */
export async function storeAdvertPhotos(files: readonly SpooledFile[], options: { ownerId: number; room: number }) {
  const ids: Array<number | null> = [];
  const rejections: PhotoRejection[] = [];
  let room = options.room;
  for (const file of files) {
    const name = file.name || "photo";
    if (room <= 0) {
      ids.push(null);
      rejections.push({ name, reason: "too_many" });
      continue;
    }
    if (file.path === null || file.size > MAX_IMAGE_BYTES) {
      ids.push(null);
      rejections.push({ name, reason: "too_large" });
      continue;
    }
    const limit = await consumeLimit([{ key: `advert-photo:user:${options.ownerId}`, limit: PHOTO_UPLOAD_LIMIT }]);
    if (limit.limited) {
      ids.push(null);
      rejections.push({ name, reason: "rate_limited" });
      continue;
    }
    try {
      const image = await storeImage(getDb(), { path: file.path }, { ownerId: options.ownerId });
      await getDb().insertInto("advert_uploads").values({ image_id: image.id, owner_id: options.ownerId }).execute();
      ids.push(image.id);
      room--;
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      ids.push(null);
      rejections.push({ name, reason: error.reason });
    }
  }
  return { ids, rejections };
}

/**
 * Of `ids`, the photos `ownerId` may put on the advert (`advertId`, null for a new one): their
 * own unclaimed uploads and the advert's current photos. Order and duplicates: as given, first wins.
 */
export async function claimablePhotoIds(ids: readonly number[], ownerId: number, advertId: number | null): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await getDb()
    .selectFrom("images as img")
    .select("img.id")
    .where("img.id", "in", unique)
    .where("img.owner_id", "=", ownerId)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb.selectFrom("advert_uploads as u").select("u.image_id").whereRef("u.image_id", "=", "img.id").where("u.owner_id", "=", ownerId),
        ),
        ...(advertId === null
          ? []
          : [
              eb.exists(
                eb
                  .selectFrom("advertisement_images as ai")
                  .select("ai.image_id")
                  .whereRef("ai.image_id", "=", "img.id")
                  .where("ai.advertisement_id", "=", advertId),
              ),
            ]),
      ]),
    )
    .execute();
  const allowed = new Set(rows.map((row) => row.id));
  return unique.filter((id) => allowed.has(id));
}

export async function photoPreviews(ids: readonly number[]): Promise<PhotoPreview[]> {
  if (ids.length === 0) return [];
  const rows = await getDb()
    .selectFrom("images")
    .select(["id", "key", "variants", "width", "height"])
    .where("id", "in", [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ id, src: imageUrlFor(row, 320), width: row.width, height: row.height }] : [];
  });
}

/**
 * Makes `ids` (in order) the advert's photos inside `trx`: positions set, claimed uploads
 * no longer unclaimed. Returns the ids of photos the advert no longer has (for deleteImages
 * after the commit).
 */
export async function setAdvertPhotos(trx: Transaction<DB>, advertId: number, ids: readonly number[]): Promise<number[]> {
  const current = await trx.selectFrom("advertisement_images").select("image_id").where("advertisement_id", "=", advertId).execute();
  const dropped = current.map((row) => row.image_id).filter((id) => !ids.includes(id));
  if (dropped.length) {
    await trx.deleteFrom("advertisement_images").where("advertisement_id", "=", advertId).where("image_id", "in", dropped).execute();
  }
  if (ids.length) {
    await trx
      .insertInto("advertisement_images")
      .values(ids.map((id, position) => ({ advertisement_id: advertId, image_id: id, position })))
      .onConflict((oc) => oc.columns(["advertisement_id", "image_id"]).doUpdateSet({ position: (eb) => eb.ref("excluded.position") }))
      .execute();
    await trx
      .deleteFrom("advert_uploads")
      .where("image_id", "in", [...ids])
      .execute();
  }
  return dropped;
}

/** Deletes photos (rows, then files). Only for images of adverts and advert uploads. */
/** An advert's photos in gallery order (the staff form and the owner's form). */
export async function advertPhotoIds(advertId: number, db: Kysely<DB> = getDb()): Promise<number[]> {
  const rows = await db
    .selectFrom("advertisement_images")
    .select("image_id")
    .where("advertisement_id", "=", advertId)
    .orderBy("position")
    .orderBy("image_id")
    .execute();
  return rows.map((row) => row.image_id);
}

export async function deletePhotos(ids: readonly number[], db: Kysely<DB> = getDb()): Promise<void> {
  if (ids.length) await deleteImages(db, ids);
}

/** Deletes uploads nobody attached within UNCLAIMED_TTL_MS (any user's). */
export async function deleteUnclaimedUploads(now = new Date()): Promise<number> {
  const stale = await getDb()
    .selectFrom("advert_uploads")
    .select("image_id")
    .where("created_at", "<", new Date(now.getTime() - UNCLAIMED_TTL_MS))
    .limit(500)
    .execute();
  const ids = stale.map((row) => row.image_id);
  // An image attached in the meantime is not unclaimed, whatever its row says.
  const attached = ids.length
    ? await getDb().selectFrom("advertisement_images").select("image_id").where("image_id", "in", ids).execute()
    : [];
  const attachedIds = new Set(attached.map((row) => row.image_id));
  await getDb()
    .deleteFrom("advert_uploads")
    .where("image_id", "in", ids.length ? ids : [-1])
    .execute();
  const orphans = ids.filter((id) => !attachedIds.has(id));
  await deletePhotos(orphans);
  return orphans.length;
}

/** For tests and diagnostics: the user's unclaimed uploads. */
export async function unclaimedUploads(ownerId: number): Promise<number[]> {
  const rows = await getDb()
    .selectFrom("advert_uploads")
    .select("image_id")
    .where("owner_id", "=", ownerId)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => row.image_id);
}
