import { sql } from "kysely";
import { localizePath, type Language, type LocaleCode } from "#app/i18n/locales.ts";
import { pickLocalized } from "#app/platform/format/localized.ts";
import type { Bbox } from "#app/platform/geo/bbox.ts";
import { badRequest } from "#app/platform/http/errors.ts";
import type { VersionedTable } from "#app/platform/page-cache/content-state.server.ts";
import { publicRows } from "#app/modules/content/public-cards.server.ts";
import { directoryFilter, hasCategories, type DirectoryTable } from "#app/modules/directory/directory.server.ts";
import { eventPlace, optionalText, posterFilter, withShownDate } from "#app/modules/posters/posters.server.ts";
import { CATEGORY_TYPES, publicPathOf } from "#app/modules/staff-content/registry.ts";
import { parseNearFilter, placeColumns, placeKm, type NearFilter } from "#app/modules/taxonomy/near.server.ts";
import { listLocations, requireCategory, type LocationOption } from "#app/modules/taxonomy/public-terms.server.ts";
import { isDirectoryType, typesWithSpec } from "#app/modules/staff-content/public-specs.ts";
import type { MapPoint, MapPoints } from "./map-points.ts";

// The places a list's map shows: its published items (events: upcoming) at their own point,
// else at their city's, with the list's filters (category, near and radius, the visible area).
// The map's JSON (route map-points) and a list's `?view=map` (its no-JS list of places) read them.

/** At most this many places in one answer (`truncated` says more matched). */
const MAX_MAP_POINTS = 2_000;

/** The lists with a map, by their path segment: events (`poster`) and every directory (its table's name). */
export type MapKind = "poster" | DirectoryTable;
const DIRECTORIES: readonly DirectoryTable[] = typesWithSpec("directory").filter(isDirectoryType);

export function isMapKind(value: string): value is MapKind {
  return value === "poster" || (DIRECTORIES as readonly string[]).includes(value);
}

/** The tables the map points are read from (its route's page-cache deps). */
export const MAP_POINTS_DEPS: VersionedTable[] = ["posters", "poster_occurrences", ...DIRECTORIES, "categories", "locations"];

export type MapFilter = {
  language: Language;
  locale: LocaleCode;
  categoryId?: number;
  near: NearFilter | null;
  bbox: Bbox | null;
  limit?: number;
};

type Row = {
  id: number;
  slug: string;
  title_uk: string;
  title_en: string | null;
  latitude: number;
  longitude: number;
  distance_km: number | null;
  location_name_uk: string | null;
  location_name_en: string | null;
  address: string | null;
};

const pointLatitude = (alias: string) => sql<number>`coalesce(${sql.ref(`${alias}.latitude`)}, loc.latitude)`;
const pointLongitude = (alias: string) => sql<number>`coalesce(${sql.ref(`${alias}.longitude`)}, loc.longitude)`;

function toPoint(row: Row, language: Language, path: string, place: string | null): MapPoint {
  return {
    id: row.id,
    latitude: row.latitude,
    longitude: row.longitude,
    title: pickLocalized(row.title_uk, row.title_en, language).text,
    url: path,
    place,
    distanceKm: row.distance_km === null ? null : Math.round(row.distance_km * 10) / 10,
  };
}

function finish(points: MapPoint[], limit: number): MapPoints {
  return { points: points.slice(0, limit), truncated: points.length > limit };
}

async function posterPoints(filter: MapFilter): Promise<MapPoints> {
  const { language, locale, near, bbox, categoryId, limit = MAX_MAP_POINTS } = filter;
  const rows = await withShownDate(publicRows("posters"))
    .leftJoin("locations as loc", "loc.id", "posters.location_id")
    .where(posterFilter("upcoming", { categoryId, near, bbox }))
    .where(sql<boolean>`coalesce(posters.latitude, loc.latitude) is not null`)
    .select([
      "posters.id",
      "posters.slug",
      "posters.title_uk",
      "posters.title_en",
      "posters.venue_uk",
      "posters.venue_en",
      "posters.address",
      "loc.name_uk as location_name_uk",
      "loc.name_en as location_name_en",
      pointLatitude("posters").as("latitude"),
      pointLongitude("posters").as("longitude"),
      placeKm(placeColumns("posters"), near).as("distance_km"),
    ])
    .orderBy(sql`shown.starts_at`, "asc")
    .orderBy("posters.id", "asc")
    .limit(limit + 1)
    .execute();
  const points = rows.map((row) => {
    const location = row.location_name_uk ? pickLocalized(row.location_name_uk, row.location_name_en, language) : null;
    const place = eventPlace({ venue: optionalText(row.venue_uk, row.venue_en, language), address: row.address, location });
    return toPoint(row, language, localizePath(publicPathOf("posters", row.slug), locale), place);
  });
  return finish(points, limit);
}

async function directoryPoints(table: DirectoryTable, filter: MapFilter): Promise<MapPoints> {
  const { language, locale, near, bbox, categoryId, limit = MAX_MAP_POINTS } = filter;
  const query = publicRows(table, "d")
    .leftJoin("locations as loc", "loc.id", "d.location_id")
    .where(directoryFilter(table, { categoryId, near, bbox }))
    .where(sql<boolean>`coalesce(d.latitude, loc.latitude) is not null`);
  const nameOrder = language === "en" ? sql`coalesce(nullif(d.name_en, ''), d.name_uk)` : sql`d.name_uk`;
  const rows = await query
    .select([
      "d.id",
      "d.slug",
      "d.name_uk as title_uk",
      "d.name_en as title_en",
      "d.address",
      "loc.name_uk as location_name_uk",
      "loc.name_en as location_name_en",
      pointLatitude("d").as("latitude"),
      pointLongitude("d").as("longitude"),
      placeKm(placeColumns("d"), near).as("distance_km"),
    ])
    .orderBy(nameOrder)
    .orderBy("d.id")
    .limit(limit + 1)
    .execute();
  const points = rows.map((row) => {
    const city = row.location_name_uk ? pickLocalized(row.location_name_uk, row.location_name_en, language).text : null;
    const place = [row.address, city].filter(Boolean).join(", ") || null;
    return toPoint(row, language, localizePath(publicPathOf(table, row.slug), locale), place);
  });
  return finish(points, limit);
}

/** The places of a kind's list, filtered. */
export function mapPoints(kind: MapKind, filter: MapFilter): Promise<MapPoints> {
  return kind === "poster" ? posterPoints(filter) : directoryPoints(kind, filter);
}

/** The category kind of a map kind's list, or null when its list has no categories. */
function categoryKindOf(kind: MapKind) {
  if (kind === "poster") return CATEGORY_TYPES.posters;
  return hasCategories(kind) ? CATEGORY_TYPES[kind] : null;
}

/** `?category=<slug>` of the map's JSON: absent is all; an unknown slug is the 404, a list without categories answers 400. */
export async function mapCategoryFilter(kind: MapKind, url: URL, language: Language): Promise<number | undefined> {
  const slug = url.searchParams.get("category");
  if (slug === null || slug === "") return undefined;
  const categoryKind = categoryKindOf(kind);
  if (!categoryKind || url.searchParams.getAll("category").length > 1) badRequest();
  return (await requireCategory(categoryKind, slug, language)).id;
}

/** `near`, `radius` (and the older `location`) of a URL, as the lists read them. */
export async function mapNearFilter(url: URL, language: Language, locations?: readonly LocationOption[]) {
  return parseNearFilter(url, locations ?? (await listLocations(language)));
}
