import type { Kysely, Transaction } from "kysely";
import type { DB } from "#db/schema.ts";
import type { ContentTable } from "./types.ts";

// The generic list, form, store and state code names columns from the registry's
// descriptions at run time, so to the type checker a registry table is a row of named
// columns of unknown type; every other table (users, categories, tags…) keeps its types.

type RegistryTable = ContentTable | "news_tags" | "poster_tags";
type RegistryTables = Record<RegistryTable, Record<string, unknown>>;
export type RegistryDB = Omit<DB, RegistryTable> & RegistryTables;

/** The same connection or transaction, typed for queries on any registry table. */
export function registryDb(db: Transaction<DB>): Transaction<RegistryDB>;
export function registryDb(db: Kysely<DB>): Kysely<RegistryDB>;
export function registryDb(db: Kysely<DB> | Transaction<DB>): Kysely<RegistryDB> | Transaction<RegistryDB> {
  return db.$omitTables<RegistryTable>().withTables<RegistryTables>();
}
