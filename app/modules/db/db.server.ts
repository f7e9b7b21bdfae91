import type { Kysely } from "kysely";
import type { Database } from "../../../db/connection.ts";
import type { DB } from "../../../db/schema.ts";

// The server (or a test) opens the database once and registers it here. globalThis,
// not a module variable, because the app bundle and the server load this file separately.
const DATABASE_KEY = Symbol.for("portal.database");
type Holder = { [DATABASE_KEY]?: Database };

export function registerDatabase(database: Database | undefined): void {
  (globalThis as Holder)[DATABASE_KEY] = database;
}

export function getDatabase(): Database {
  const database = (globalThis as Holder)[DATABASE_KEY];
  if (!database) throw new Error("The database has not been opened: call registerDatabase() at start-up");
  return database;
}

export function getDb(): Kysely<DB> {
  return getDatabase().db;
}

// Work that must reach the database before it closes on a graceful stop (batched counters).
// On globalThis for the same reason as the database: the server and the app bundle load
// this file separately.
const BEFORE_CLOSE_KEY = Symbol.for("portal.beforeDatabaseClose");
type HookHolder = { [BEFORE_CLOSE_KEY]?: Set<() => Promise<void>> };

function hooks(): Set<() => Promise<void>> {
  return ((globalThis as HookHolder)[BEFORE_CLOSE_KEY] ??= new Set());
}

export function beforeDatabaseClose(hook: () => Promise<void>): void {
  hooks().add(hook);
}

/** Runs every registered hook once; the server calls it after the last request, before closing. */
export async function runBeforeDatabaseClose(): Promise<void> {
  for (const hook of hooks()) {
    await hook().catch((error: unknown) => console.error("before database close:", error));
  }
}
