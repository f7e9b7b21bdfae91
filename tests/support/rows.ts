// One row in, its id back: the setup most database tests start with (an owner, a category,
// a place) before the thing they test.
//
//   const categoryId = await insertRow(t.db, "categories", { kind: "advertisement", slug: "robota", name_uk: "Робота" });
import type { Insertable, Kysely } from "kysely";
import type { DB } from "#db/schema.ts";

type TableWithId = { [T in keyof DB]: DB[T] extends { id: unknown } ? T : never }[keyof DB];

/** Inserts `values` into `table` and returns the new row's id. */
export async function insertRow<T extends TableWithId>(db: Kysely<DB>, table: T, values: Insertable<DB[T]>): Promise<number> {
  // Kysely cannot follow a table name that is a type parameter; the call's types are checked above.
  const row = await db
    .insertInto(table)
    .values(values as never)
    .returning("id" as never)
    .executeTakeFirstOrThrow();
  return (row as { id: number }).id;
}

/** A poster's first date (poster_occurrences): a one-off event's only one, which "I'm going" marks are for. */
export async function firstOccurrenceId(db: Kysely<DB>, posterId: number): Promise<number> {
  const row = await db
    .selectFrom("poster_occurrences")
    .select("id")
    .where("poster_id", "=", posterId)
    .orderBy("starts_at")
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.id;
}
