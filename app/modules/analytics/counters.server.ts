import { sql } from "kysely";
import { utcDay } from "./days.ts";
import { beforeDatabaseClose, getDb } from "#app/platform/db/db.server.ts";
import type { ViewType } from "#app/modules/staff-content/public-specs.ts";
import { logger } from "#app/platform/logger/logger.server.ts";

// View, click and impression counts are written behind, in one statement per counter every
// few seconds, so a busy page costs no write per request. A crash loses at most the last
// interval's counts, which is acceptable for statistics; a graceful stop (SIGTERM) flushes
// them before the database closes, and a failed flush keeps them for the next one.
//
// Views and reklama clicks count people: once per visitor (the visit log's daily-salted hash),
// item and UTC day. The statement that adds them inserts the (day, counter, item, visitor)
// marks into counted_visitors and adds only the ones that were new, so repeated requests, the
// page cache and several processes all count a visitor once. Impressions count every serve.

/** Tables whose item pages count views: the types with `views` in the registry's PUBLIC_SPECS. */
export type ViewTable = ViewType;
type OnceTarget = { table: ViewTable; column: "view_count" } | { table: "reklama"; column: "click_count" };
type CounterTarget = OnceTarget | { table: "reklama"; column: "impression_count" };

/** Who is counted: the UTC day and that day's visitor hash. */
export type CountedVisitor = { day: string; hash: string };
type Mark = CountedVisitor & { id: number };

const FLUSH_INTERVAL_MS = 2_000;
const pending = new Map<string, Map<number, number>>();
const pendingMarks = new Map<string, Map<string, Mark>>();
/** Counts waiting for their visitor's hash (the day's salt may need a query). */
const arriving = new Set<Promise<void>>();
let prunedDay: string | undefined;
let timer: ReturnType<typeof setInterval> | undefined;
beforeDatabaseClose(flushCounters);

function keyOf(target: CounterTarget): string {
  return `${target.table}.${target.column}`;
}

function schedule(): void {
  timer ??= setInterval(
    () => void flushCounters().catch((error: unknown) => logger.error({ err: error }, "view counters not written")),
    FLUSH_INTERVAL_MS,
  );
  timer.unref?.();
}

function add(target: CounterTarget, id: number, by = 1): void {
  const key = keyOf(target);
  let counts = pending.get(key);
  if (!counts) pending.set(key, (counts = new Map()));
  counts.set(id, (counts.get(id) ?? 0) + by);
  schedule();
}

function addMark(key: string, mark: Mark): void {
  let marks = pendingMarks.get(key);
  if (!marks) pendingMarks.set(key, (marks = new Map()));
  marks.set(`${mark.day}|${mark.id}|${mark.hash}`, mark);
  schedule();
}

function countOnce(targets: ReadonlyArray<{ target: OnceTarget; id: number }>, visitor: Promise<CountedVisitor>): void {
  const work = visitor
    .then((who) => {
      for (const { target, id } of targets) addMark(keyOf(target), { ...who, id });
    })
    .catch((error: unknown) => logger.error({ err: error }, "view counters: visitor unknown"))
    .finally(() => arriving.delete(work));
  arriving.add(work);
}

/** Views of items, counted once per visitor and day. */
export function countViews(views: ReadonlyArray<{ table: ViewTable; id: number }>, visitor: Promise<CountedVisitor>): void {
  if (views.length)
    countOnce(
      views.map(({ table, id }) => ({ target: { table, column: "view_count" }, id })),
      visitor,
    );
}

/** A click on a reklama, counted once per visitor and day. */
export function countClick(id: number, visitor: Promise<CountedVisitor>): void {
  countOnce([{ target: { table: "reklama", column: "click_count" }, id }], visitor);
}

export function countImpressions(ids: readonly number[]): void {
  for (const id of ids) add({ table: "reklama", column: "impression_count" }, id);
}

function splitKey(key: string): CounterTarget {
  const [table, column] = key.split(".");
  return { table, column } as CounterTarget;
}

/** Marks of finished days identify nobody and count nothing more: each process drops them once a day. */
async function pruneMarks(): Promise<void> {
  const today = utcDay(new Date());
  if (prunedDay === today) return;
  await getDb()
    .deleteFrom("counted_visitors")
    .where("day", "<", sql<Date>`${today}::date`)
    .execute();
  prunedDay = today;
}

/** Writes the pending counts now (tests call it; the timer calls it every few seconds). */
export async function flushCounters(): Promise<void> {
  await Promise.allSettled(arriving);
  const batches = [...pending.entries()];
  pending.clear();
  const markBatches = [...pendingMarks.entries()];
  pendingMarks.clear();
  let written = 0;
  try {
    for (const [key, counts] of batches) {
      if (counts.size > 0) {
        const { table, column } = splitKey(key);
        const values = sql.join([...counts].map(([id, n]) => sql`(${id}::integer, ${n}::integer)`));
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${sql.ref(column)} + counts.n
          from (values ${values}) as counts (id, n) where ${sql.ref(`${table}.id`)} = counts.id`.execute(getDb());
      }
      written++;
    }
    if (markBatches.length) await pruneMarks();
    for (const [key, marks] of markBatches) {
      if (marks.size > 0) {
        const { table, column } = splitKey(key);
        const values = sql.join([...marks.values()].map((mark) => sql`(${mark.day}::date, ${mark.id}::integer, ${mark.hash}::text)`));
        await sql`with fresh as (
            insert into counted_visitors (day, target, item_id, visitor_hash)
            select marks.day, ${key}, marks.id, marks.hash from (values ${values}) as marks (day, id, hash)
            on conflict do nothing
            returning item_id
          ), counts as (select item_id, count(*)::integer as n from fresh group by item_id)
          update ${sql.table(table)} set ${sql.ref(column)} = ${sql.ref(column)} + counts.n
          from counts where ${sql.ref(`${table}.id`)} = counts.item_id`.execute(getDb());
      }
      written++;
    }
  } catch (error) {
    // The database is away (or the write failed): keep this and the unwritten batches.
    for (const [key, counts] of batches.slice(written)) for (const [id, n] of counts) add(splitKey(key), id, n);
    for (const [key, marks] of markBatches.slice(Math.max(0, written - batches.length)))
      for (const mark of marks.values()) addMark(key, mark);
    throw error;
  }
}
