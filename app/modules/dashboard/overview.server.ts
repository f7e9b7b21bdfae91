import { sql } from "kysely";
import type { UserRole } from "#db/schema.ts";
import { can, type Permission } from "#app/modules/auth/access.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import type { GroupName } from "#app/i18n/keys.ts";
import { contentSpecs, type ContentSpec } from "#app/modules/staff-content/types.ts";
import { lifecycleOf } from "#app/modules/staff-content/lifecycle.ts";

// The dashboard's overview: how many items of each kind are in each state, for the
// sections the role may use.

type Source = {
  section: GroupName<"dashboard", "sections">;
  permission: Permission;
  table: "reports" | "users" | ContentSpec["table"];
  column: "status" | "role";
  softDelete: boolean;
  link: boolean;
};

/** A content type's row; staff content counts its trash as "deleted", adverts' own statuses say it. */
function contentSources(managedBy: ContentSpec["managedBy"]): Source[] {
  return contentSpecs()
    .filter((spec) => spec.managedBy === managedBy)
    .map((spec) => ({
      section: spec.type,
      permission: spec.permission,
      table: spec.table,
      column: "status",
      softDelete: lifecycleOf(spec).overviewCountsTrash,
      link: true,
    }));
}

// In the dashboard menu's order: staff sections, then admin-only ones.
const SOURCES: Source[] = [
  ...contentSources("staff"),
  { section: "reports", permission: "reports.manage", table: "reports", column: "status", softDelete: false, link: true },
  ...contentSources("admin"),
  { section: "users", permission: "users.manage", table: "users", column: "role", softDelete: false, link: false },
];

/** A state: a status or role (check-constrained columns) or "deleted"; each has a `dashboard:status` message. */
type State = GroupName<"dashboard", "status">;

export type OverviewRow = { section: Source["section"]; link: boolean; counts: Array<{ status: State; count: number }>; total: number };

export async function contentOverview(role: UserRole): Promise<OverviewRow[]> {
  const db = getDb();
  const sources = SOURCES.filter((source) => can(role, source.permission));
  return Promise.all(
    sources.map(async (source) => {
      const state = source.softDelete
        ? sql<State>`case when deleted_at is null then ${sql.ref(source.column)} else 'deleted' end`
        : sql<State>`${sql.ref(source.column)}`;
      const { rows } = await sql<{ status: State; count: number }>`
        select ${state} as status, count(*)::int as count
        from ${sql.table(source.table)}
        group by 1
        order by 1`.execute(db);
      return {
        section: source.section,
        link: source.link,
        counts: rows.map((row) => ({ status: row.status, count: Number(row.count) })),
        total: rows.reduce((sum, row) => sum + Number(row.count), 0),
      };
    }),
  );
}
