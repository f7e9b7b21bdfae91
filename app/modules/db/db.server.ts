import type { Kysely } from "kysely";
import { createContext, type RouterContextProvider } from "react-router";
import type { Database } from "#db/connection.ts";
import type { DB } from "#db/schema.ts";

// The database is opened once at start (server/main.ts, scripts/dev.ts, a script, a test) and
// reaches requests through React Router's context (app-context.server.ts). Work outside a
// request (the job queue, the alert loop, scripts) and code not yet handed a context read the
// one registered for the process. One copy of this module is loaded: the server talks to the
// built app only through its entry (app/entry.server.tsx).
export const databaseContext = createContext<Database>();

let registered: Database | undefined;

export function registerDatabase(database: Database | undefined): void {
  registered = database;
}

/** Whether a database was registered (contexts made outside a request take it when there is one). */
export function hasDatabase(): boolean {
  return registered !== undefined;
}

/** The request's database when given its context, else the process's. */
export function getDatabase(context?: Readonly<RouterContextProvider>): Database {
  if (context) return context.get(databaseContext);
  if (!registered) throw new Error("The database has not been opened: call registerDatabase() at start-up");
  return registered;
}

export function getDb(context?: Readonly<RouterContextProvider>): Kysely<DB> {
  return getDatabase(context).db;
}

// Work that must reach the database before it closes on a graceful stop (batched counters).
const hooks = new Set<() => Promise<void>>();

export function beforeDatabaseClose(hook: () => Promise<void>): void {
  hooks.add(hook);
}

/** Runs every registered hook once; the server calls it after the last request, before closing. */
export async function runBeforeDatabaseClose(): Promise<void> {
  for (const hook of hooks) {
    await hook().catch((error: unknown) => console.error("before database close:", error));
  }
}
