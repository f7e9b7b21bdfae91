import { sql } from "kysely";
import { beforeDatabaseClose, getDb } from "../db/db.server.ts";

// View and impression counts are written behind, in one statement per table every few
// seconds, so a busy page costs no write per request. A crash loses at most the last
// interval's counts, which is acceptable for statistics; a graceful stop (SIGTERM) flushes
// them before the database closes, and a failed flush keeps them for the next one.

const VIEW_TABLES = ["news", "posters", "services", "diaspors", "advertisements"] as const;
export type ViewTable = (typeof VIEW_TABLES)[number];
type CounterTarget = { table: ViewTable | "reklama"; column: "view_count" | "impression_count" };

const FLUSH_INTERVAL_MS = 2_000;
const pending = new Map<string, Map<number, number>>();
let timer: ReturnType<typeof setInterval> | undefined;
beforeDatabaseClose(flushCounters);

function keyOf(target: CounterTarget): string {
  return `${target.table}.${target.column}`;
}

function add(target: CounterTarget, id: number, by = 1): void {
  const key = keyOf(target);
  let counts = pending.get(key);
  if (!counts) pending.set(key, (counts = new Map()));
  counts.set(id, (counts.get(id) ?? 0) + by);
  timer ??= setInterval(() => void flushCounters().catch((error) => console.error("counters:", error)), FLUSH_INTERVAL_MS);
  timer.unref?.();
}

export function countView(table: ViewTable, id: number): void {
  add({ table, column: "view_count" }, id);
}

export function countImpressions(ids: readonly number[]): void {
  for (const id of ids) add({ table: "reklama", column: "impression_count" }, id);
}

/** Writes the pending counts now (tests call it; the timer calls it every few seconds). */
export async function flushCounters(): Promise<void> {
  const batches = [...pending.entries()];
  pending.clear();
  for (const [index, [key, counts]] of batches.entries()) {
    if (counts.size === 0) continue;
    const [table, column] = key.split(".") as [CounterTarget["table"], CounterTarget["column"]];
    const values = sql.join([...counts].map(([id, n]) => sql`(${id}::integer, ${n}::integer)`));
    try {
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${sql.ref(column)} + counts.n
        from (values ${values}) as counts (id, n) where ${sql.ref(`${table}.id`)} = counts.id`.execute(getDb());
    } catch (error) {
      // The database is away (or the write failed): keep this and the unwritten batches.
      for (const [restKey, rest] of batches.slice(index)) {
        const [restTable, restColumn] = restKey.split(".") as [CounterTarget["table"], CounterTarget["column"]];
        for (const [id, n] of rest) add({ table: restTable, column: restColumn }, id, n);
      }
      throw error;
    }
  }
}
