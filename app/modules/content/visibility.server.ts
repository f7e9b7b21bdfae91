import { sql, type RawBuilder, type SqlBool } from "kysely";
import { publicSpec } from "#app/modules/staff-content/public-specs.ts";
import type { StaffTable } from "#app/modules/staff-content/types.ts";

// The one rule for when staff content is public. Every public read (lists, item pages, the
// sitemap, feeds, search, reports, the page cache's clock) asks here, so a draft, an archived,
// a trashed or a scheduled item can never leak through one query that forgot a condition.
// Adverts are not staff content: their "live" rule (expiry, moderation) is in adverts/queries.

function column(alias: string, name: string) {
  return sql.ref(`${alias}.${name}`);
}

/**
 * Published and not in the trash, whatever the clock says. Alone it is only for asking when
 * an item will become public (`scheduledPublication`, the page cache's timers).
 */
export function publishedUntrashed(alias: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${column(alias, "status")} = 'published' and ${column(alias, "deleted_at")} is null)`;
}

/**
 * Public now; `alias` names the table in the query when it is not the table's own name. A type
 * dated by its publication time (`dated` in the registry: news, whose lists order by it and
 * whose page prints it) is not public without one; other content without one counts as
 * published when saved.
 */
export function publiclyVisible(table: StaffTable, alias: string = table): RawBuilder<SqlBool> {
  const at = column(alias, "published_at");
  const reached = publicSpec(table).dated ? sql`${at} <= now()` : sql`(${at} is null or ${at} <= now())`;
  return sql<SqlBool>`(${publishedUntrashed(alias)} and ${reached})`;
}

/** Published and untrashed, but with a publication time still ahead. */
export function scheduledPublication(alias: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${publishedUntrashed(alias)} and ${column(alias, "published_at")} > now())`;
}
