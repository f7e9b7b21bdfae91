import type { Language } from "~/i18n/locales";
import type { CategoryKind } from "../../../db/schema.ts";
import { pickLocalized, type LocalizedText } from "../content/localized.ts";
import { getDb } from "../db/db.server.ts";
import { notFound } from "./not-found.ts";

export type CategoryLink = { id: number; slug: string; name: LocalizedText };
export type LocationOption = { id: number; slug: string; name: LocalizedText };

export async function listCategories(kind: CategoryKind, language: Language): Promise<CategoryLink[]> {
  const rows = await getDb()
    .selectFrom("categories")
    .select(["id", "slug", "name_uk", "name_en"])
    .where("kind", "=", kind)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ id: row.id, slug: row.slug, name: pickLocalized(row.name_uk, row.name_en, language) }));
}

/** The category of `kind` with this slug, or the SPEC 404. */
export async function requireCategory(kind: CategoryKind, slug: string, language: Language): Promise<CategoryLink> {
  const row = await getDb()
    .selectFrom("categories")
    .select(["id", "slug", "name_uk", "name_en"])
    .where("kind", "=", kind)
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (!row) notFound();
  return { id: row.id, slug: row.slug, name: pickLocalized(row.name_uk, row.name_en, language) };
}

export async function listLocations(language: Language): Promise<LocationOption[]> {
  const rows = await getDb()
    .selectFrom("locations")
    .select(["id", "slug", "name_uk", "name_en"])
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ id: row.id, slug: row.slug, name: pickLocalized(row.name_uk, row.name_en, language) }));
}

/**
 * The `?location=` filter of a list: absent or empty means all; an unknown slug or a repeated
 * parameter is the SPEC 404 (like a malformed page number).
 */
export function parseLocationFilter(url: URL, locations: readonly LocationOption[]): LocationOption | null {
  const values = url.searchParams.getAll("location");
  if (values.length === 0 || (values.length === 1 && values[0] === "")) return null;
  if (values.length > 1) notFound();
  return locations.find((location) => location.slug === values[0]) ?? notFound();
}
