import type { Kysely } from "kysely";
import type { Database } from "#db/connection.ts";
import type { DB } from "#db/schema.ts";
import { logger } from "#app/platform/logger/logger.server.ts";

// The database is opened once at start (server/main.ts, scripts/dev.ts, a script) and
// registered here; every loader, action, job and script reads it through getDb(). A test file
// registers its own fresh database (tests/support/db.ts). One copy of this module is loaded:
// the server talks to the built app only through its entry (app/entry.server.tsx), so what
// start-up registers is what loaders read (docs/adr/0038-one-way-to-services.md).

let registered: Database | undefined;

export function registerDatabase(database: Database | undefined): void {
  registered = database;
}

/** The process's database. */
export function getDatabase(): Database {
  if (!registered) throw new Error("The database has not been opened: call registerDatabase() at start-up");
  return registered;
}

export function getDb(): Kysely<DB> {
  return getDatabase().db;
}

// Work that must reach the database before it closes on a graceful stop (batched counters).
const hooks = new Set<() => Promise<void>>();

export function beforeDatabaseClose(hook: () => Promise<void>): void {
  hooks.add(hook);
}

/** Runs every registered hook once; the server calls it after the last request, before closing. */
export async function runBeforeDatabaseClose(): Promise<void> {
  for (const hook of hooks) {
    await hook().catch((error: unknown) => logger.error({ err: error }, "work before the database closes failed"));
  }
}
