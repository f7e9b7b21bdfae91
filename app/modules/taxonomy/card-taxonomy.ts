import { sql } from "kysely";
import type { Language } from "#app/i18n/locales.ts";
import { pickLocalized, type LocalizedText } from "#app/platform/format/localized.ts";

// A content card's category and location (news, posters, services, diaspors, adverts),
// from `categories` joined `as cat` and `locations` joined `as loc`.

/** Select list for a category joined `as cat` (left joined: null without one). */
export const CATEGORY_SELECT = [
  sql<string | null>`cat.slug`.as("category_slug"),
  sql<string | null>`cat.name_uk`.as("category_name_uk"),
  sql<string | null>`cat.name_en`.as("category_name_en"),
] as const;

/** Select list for a location joined `as loc` (left joined: null without one). */
export const LOCATION_SELECT = [
  sql<string | null>`loc.name_uk`.as("location_name_uk"),
  sql<string | null>`loc.name_en`.as("location_name_en"),
] as const;

type CategoryColumns = { category_slug: string | null; category_name_uk: string | null; category_name_en: string | null };
type LocationColumns = { location_name_uk: string | null; location_name_en: string | null };

/** The card's category link, or null when it has none. */
export function cardCategory(row: CategoryColumns, language: Language): { slug: string; name: LocalizedText } | null {
  return row.category_slug ? { slug: row.category_slug, name: pickLocalized(row.category_name_uk!, row.category_name_en, language) } : null;
}

/** The card's location name, or null when it has none. */
export function cardLocation(row: LocationColumns, language: Language): LocalizedText | null {
  return row.location_name_uk ? pickLocalized(row.location_name_uk, row.location_name_en, language) : null;
}
