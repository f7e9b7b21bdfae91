import { localizePath, stripLocale, type LocaleCode } from "#app/i18n/locales.ts";
import type { SavedSearchFilters } from "#db/schema.ts";
import { advertQueryString, parseAdvertQuery, type AdvertListQuery } from "#app/modules/adverts/list-query.ts";
import { parseQuery } from "#app/modules/search/query.ts";

// What a saved advert search remembers: the list it came from (all adverts, a category, or
// the advert search) with its filters and words. Pure: read from and written back to a URL.

export type SearchCriteria = { categorySlug: string | null; queryText: string | null; filters: SavedSearchFilters };

const CATEGORY_PATH = /^\/advertisement\/category\/([^/]+)$/;

/** The criteria of an advert list or advert search address (path and query), or null for any other page. */
export function criteriaFromPath(source: string): SearchCriteria | null {
  let url: URL;
  try {
    url = new URL(source, "http://portal.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://portal.invalid") return null;
  const path = stripLocale(url.pathname);
  // Only a category's list has fields; its fields are checked when the search is matched.
  const category = CATEGORY_PATH.exec(path);
  const filters = filtersOf(parseAdvertQuery(url.searchParams), category !== null);
  if (path === "/advertisement") return { categorySlug: null, queryText: null, filters };
  if (category) return { categorySlug: decodeURIComponent(category[1]!), queryText: null, filters };
  if (path === "/search/advertisement") {
    const parsed = parseQuery(url.searchParams.get("q"));
    return parsed.status === "ok" ? { categorySlug: null, queryText: parsed.text, filters: {} } : null;
  }
  return null;
}

function filtersOf(query: AdvertListQuery, withFields: boolean): SavedSearchFilters {
  const filters: SavedSearchFilters = {};
  if (query.kind) filters.kind = query.kind;
  if (query.near) filters.location = query.near;
  if (query.near && query.radius !== null) filters.radius = query.radius;
  if (query.minPrice !== null) filters.min = query.minPrice;
  if (query.maxPrice !== null) filters.max = query.maxPrice;
  if (query.currency) filters.currency = query.currency;
  if (query.withPhotos) filters.photos = true;
  if (withFields && Object.keys(query.fields).length) filters.fields = query.fields;
  return filters;
}

/** The URL parameter of each stored filter but the fields (the stored `location` is the list's `near`). */
const STORED_PARAMS: Record<string, string> = {
  kind: "kind",
  location: "near",
  radius: "radius",
  min: "min",
  max: "max",
  currency: "currency",
  photos: "photos",
};

/** A stored value as URL text: amounts (and a radius in km) are stored as numbers, the rest as text; null for anything else. */
function storedText(value: unknown, amount = false): string | null {
  if (typeof value === "string") return value;
  if (amount && typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

/**
 * A saved search's stored filters (jsonb: whatever an older version, a bug or a hand edit left)
 * read again by the list's own URL parser, as if they were its address: what it would not
 * accept is dropped, and `dropped` says so, so the search still lists, opens and can be deleted.
 */
export function parseStoredFilters(stored: unknown): { filters: SavedSearchFilters; dropped: boolean } {
  if (stored === null || stored === undefined) return { filters: {}, dropped: false };
  if (typeof stored !== "object" || Array.isArray(stored)) return { filters: {}, dropped: true };
  const params = new URLSearchParams();
  let given = 0;
  let unreadable = 0;
  for (const [name, value] of Object.entries(stored as Record<string, unknown>)) {
    if (name === "fields") {
      if (value === null || typeof value !== "object" || Array.isArray(value)) {
        unreadable++;
        continue;
      }
      for (const [key, param] of Object.entries(value as Record<string, unknown>)) {
        if (param === null || typeof param !== "object" || Array.isArray(param)) {
          unreadable++;
          continue;
        }
        for (const [bound, raw] of Object.entries(param as Record<string, unknown>)) {
          const text = storedText(raw);
          if (text === null || !["min", "max", "is"].includes(bound)) unreadable++;
          else {
            given++;
            params.append(bound === "is" ? `f.${key}` : `f.${key}.${bound}`, text);
          }
        }
      }
      continue;
    }
    if (name === "photos" && value === false) continue;
    const param = Object.hasOwn(STORED_PARAMS, name) ? STORED_PARAMS[name] : undefined;
    const text =
      name === "photos" ? (value === true ? "1" : null) : storedText(value, name === "min" || name === "max" || name === "radius");
    if (param === undefined || text === null) {
      unreadable++;
      continue;
    }
    given++;
    params.append(param, text);
  }
  const filters = filtersOf(parseAdvertQuery(params), true);
  const kept =
    Object.keys(filters).filter((name) => name !== "fields").length +
    Object.values(filters.fields ?? {}).reduce((sum, param) => sum + Object.keys(param).length, 0);
  return { filters, dropped: unreadable > 0 || kept < given };
}

/** The address that shows the saved search's results again, in `locale`. */
export function pathOfCriteria(criteria: SearchCriteria, locale: LocaleCode): string {
  if (criteria.queryText) return `${localizePath("/search/advertisement", locale)}?q=${encodeURIComponent(criteria.queryText)}`;
  const base = criteria.categorySlug ? `/advertisement/category/${encodeURIComponent(criteria.categorySlug)}` : "/advertisement";
  return localizePath(base, locale) + advertQueryString(listQueryOf(criteria.filters));
}

/** The stored filters as the list's own query (sorted newest first, as alerts are). */
export function listQueryOf(filters: SavedSearchFilters): AdvertListQuery {
  return {
    kind: filters.kind ?? null,
    near: filters.location ?? null,
    radius: filters.location ? (filters.radius ?? null) : null,
    minPrice: filters.min ?? null,
    maxPrice: filters.max ?? null,
    currency: filters.currency ?? null,
    withPhotos: filters.photos === true,
    sort: "newest",
    fields: filters.fields ?? {},
  };
}
