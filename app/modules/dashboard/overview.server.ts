import { sql } from "kysely";
import type { UserRole } from "../../../db/schema.ts";
import { can, type Permission } from "../auth/access";
import { getDb } from "../db/db.server.ts";

// The dashboard's overview: how many items of each kind are in each state, for the
// sections the role may use.

type Source = { section: string; permission: Permission; table: string; column: "status" | "role"; softDelete: boolean; link: boolean };

const SOURCES: Source[] = [
  { section: "news", permission: "news.manage", table: "news", column: "status", softDelete: true, link: true },
  { section: "pages", permission: "pages.manage", table: "pages", column: "status", softDelete: true, link: true },
  { section: "posters", permission: "posters.manage", table: "posters", column: "status", softDelete: true, link: true },
  { section: "diaspors", permission: "diaspors.manage", table: "diaspors", column: "status", softDelete: true, link: true },
  { section: "services", permission: "services.manage", table: "services", column: "status", softDelete: true, link: true },
  { section: "advertisements", permission: "advertisements.manage", table: "advertisements", column: "status", softDelete: false, link: true },
  { section: "reports", permission: "reports.manage", table: "reports", column: "status", softDelete: false, link: true },
  { section: "reklama", permission: "reklama.manage", table: "reklama", column: "status", softDelete: true, link: true },
  { section: "users", permission: "users.manage", table: "users", column: "role", softDelete: false, link: false },
];

export type OverviewRow = { section: string; link: boolean; counts: Array<{ status: string; count: number }>; total: number };

export async function contentOverview(role: UserRole): Promise<OverviewRow[]> {
  const db = getDb();
  const sources = SOURCES.filter((source) => can(role, source.permission));
  return Promise.all(
    sources.map(async (source) => {
      const state = source.softDelete
        ? sql<string>`case when deleted_at is null then ${sql.ref(source.column)} else 'deleted' end`
        : sql<string>`${sql.ref(source.column)}`;
      const { rows } = await sql<{ status: string; count: number }>`
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
