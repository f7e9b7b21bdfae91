import { sql } from "kysely";
import type { TimedChange, VersionedTable } from "#app/platform/page-cache/content-state.server.ts";
import { CONTENT_TYPES, contentSpecs, type StaffTable, type TagTable } from "#app/modules/staff-content/types.ts";
import { lifecycleOf } from "#app/modules/staff-content/lifecycle.ts";
import { publishedUntrashed, scheduledPublication } from "./visibility.server.ts";

// Which tables the public pages are built from and when time alone changes them: the
// content's knowledge, handed to the platform's page cache at start (app/page-cache-sources.server.ts).

/** Tables whose changes concern adverts only; everything else is staff content. */
export const ADVERT_TABLES = [
  "advertisements",
  "advertisement_images",
  "advert_fields",
  "advert_field_values",
] as const satisfies readonly VersionedTable[];
const SHARED_TABLES = ["categories", "tags", "locations", "settings", "images", "poster_occurrences"] as const;
/** Every table a staff content page is built from (shell included: settings, pages): the registry's staff types, their tag links, the shared tables. */
export const CONTENT_TABLES: ReadonlyArray<StaffTable | TagTable | (typeof SHARED_TABLES)[number]> = [
  ...CONTENT_TYPES.filter((type): type is StaffTable => !(ADVERT_TABLES as readonly string[]).includes(type)),
  ...contentSpecs().flatMap((spec) => (spec.tags ? [spec.tags.table] : [])),
  ...SHARED_TABLES,
];

/** The next moment each staff type's `published_at` and timeline columns reach (trusted constants of the registry); every timed value depends on it. */
export const STAFF_CONTENT_MOMENTS: TimedChange = {
  nextMoment: () =>
    sql`least(${sql.join([
      ...contentSpecs()
        .filter((spec) => lifecycleOf(spec).scheduled)
        .flatMap((spec) => [
          sql`(select min(published_at) from ${sql.table(spec.table)} where ${scheduledPublication(spec.table)})`,
          ...(spec.timeline ?? []).map(
            (moment) =>
              sql`(select min(${sql.raw(moment)}) from ${sql.table(spec.table)} where ${publishedUntrashed(spec.table)} and ${sql.raw(moment)} > now())`,
          ),
        ]),
      // An event's dates (a series has many): a list moves on to the next when one starts or ends.
      sql`(select min(starts_at) from poster_occurrences where cancelled_at is null and starts_at > now())`,
      sql`(select min(coalesce(ends_at, starts_at)) from poster_occurrences where cancelled_at is null and coalesce(ends_at, starts_at) > now())`,
    ])})`,
};

/** An advert going live or running out: only values built from advert tables depend on it. */
export const ADVERT_MOMENTS: TimedChange = {
  tables: ADVERT_TABLES,
  nextMoment: () => sql`least(
    (select min(published_at) from advertisements where status = 'published' and published_at > now()),
    (select min(expires_at) from advertisements where status = 'published' and expires_at > now())
  )`,
};
