import type { Kysely } from "kysely";
import type { DB, Image } from "#db/schema.ts";
import { processImage, removeImageFiles, type ImageInput, type StoreOption } from "./process.server.ts";
import { resolveImageStore, type ImageStore } from "./storage.server.ts";

export type StoreImageOptions = StoreOption & {
  /** Ukrainian (or the uploader's) alt text, stored as alt_uk. */
  alt?: string | null;
  altEn?: string | null;
  /** The uploading user; null for staff/site images. Deleting the user deletes the row. */
  ownerId?: number | null;
};

/** processImage + the `images` row. If the insert fails, the stored variants are removed. */
export async function storeImage(db: Kysely<DB>, input: ImageInput, opts: StoreImageOptions = {}): Promise<Image> {
  const store = resolveImageStore(opts);
  const processed = await processImage(input, { store });
  try {
    return await db
      .insertInto("images")
      .values({
        key: processed.key,
        width: processed.width,
        height: processed.height,
        variants: processed.variants,
        alt_uk: opts.alt ?? null,
        alt_en: opts.altEn ?? null,
        owner_id: opts.ownerId ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    await removeImageFiles(store, processed);
    throw error;
  }
}

/**
 * Deletes image rows and then their stored variants (`where`: see removeImageFiles). Use it for images a user owns: seed/staff
 * images (owner_id null) may be shared by several items.
 */
export async function deleteImages(db: Kysely<DB>, ids: readonly number[], where?: ImageStore | string): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await db
    .deleteFrom("images")
    .where("id", "in", [...ids])
    .returning(["key", "variants"])
    .execute();
  for (const image of deleted) await removeImageFiles(where, image);
  return deleted.length;
}
