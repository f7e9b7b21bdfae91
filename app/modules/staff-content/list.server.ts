import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { DB } from "#db/schema.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { PAGE_SIZE, type ListFilter, type ListQuery, type SortKey } from "./list-query.ts";
import { registryDb } from "./tables.server.ts";
import type { ContentSpec } from "./types.ts";
import { lifecycleOf } from "./lifecycle.ts";
import { parseId } from "#app/platform/http/ids.ts";
import { offsetOf } from "#app/platform/lists/pagination.ts";

// The one where-builder of a content list. The list, its count and its bulk actions all
// call listWhere with the same filter, so a bulk action touches exactly the rows the list
// shows under that filter, and nothing else.

/** `table.column`, as an SQL reference. */
function col(spec: ContentSpec, column: string) {
  return sql.ref(`${spec.table}.${column}`);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function listWhere(spec: ContentSpec, filter: ListFilter): Expression<SqlBool> {
  const parts = [filter.view === "trash" ? sql`${col(spec, "deleted_at")} is not null` : sql`${col(spec, "deleted_at")} is null`];
  if (filter.status === "scheduled") {
    parts.push(sql`${col(spec, "status")} = 'published' and ${col(spec, "published_at")} > now()`);
  } else if (filter.status === "published" && lifecycleOf(spec).scheduled) {
    parts.push(
      sql`${col(spec, "status")} = 'published' and (${col(spec, "published_at")} is null or ${col(spec, "published_at")} <= now())`,
    );
  } else if (filter.status && spec.statuses.includes(filter.status)) {
    parts.push(sql`${col(spec, "status")} = ${filter.status}`);
  }
  if (filter.category && spec.category) parts.push(sql`${col(spec, "category_id")} = ${filter.category}`);
  if (filter.author) parts.push(sql`${col(spec, spec.authorColumn)} = ${filter.author}`);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    const titles = [spec.title.uk, spec.title.en, "slug"].filter((name): name is string => Boolean(name));
    const asId = parseId(filter.q);
    const id = asId !== null ? sql` or ${col(spec, "id")} = ${asId}` : sql``;
    parts.push(
      sql`(${sql.join(
        titles.map((name) => sql`${col(spec, name)} ilike ${pattern}`),
        sql` or `,
      )}${id})`,
    );
  }
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

function orderColumn(spec: ContentSpec, sort: SortKey) {
  return sort === "title" ? col(spec, spec.title.uk) : col(spec, sort);
}

export type ListRow = {
  id: number;
  slug: string;
  title: string;
  titleEn: string | null;
  status: string;
  scheduled: boolean;
  publishedAt: Date | null;
  updatedAt: Date;
  deletedAt: Date | null;
  category: string | null;
  author: string | null;
};

type RawRow = {
  id: number;
  slug: string;
  title: string;
  title_en: string | null;
  status: string;
  scheduled: boolean;
  published_at: Date | null;
  updated_at: Date;
  deleted_at: Date | null;
  category: string | null;
  author_name: string | null;
  author_email: string | null;
};

export async function listItems(spec: ContentSpec, query: ListQuery): Promise<{ rows: ListRow[]; total: number; pages: number }> {
  const db = registryDb(getDb());
  const where = listWhere(spec, query);
  const countRow = (await db
    .selectFrom(spec.table)
    .select(sql<number>`count(*)::int`.as("count"))
    .where(where)
    .executeTakeFirst()) as { count: number } | undefined;
  const total = Number(countRow?.count ?? 0);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const direction = query.dir === "asc" ? sql`asc` : sql`desc`;
  const rows = (await db
    .selectFrom(spec.table)
    .leftJoin("users as author", "author.id", `${spec.table}.${spec.authorColumn}`)
    .$if(Boolean(spec.category), (qb) => qb.leftJoin("categories as cat", "cat.id", `${spec.table}.category_id`))
    .select([
      `${spec.table}.id as id`,
      `${spec.table}.slug as slug`,
      sql<string>`${col(spec, spec.title.uk)}`.as("title"),
      (spec.title.en ? sql<string | null>`${col(spec, spec.title.en)}` : sql<null>`null`).as("title_en"),
      `${spec.table}.status as status`,
      sql<boolean>`${col(spec, "status")} = 'published' and coalesce(${col(spec, "published_at")} > now(), false)`.as("scheduled"),
      `${spec.table}.published_at as published_at`,
      `${spec.table}.updated_at as updated_at`,
      `${spec.table}.deleted_at as deleted_at`,
      (spec.category ? sql<string | null>`cat.name_uk` : sql<null>`null`).as("category"),
      "author.name as author_name",
      "author.email as author_email",
    ])
    .where(where)
    .orderBy(sql`${orderColumn(spec, query.sort)} ${direction} nulls last`)
    .orderBy(`${spec.table}.id`, "desc")
    .limit(PAGE_SIZE)
    .offset(offsetOf(page, PAGE_SIZE))
    .execute()) as RawRow[];
  return {
    total,
    pages,
    rows: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      titleEn: row.title_en,
      status: row.status,
      scheduled: Boolean(row.scheduled),
      publishedAt: row.published_at,
      updatedAt: row.updated_at,
      deletedAt: row.deleted_at,
      category: row.category,
      author: row.author_name || row.author_email || null,
    })),
  };
}

/** Ids of the rows a filter shows (all pages), optionally only among `ids`; locks them when inside a transaction. */
export async function matchingIds(db: Kysely<DB>, spec: ContentSpec, filter: ListFilter, ids?: readonly number[]): Promise<number[]> {
  if (ids && ids.length === 0) return [];
  let query = registryDb(db).selectFrom(spec.table).select(`${spec.table}.id as id`).where(listWhere(spec, filter));
  if (ids) query = query.where(`${spec.table}.id`, "in", [...ids]);
  const rows = (await query.orderBy(`${spec.table}.id`).forUpdate().execute()) as Array<{ id: number }>;
  return rows.map((row) => row.id);
}

/** Options of the author filter: people who wrote (or own) items of this type. */
export async function listAuthors(spec: ContentSpec): Promise<Array<{ id: number; label: string }>> {
  const rows = (await registryDb(getDb())
    .selectFrom("users")
    .select(["users.id", "users.name", "users.email"])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom(spec.table)
          .select(sql`1`.as("one"))
          .whereRef(`${spec.table}.${spec.authorColumn}`, "=", "users.id"),
      ),
    )
    .orderBy("users.name")
    .orderBy("users.email")
    .limit(200)
    .execute()) as Array<{ id: number; name: string; email: string }>;
  return rows.map((row) => ({ id: row.id, label: row.name ? `${row.name} (${row.email})` : row.email }));
}
