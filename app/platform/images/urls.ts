// Public URLs of stored images. Pure (no sharp): safe in components and loaders alike.
// An image key looks like "2026/11/<uuid>"; its variants are stored as
// `images/<key>-<width>.webp` (a file under DATA_DIR/uploads, or an object in the bucket),
// served at `/uploads/images/<key>-<width>.webp`, or under S3_PUBLIC_URL when that is set.

import { imageBaseUrl } from "./image-base.ts";

const UPLOADS_URL_PREFIX = "/uploads/images/";

export function imageUrl(key: string, width: number): string {
  const base = imageBaseUrl();
  return base ? `${base}/images/${key}-${width}.webp` : `${UPLOADS_URL_PREFIX}${key}-${width}.webp`;
}

/** `srcset` value listing every stored width, e.g. "/uploads/images/k-320.webp 320w, ...". */
export function imageSrcSet(key: string, variants: readonly number[]): string {
  return [...variants]
    .sort((a, b) => a - b)
    .map((width) => `${imageUrl(key, width)} ${width}w`)
    .join(", ");
}

/** The smallest stored width that is at least `wanted` pixels, else the largest one. */
export function pickVariant(variants: readonly number[], wanted: number): number {
  const sorted = [...variants].sort((a, b) => a - b);
  if (sorted.length === 0) throw new Error("An image without variants");
  return sorted.find((width) => width >= wanted) ?? sorted[sorted.length - 1]!;
}

/** URL of the variant that best fits `wanted` pixels of width. */
export function imageUrlFor(image: { key: string; variants: readonly number[] }, wanted: number): string {
  return imageUrl(image.key, pickVariant(image.variants, wanted));
}
