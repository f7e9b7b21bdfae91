import { sql } from "kysely";
import type { AdvertKind, AlertFrequency, Locale, SavedSearch } from "#db/schema.ts";
import { consumeLimit, type Limit } from "#app/modules/auth/rate-limit.server.ts";
import { applyAdvertFilters, categoryWithDescendants, liveAdverts } from "#app/modules/adverts/queries.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { categoryFields } from "#app/modules/adverts/category-fields.server.ts";
import { resolveFieldFilters, type FieldFilter } from "#app/modules/adverts/category-field-filters.ts";
import { parseQuery, toTsQuery } from "#app/modules/search/query.ts";
import { stemWords } from "#app/modules/search/queries.server.ts";
import { listQueryOf, parseStoredFilters, pathOfCriteria, type SearchCriteria } from "./criteria.ts";
import type { NearFilter } from "#app/modules/taxonomy/near.server.ts";
import { languageOf, type Language } from "#app/i18n/locales.ts";
import { pickLocalized } from "#app/platform/format/localized.ts";
import type { Radius } from "#app/platform/geo/radius.ts";

// A user's saved advert searches: the cabinet's list (with new matches since the last visit),
// renaming, deleting, alert frequency. Matching goes through the advert list's own where-builder.

/** A user keeps at most this many; more would mostly be forgotten ones that still send mail. */
export const MAX_SAVED_SEARCHES = 20;
/** Creating (and so mailing) searches is capped per hour as well, like other user actions. */
const SAVED_SEARCH_CREATE_LIMIT: Limit = { max: 30, windowMs: 60 * 60 * 1000 };

type StoredCriteria = Pick<SavedSearch, "category_slug" | "query_text" | "filters">;

/** A saved search's criteria as they parse today, and whether part of what was stored no longer does. */
function storedCriteria(search: StoredCriteria): { criteria: SearchCriteria; dropped: boolean } {
  const { filters, dropped } = parseStoredFilters(search.filters);
  return { criteria: { categorySlug: search.category_slug, queryText: search.query_text, filters }, dropped };
}

/** The criteria of a stored search, what no longer parses left out. */
export function criteriaOf(search: StoredCriteria): SearchCriteria {
  return storedCriteria(search).criteria;
}

/** The advert category a saved search names, if it still exists. */
export function advertCategory(slug: string) {
  return getDb().selectFrom("categories").select("id").where("kind", "=", "advertisement").where("slug", "=", slug).executeTakeFirst();
}

/**
 * The place a saved search names, with its radius as the list reads it (a place without a
 * point is only itself); null without one, `missing` when no location has that slug any more.
 */
async function savedPlace(criteria: SearchCriteria, language: Language = "uk"): Promise<NearFilter | null | "missing"> {
  const slug = criteria.filters.location;
  if (!slug) return null;
  const row = await getDb()
    .selectFrom("locations")
    .select(["id", "slug", "name_uk", "name_en", "latitude", "longitude"])
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (!row) return "missing";
  const point = row.latitude === null || row.longitude === null ? null : { latitude: row.latitude, longitude: row.longitude };
  const place = { id: row.id, slug: row.slug, name: pickLocalized(row.name_uk, row.name_en, language), point };
  return { place, radius: point ? (criteria.filters.radius ?? null) : null };
}

/**
 * Live adverts matching the criteria, as a query on alias `a` (null when a category or
 * location it names no longer exists: then nothing matches). A place with a radius matches the
 * adverts of the cities within it, through the list's own where-builder.
 */
export async function matchingAdverts(criteria: SearchCriteria, place?: NearFilter | null | "missing") {
  let categoryIds: number[] | undefined;
  let fieldFilters: FieldFilter[] = [];
  if (criteria.categorySlug) {
    const category = await advertCategory(criteria.categorySlug);
    if (!category) return null;
    categoryIds = await categoryWithDescendants(category.id);
    // As the list does: a filter by a field since removed no longer narrows the search.
    if (criteria.filters.fields) fieldFilters = resolveFieldFilters(await categoryFields(category.id), criteria.filters.fields).filters;
  }
  const near = place === undefined ? await savedPlace(criteria) : place;
  if (near === "missing") return null;
  let query = applyAdvertFilters(liveAdverts(), { ...listQueryOf(criteria.filters), categoryIds, near, fieldFilters });
  if (criteria.queryText) {
    const parsed = parseQuery(criteria.queryText);
    if (parsed.status !== "ok") return null;
    // As the advert search matches (without its typo correction): each word as a prefix or by its stem.
    const tsquery = toTsQuery(
      parsed.words.map((word) => [word]),
      await stemWords(parsed.words),
    );
    query = query.where(sql<boolean>`a.search_stems @@ to_tsquery('simple', ${tsquery})`);
  }
  return query;
}

export type SavedSearchView = {
  id: number;
  name: string;
  /** The advert kind it is narrowed to (a label by its name), or null for every kind. */
  kind: AdvertKind | null;
  /** The place it is narrowed to (its name in the page's language) and how far from it; null: everywhere. */
  place: { name: string; radius: Radius } | null;
  alert: AlertFrequency;
  path: string;
  newCount: number;
  createdAt: string;
  /** Part of what was stored no longer parses and is left out (the page says so). */
  dropped: boolean;
};

/** The user's searches, newest first, each with the count of adverts published since it was last opened. */
export async function listSavedSearches(userId: number, locale: Locale): Promise<SavedSearchView[]> {
  const rows = await getDb()
    .selectFrom("saved_searches")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return Promise.all(
    rows.map(async (row) => {
      const { criteria, dropped } = storedCriteria(row);
      const near = await savedPlace(criteria, languageOf(locale));
      const matches = await matchingAdverts(criteria, near);
      const counted = matches
        ? await matches
            .where("a.published_at", ">", row.last_seen_at)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirst()
        : null;
      return {
        id: row.id,
        name: row.name,
        kind: criteria.filters.kind ?? null,
        place: near && near !== "missing" ? { name: near.place.name.text, radius: near.radius } : null,
        alert: row.alert,
        path: pathOfCriteria(criteria, locale),
        newCount: Number(counted?.n ?? 0),
        createdAt: new Date(row.created_at).toISOString(),
        dropped,
      };
    }),
  );
}

export type CreateOutcome =
  { ok: true; id: number } | { ok: false; reason: "too_many" } | { ok: false; reason: "limited"; retryAfterSeconds: number };

/** Saves a search; at most MAX_SAVED_SEARCHES per user, checked under a per-user lock so bursts cannot overshoot. */
export async function createSavedSearch(
  userId: number,
  values: { name: string; locale: Locale; criteria: SearchCriteria },
): Promise<CreateOutcome> {
  const limit = await consumeLimit([{ key: `saved-search:user:${userId}`, limit: SAVED_SEARCH_CREATE_LIMIT }]);
  if (limit.limited) return { ok: false, reason: "limited", retryAfterSeconds: limit.retryAfterSeconds };
  return getDb()
    .transaction()
    .execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`saved-search:${userId}`}))`.execute(trx);
      const count = await trx
        .selectFrom("saved_searches")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= MAX_SAVED_SEARCHES) return { ok: false, reason: "too_many" } as const;
      const row = await trx
        .insertInto("saved_searches")
        .values({
          user_id: userId,
          name: values.name,
          locale: values.locale,
          category_slug: values.criteria.categorySlug,
          query_text: values.criteria.queryText,
          filters: JSON.stringify(values.criteria.filters),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { ok: true, id: row.id } as const;
    });
}

export async function renameSavedSearch(userId: number, id: number, name: string): Promise<boolean> {
  const result = await getDb()
    .updateTable("saved_searches")
    .set({ name, updated_at: new Date() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteSavedSearch(userId: number, id: number): Promise<boolean> {
  const result = await getDb().deleteFrom("saved_searches").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Sets how often the search mails; switching alerts off drops what was queued and not yet sent. */
export async function setSavedSearchAlert(id: number, alert: AlertFrequency, userId?: number): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      let update = trx.updateTable("saved_searches").set({ alert, updated_at: new Date() }).where("id", "=", id);
      if (userId !== undefined) update = update.where("user_id", "=", userId);
      const result = await update.executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      if (alert === "off") await trx.deleteFrom("alert_matches").where("saved_search_id", "=", id).where("sent_at", "is", null).execute();
      return true;
    });
}

/** Opening a search from the cabinet: its new-match count starts again from now. */
export async function markSavedSearchSeen(userId: number, id: number): Promise<SavedSearch | null> {
  const row = await getDb()
    .updateTable("saved_searches")
    .set({ last_seen_at: new Date() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}
