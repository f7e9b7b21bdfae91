import { randomUUID } from "node:crypto";
import { stat } from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { resolveImageStore, type ImageStore } from "./storage.server.ts";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: a phone photo passes, a decompression bomb (20000x20000) does not. */
const MAX_IMAGE_PIXELS = 40_000_000;
/** Widths written as webp; an image narrower than one of them is never upscaled. */
const IMAGE_WIDTHS = [320, 640, 1024, 1600] as const;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

export type ImageRejectionReason = "too_large" | "not_an_image" | "unsupported_format" | "too_many_pixels";

const MESSAGES: Record<ImageRejectionReason, string> = {
  too_large: `The file is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`,
  not_an_image: "The file is not a readable image",
  unsupported_format: "Only JPEG, PNG and WebP images are accepted",
  too_many_pixels: `The image has more than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`,
};

export class ImageRejectedError extends Error {
  readonly reason: ImageRejectionReason;
  constructor(reason: ImageRejectionReason, message: string = MESSAGES[reason]) {
    super(message);
    this.name = "ImageRejectedError";
    this.reason = reason;
  }
}

export type ProcessedImage = {
  /** "<yyyy>/<mm>/<uuid>"; see urls.ts for the public paths. */
  key: string;
  /** Size of the largest stored variant, after auto-rotation. */
  width: number;
  height: number;
  /** Stored widths, ascending. */
  variants: number[];
};

/** An image's bytes, or the file holding them (an upload spooled to disk is decoded from there, never read whole). */
export type ImageInput = Buffer | Uint8Array | { path: string };

/** Which store to use: `store`, a local `uploadsDir` (tests, scripts), else the configured one. */
export type StoreOption = { store?: ImageStore; uploadsDir?: string };

/** The name of a variant in the image store (its path under the uploads root). */
export function imageObjectName(key: string, width: number): string {
  return `images/${key}-${width}.webp`;
}

export function imageFilePath(uploadsDir: string, key: string, width: number): string {
  return path.join(uploadsDir, imageObjectName(key, width));
}

/** The widths to store for an image `width` pixels wide (after rotation). */
export function variantWidths(width: number): number[] {
  const largest = Math.min(width, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!);
  // A standard width within 10% of the largest one would be a near duplicate.
  return [...IMAGE_WIDTHS.filter((w) => w < largest * 0.9), largest];
}

/**
 * Validates an uploaded image by its decoded content, auto-rotates it, strips all
 * metadata (EXIF, GPS, ICC: output is sRGB) and stores webp width variants as
 * `images/<yyyy>/<mm>/<uuid>-<width>.webp`. Throws ImageRejectedError for unacceptable input.
 * `alt` is accepted for symmetry with storeImage and not used here.
 */
export async function processImage(image: ImageInput, opts: StoreOption & { alt?: string } = {}): Promise<ProcessedImage> {
  const store = resolveImageStore(opts);
  const size = "path" in image ? (await stat(image.path)).size : image.byteLength;
  if (size > MAX_IMAGE_BYTES) throw new ImageRejectedError("too_large");
  if (size === 0) throw new ImageRejectedError("not_an_image");
  const input = "path" in image ? image.path : image;

  let metadata: Metadata;
  try {
    // Reads the header only; the pixel limit is enforced below and again while decoding.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError("not_an_image");
  }
  if (!ACCEPTED_FORMATS.has(metadata.format)) throw new ImageRejectedError("unsupported_format");
  if (!metadata.width || !metadata.height) throw new ImageRejectedError("not_an_image");
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) throw new ImageRejectedError("too_many_pixels");

  const oriented = metadata.autoOrient ?? { width: metadata.width, height: metadata.height };
  const widths = variantWidths(oriented.width);
  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, "0");
  const key = `${now.getUTCFullYear()}/${month}/${randomUUID()}`;

  const decoded = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error", autoOrient: true });
  let encoded: Array<{ data: Buffer; info: OutputInfo }>;
  try {
    encoded = await Promise.all(
      widths.map((width) =>
        decoded.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true }),
      ),
    );
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new ImageRejectedError("too_many_pixels");
    }
    throw new ImageRejectedError("not_an_image", `The image could not be decoded: ${String(error)}`);
  }
  // Settled, not Promise.all: the cleanup must run after every upload has ended, or a slow
  // one would land after it. A store that failed halfway keeps none of the variants.
  const puts = await Promise.allSettled(
    encoded.map(({ data }, index) => store.put(imageObjectName(key, widths[index]!), data, "image/webp")),
  );
  const failed = puts.find((put) => put.status === "rejected");
  if (failed) {
    await removeImageFiles(store, { key, variants: widths }).catch(() => {});
    throw failed.reason;
  }
  const largest = encoded[encoded.length - 1]!.info;
  return { key, width: largest.width, height: largest.height, variants: widths };
}

/**
 * Deletes the stored variants of an image; missing ones are ignored. `where` is the store,
 * or a local uploads directory (tests, scripts).
 */
export async function removeImageFiles(
  where: ImageStore | string | undefined,
  image: { key: string; variants: readonly number[] },
): Promise<void> {
  const store = typeof where === "string" ? resolveImageStore({ uploadsDir: where }) : (where ?? resolveImageStore());
  await store.remove(image.variants.map((width) => imageObjectName(image.key, width)));
}
