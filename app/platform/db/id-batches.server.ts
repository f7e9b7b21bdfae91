import { sql, type SelectQueryBuilder } from "kysely";

/** Rows read at once. */
const BATCH = 200;

/**
 * Walks the rows of `query` in id order, a batch at a time (`idColumn` is the id it selects,
 * e.g. "u.id"; each batch starts after the last one's id), and hands each row to `each`.
 * Returns the sum of what `each` returned (true counts 1): how many were queued.
 */
export async function countOverIdBatches<D, T extends keyof D, Row extends { id: number }>(
  query: SelectQueryBuilder<D, T, Row>,
  idColumn: string,
  each: (row: Row) => Promise<number | boolean>,
): Promise<number> {
  const id = sql.ref(idColumn);
  let total = 0;
  for (let afterId = 0; ;) {
    const rows = await query
      .where(sql<boolean>`${id} > ${afterId}`)
      .orderBy(id)
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return total;
    afterId = rows[rows.length - 1]!.id;
    for (const row of rows) total += Number(await each(row));
  }
}
