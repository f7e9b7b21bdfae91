import { z } from "zod";

// A dashboard list's state lives in its URL (bookmarkable, works without JS): filters,
// sort and page. The same parsed filter drives the list and its bulk actions.

export const SORT_KEYS = ["title", "status", "published_at", "updated_at", "created_at"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const PAGE_SIZE = 20;

const positiveInt = z.coerce.number().int().positive();

export const listQuerySchema = z.object({
  status: z.string().trim().max(20).optional().catch(undefined),
  category: positiveInt.optional().catch(undefined),
  author: positiveInt.optional().catch(undefined),
  q: z.string().trim().max(200).optional().catch(undefined),
  view: z.enum(["active", "trash"]).catch("active"),
  sort: z.enum(SORT_KEYS).catch("updated_at"),
  dir: z.enum(["asc", "desc"]).catch("desc"),
  page: positiveInt.catch(1),
});

export type ListQuery = z.infer<typeof listQuerySchema>;
/** The part of the query that decides which rows: what bulk actions apply to. */
export type ListFilter = Pick<ListQuery, "status" | "category" | "author" | "q" | "view">;
export const FILTER_KEYS = ["status", "category", "author", "q", "view"] as const;

export function parseListQuery(params: URLSearchParams): ListQuery {
  const raw: Record<string, string> = {};
  for (const key of [...FILTER_KEYS, "sort", "dir", "page"]) {
    const value = params.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  return listQuerySchema.parse(raw);
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

/** The filter of a query, as hidden form fields carry it to a bulk action. */
export function filterOf(query: ListQuery): ListFilter {
  return { status: query.status, category: query.category, author: query.author, q: query.q, view: query.view };
}
