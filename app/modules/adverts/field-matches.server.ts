import { sql } from "kysely";
import { getDb } from "#app/modules/db/db.server.ts";
import type { FieldFilter } from "./category-field-filters.ts";

// The adverts a list's field filters let through, read from advert_field_values alone. Each
// value row carries its advert's category, place, listing time, expiry and list order (copied
// by migrations/0029's triggers), and the partial indexes (field_id, category_id, value) include
// them, so a filter's matches, their liveness and their order come index-only: advertisements
// is never read for the thousands of values a filter passes. The liveness mirrors LIVE_ADVERT
// (queries.server.ts): listed_at is the publication time of a published, not deleted advert.

export type FieldFilters = readonly [FieldFilter, ...FieldFilter[]];

/** Where the adverts must be: the list's category (with its children) and place, when it names them. */
type Scope = { categoryIds?: readonly number[]; locationId?: number };

/** `filter` on the value row `v` of a listed advert in `scope`: the partial indexes' predicate and columns. */
function valueCondition(v: string, filter: FieldFilter, { categoryIds, locationId }: Scope) {
  const column = (name: string) => sql.ref(`${v}.${name}`);
  const parts = [sql`${column("field_id")} = ${filter.fieldId}`, sql`${column("listed_at")} is not null`];
  if (categoryIds) parts.push(sql`${column("category_id")} in (${sql.join(categoryIds.length ? [...categoryIds] : [-1])})`);
  if (locationId !== undefined) parts.push(sql`${column("location_id")} = ${locationId}`);
  switch (filter.kind) {
    case "number":
      parts.push(sql`${column("number_value")} is not null`);
      if (filter.min !== null) parts.push(sql`${column("number_value")} >= ${String(filter.min)}::numeric`);
      if (filter.max !== null) parts.push(sql`${column("number_value")} <= ${String(filter.max)}::numeric`);
      break;
    case "date":
      parts.push(sql`${column("date_value")} is not null`);
      if (filter.min !== null) parts.push(sql`${column("date_value")} >= ${filter.min}::date`);
      if (filter.max !== null) parts.push(sql`${column("date_value")} <= ${filter.max}::date`);
      break;
    case "select":
      parts.push(sql`${column("text_value")} is not null`, sql`${column("text_value")} = ${filter.value}`);
      break;
    case "boolean":
      parts.push(sql`${column("bool_value")} is not null`, sql`${column("bool_value")} = true`);
      break;
  }
  return sql<boolean>`${sql.join(parts, sql` and `)}`;
}

/**
 * The live adverts in `scope` passing every filter, as value rows `v0` of the first filter (one
 * per advert): `v0.advertisement_id`, and `v0.raised_at`, `v0.sort_price` for the list's order.
 */
export function fieldMatches(filters: FieldFilters, scope: Scope) {
  const [first, ...rest] = filters;
  let query = getDb()
    .selectFrom("advert_field_values as v0")
    .where(valueCondition("v0", first, scope))
    .where(sql<boolean>`v0.listed_at <= now() and (v0.expires_at is null or v0.expires_at > now())`);
  rest.forEach((filter, index) => {
    const v = `v${index + 1}`;
    query = query.where(
      sql<boolean>`exists (select 1 from advert_field_values ${sql.table(v)} where ${sql.ref(`${v}.advertisement_id`)} = v0.advertisement_id and ${valueCondition(v, filter, scope)})`,
    );
  });
  return query;
}
