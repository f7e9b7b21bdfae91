import type { Language } from "#app/i18n/locales.ts";
import type { CategoryKind } from "#db/schema.ts";
import { pickLocalized, type LocalizedText } from "#app/platform/format/localized.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { cachedByVersion } from "#app/platform/page-cache/content-state.server.ts";
import { notFound } from "#app/platform/http/errors.ts";
import type { GeoPoint } from "#app/platform/geo/radius.ts";

export type CategoryLink = { id: number; slug: string; name: LocalizedText };
/** A location (a city); `point` where staff gave it one (distances are measured from it). */
export type LocationOption = { id: number; slug: string; name: LocalizedText; point: GeoPoint | null };

// Categories and locations change rarely and every list page reads them: they are kept per
// process until their table's version changes (the page cache's check), so an uncached page
// does not query them.
const allCategories = cachedByVersion(["categories"], () =>
  getDb()
    .selectFrom("categories")
    .select(["id", "slug", "kind", "name_uk", "name_en", "parent_id"])
    .orderBy("position")
    .orderBy("id")
    .execute(),
);
const allLocations = cachedByVersion(["locations"], () =>
  getDb()
    .selectFrom("locations")
    .select(["id", "slug", "name_uk", "name_en", "latitude", "longitude"])
    .orderBy("position")
    .orderBy("id")
    .execute(),
);

function toLink(row: { id: number; slug: string; name_uk: string; name_en: string | null }, language: Language): CategoryLink {
  return { id: row.id, slug: row.slug, name: pickLocalized(row.name_uk, row.name_en, language) };
}

/** The categories of `kind` as stored (with their parent), in list order: for trees and selects. */
export async function categoryRows(kind: CategoryKind) {
  return (await allCategories()).filter((row) => row.kind === kind);
}

export async function listCategories(kind: CategoryKind, language: Language): Promise<CategoryLink[]> {
  return (await categoryRows(kind)).map((row) => toLink(row, language));
}

/** The category of `kind` with this slug, or the 404. */
export async function requireCategory(kind: CategoryKind, slug: string, language: Language): Promise<CategoryLink> {
  const row = (await categoryRows(kind)).find((category) => category.slug === slug);
  if (!row) notFound();
  return toLink(row, language);
}

export async function listLocations(language: Language): Promise<LocationOption[]> {
  return (await allLocations()).map((row) => ({
    ...toLink(row, language),
    point: row.latitude === null || row.longitude === null ? null : { latitude: row.latitude, longitude: row.longitude },
  }));
}

/**
 * A `?{param}=` filter naming one of `terms` by slug: absent or empty means all; an unknown
 * slug or a repeated parameter is the 404 (like a malformed page number).
 */
export function parseTermFilter<T extends { slug: string }>(url: URL, param: string, terms: readonly T[]): T | null {
  const values = url.searchParams.getAll(param);
  if (values.length === 0 || (values.length === 1 && values[0] === "")) return null;
  if (values.length > 1) notFound();
  return terms.find((term) => term.slug === values[0]) ?? notFound();
}
