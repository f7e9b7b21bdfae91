import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "#db/schema.ts";
import { moveOneStep } from "./ordering.ts";

// Lists staff order by hand (categories, locations, a category's fields): each row keeps its
// `position` among its siblings.

type OrderedTable = "categories" | "locations" | "advert_fields";

/** Where a new row goes: the position after the last row of `table` (of those whose `among.column` is `among.value`, when given). */
export async function nextPosition(
  db: Kysely<DB>,
  table: OrderedTable,
  among?: { column: "kind" | "category_id"; value: string | number },
): Promise<number> {
  const siblings = among ? sql`where ${sql.ref(among.column)} = ${among.value}` : sql``;
  const { rows } = await sql<{ next: number }>`select coalesce(max(position), -1) + 1 as next from ${sql.table(table)} ${siblings}`.execute(
    db,
  );
  return Number(rows[0]?.next ?? 0);
}

/**
 * Moves `id` one place up or down among its siblings (their rows in position order, locked
 * by the caller) and writes every sibling's new position. Its old and new index, or null
 * when it is at that end or not among them.
 */
export async function moveAndRenumber(
  trx: Transaction<DB>,
  table: OrderedTable,
  siblings: ReadonlyArray<{ id: number }>,
  id: number,
  direction: "up" | "down",
): Promise<{ from: number; to: number } | null> {
  const order = siblings.map((row) => row.id);
  const moved = moveOneStep(order, id, direction);
  if (!moved) return null;
  for (const [position, siblingId] of order.entries()) await trx.updateTable(table).set({ position }).where("id", "=", siblingId).execute();
  return moved;
}
