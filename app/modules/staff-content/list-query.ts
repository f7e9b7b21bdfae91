import { z } from "zod";
import { parseQuery, queryEnum, queryId, queryPage, queryText } from "#app/platform/http/query.ts";

// A dashboard list's state lives in its URL (bookmarkable, works without JS): filters,
// sort and page. The same parsed filter drives the list and its bulk actions.

const SORT_KEYS = ["title", "status", "published_at", "updated_at", "created_at"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const PAGE_SIZE = 20;

const listQueryShape = {
  status: queryText(20),
  category: queryId,
  author: queryId,
  q: queryText(200),
  view: queryEnum(["active", "trash"], "active"),
  sort: queryEnum(SORT_KEYS, "updated_at"),
  dir: queryEnum(["asc", "desc"], "desc"),
  page: queryPage,
};
export const listQuerySchema = z.object(listQueryShape);

export type ListQuery = z.infer<typeof listQuerySchema>;
/** The part of the query that decides which rows: what bulk actions apply to. */
export type ListFilter = Pick<ListQuery, "status" | "category" | "author" | "q" | "view">;

export function parseListQuery(params: URLSearchParams): ListQuery {
  return parseQuery(params, listQueryShape);
}

/** The search string of a query, with `changes` applied; defaults are left out. */
export function listSearch(query: Partial<ListQuery>, changes: Partial<ListQuery> = {}): string {
  const merged: Partial<ListQuery> = { ...query, ...changes };
  const params = new URLSearchParams();
  if (merged.q) params.set("q", merged.q);
  if (merged.status) params.set("status", merged.status);
  if (merged.category) params.set("category", String(merged.category));
  if (merged.author) params.set("author", String(merged.author));
  if (merged.view === "trash") params.set("view", "trash");
  if (merged.sort && merged.sort !== "updated_at") params.set("sort", merged.sort);
  if (merged.dir && merged.dir !== "desc") params.set("dir", merged.dir);
  if (merged.page && merged.page > 1) params.set("page", String(merged.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}
