import { sql } from "kysely";
import type { Language } from "#app/i18n/locales.ts";
import { imageSrcSet, imageUrl, pickVariant } from "./urls.ts";

/** Everything an <img> needs for a stored image: width variants, intrinsic size (no layout shift), alt. */
export type DisplayImage = { src: string; srcSet: string; width: number; height: number; alt: string };

/** The image columns selected alongside an item (null when the item has none). */
export type ImageColumns = {
  image_key: string | null;
  image_width: number | null;
  image_height: number | null;
  image_variants: number[] | null;
  image_alt_uk: string | null;
  image_alt_en: string | null;
};

/**
 * `wanted` is the largest width the layout shows it at (CSS pixels x 2 for dense screens);
 * `src` is that variant, for browsers without srcset.
 */
export function displayImage(columns: ImageColumns, language: Language, wanted: number, fallbackAlt = ""): DisplayImage | null {
  const { image_key: key, image_width: width, image_height: height, image_variants: variants } = columns;
  if (!key || !width || !height || !variants?.length) return null;
  const alt = (language === "en" ? columns.image_alt_en || columns.image_alt_uk : columns.image_alt_uk) || fallbackAlt;
  return { src: imageUrl(key, pickVariant(variants, wanted)), srcSet: imageSrcSet(key, variants), width, height, alt };
}

/** Select list for an image joined `as img` (see ImageColumns); typed, so generic queries may use it too. */
export const IMAGE_SELECT = [
  sql<string | null>`img.key`.as("image_key"),
  sql<number | null>`img.width`.as("image_width"),
  sql<number | null>`img.height`.as("image_height"),
  sql<number[] | null>`img.variants`.as("image_variants"),
  sql<string | null>`img.alt_uk`.as("image_alt_uk"),
  sql<string | null>`img.alt_en`.as("image_alt_en"),
] as const;
