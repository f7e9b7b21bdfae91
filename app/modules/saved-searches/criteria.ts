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
  const query = parseAdvertQuery(url.searchParams);
  const filters: SavedSearchFilters = {};
  if (query.location) filters.location = query.location;
  if (query.minPrice !== null) filters.min = query.minPrice;
  if (query.maxPrice !== null) filters.max = query.maxPrice;
  if (query.currency) filters.currency = query.currency;
  if (query.withPhotos) filters.photos = true;
  // Only a category's list has fields; its fields are checked when the search is matched.
  const category = CATEGORY_PATH.exec(path);
  if (category && Object.keys(query.fields).length) filters.fields = query.fields;
  if (path === "/advertisement") return { categorySlug: null, queryText: null, filters };
  if (category) return { categorySlug: decodeURIComponent(category[1]!), queryText: null, filters };
  if (path === "/search/advertisement") {
    const parsed = parseQuery(url.searchParams.get("q"));
    return parsed.status === "ok" ? { categorySlug: null, queryText: parsed.text, filters: {} } : null;
  }
  return null;
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
    location: filters.location ?? null,
    minPrice: filters.min ?? null,
    maxPrice: filters.max ?? null,
    currency: filters.currency ?? null,
    withPhotos: filters.photos === true,
    sort: "newest",
    fields: filters.fields ?? {},
  };
}
