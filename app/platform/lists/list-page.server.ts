import type { Compilable } from "kysely";
import { keyedByVersion, type VersionedTable } from "#app/platform/page-cache/content-state.server.ts";
import { checkPage, offsetOf, PAGE_SIZE, type Pagination } from "./pagination.ts";

// A list's total changes only when its table does (or time makes an item public or over), yet
// every uncached page of the list counted it again: a second query per page, and at 100,000
// adverts the costlier one. Totals are kept per query text and parameters under the same
// version rule as kept pages (content-state.server.ts), so a total is as fresh as a page.

type TotalQuery = Compilable & { executeTakeFirstOrThrow(): Promise<{ total: number | string | bigint }> };
type RowsQuery<Row> = { limit(limit: number): { offset(offset: number): { execute(): Promise<Row[]> } } };

/** Distinct filter combinations kept per group of tables; a flood of odd filters only evicts itself. */
const MAX_TOTALS = 2_000;
const totalsByDeps = new Map<string, ReturnType<typeof keyedByVersion<number>>>();

/** The total of `query` (a `count(*) as total` over the tables in `deps`), counted once per content version. */
export function cachedTotal(deps: readonly VersionedTable[], query: TotalQuery): Promise<number> {
  const group = deps.join(",");
  let totals = totalsByDeps.get(group);
  if (!totals) totalsByDeps.set(group, (totals = keyedByVersion<number>(deps, { timed: true, max: MAX_TOTALS })));
  const { sql, parameters } = query.compile();
  return totals(`${sql}\n${JSON.stringify(parameters)}`, async () => Number((await query.executeTakeFirstOrThrow()).total));
}

/** One page of a list (news, posters, a directory): its rows from `rows` as cards, and the pagination from `count`'s total. */
export async function fetchListPage<Row, Card>(
  deps: readonly VersionedTable[],
  count: TotalQuery,
  rows: RowsQuery<Row>,
  page: number,
  toCard: (row: Row) => Card,
) {
  const [total, items] = await Promise.all([cachedTotal(deps, count), rows.limit(PAGE_SIZE).offset(offsetOf(page)).execute()]);
  const pagination: Pagination = checkPage(page, total);
  return { items: items.map(toCard), pagination };
}
