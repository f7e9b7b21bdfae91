import { sql, type RawBuilder } from "kysely";
import { getDb } from "#app/platform/db/db.server.ts";
import type { FieldFilter } from "./category-field-filters.ts";
import { cityWithin, type NearFilter } from "#app/modules/taxonomy/near.server.ts";

// The adverts a list's field filters let through, read from advert_field_values alone. Each
// value row carries its advert's category, place, listing time, expiry and list order (copied
// by migrations/0029's triggers), and the partial indexes (field_id, category_id, value) include
// them, so a filter's matches, their liveness and their order come index-only: advertisements
// is never read for the thousands of values a filter passes. The liveness mirrors LIVE_ADVERT
// (queries.server.ts): listed_at is the publication time of a published, not deleted advert.

export type FieldFilters = readonly [FieldFilter, ...FieldFilter[]];

/**
 * Where the adverts must be: the list's category (with its children) and place (the city itself
 * or the cities within a radius of it: the value rows carry their advert's city), when it names them.
 */
type Scope = { categoryIds?: readonly number[]; near?: NearFilter | null };

/**
 * `filter` on the value row `v` of a listed advert in `scope`: the partial indexes' predicate and
 * columns. A filter on either of two fields (a range's ends) takes the row of either; as the
 * leading filter (`lead`: one row per advert) the second field's row only when the first's fails.
 */
function valueCondition(v: string, filter: FieldFilter, { categoryIds, near }: Scope, lead = false): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(`${v}.${name}`);
  const parts = [sql`${column("listed_at")} is not null`];
  if (categoryIds) parts.push(sql`${column("category_id")} in (${sql.join(categoryIds.length ? [...categoryIds] : [-1])})`);
  const place = near ? cityWithin(sql.ref<number | null>(`${v}.location_id`), near) : null;
  if (place) parts.push(place);
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
  const value = sql.join(parts, sql` and `);
  if (filter.kind !== "number" || filter.alsoFieldId === undefined)
    return sql<boolean>`${column("field_id")} = ${filter.fieldId} and ${value}`;
  const also = filter.alsoFieldId;
  if (!lead) return sql<boolean>`${column("field_id")} in (${filter.fieldId}, ${also}) and ${value}`;
  const first = `${v}_first`;
  const firstPasses: RawBuilder<unknown> = sql`exists (select 1 from advert_field_values ${sql.table(first)} where ${sql.ref(`${first}.advertisement_id`)} = ${column("advertisement_id")} and ${valueCondition(first, { ...filter, alsoFieldId: undefined }, { categoryIds, near })})`;
  return sql<boolean>`(${column("field_id")} = ${filter.fieldId} or (${column("field_id")} = ${also} and not ${firstPasses})) and ${value}`;
}

function onTwoFields(filter: FieldFilter): boolean {
  return filter.kind === "number" && filter.alsoFieldId !== undefined;
}

/**
 * The live adverts in `scope` passing every filter, as value rows `v0` of the first filter (one
 * per advert): `v0.advertisement_id`, and `v0.raised_at`, `v0.sort_price` for the list's order.
 */
export function fieldMatches(filters: FieldFilters, scope: Scope) {
  // A filter on one field leads when there is one: its rows come straight from one index range,
  // while a range's leading rows need a check per row; the others are per-advert checks.
  const [first, ...rest] = [...filters].sort((a, b) => Number(onTwoFields(a)) - Number(onTwoFields(b))) as [FieldFilter, ...FieldFilter[]];
  let query = getDb()
    .selectFrom("advert_field_values as v0")
    .where(valueCondition("v0", first, scope, true))
    .where(sql<boolean>`v0.listed_at <= now() and (v0.expires_at is null or v0.expires_at > now())`);
  rest.forEach((filter, index) => {
    const v = `v${index + 1}`;
    query = query.where(
      sql<boolean>`exists (select 1 from advert_field_values ${sql.table(v)} where ${sql.ref(`${v}.advertisement_id`)} = v0.advertisement_id and ${valueCondition(v, filter, scope)})`,
    );
  });
  return query;
}
