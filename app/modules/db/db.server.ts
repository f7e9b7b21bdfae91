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
