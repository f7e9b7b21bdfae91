// A fresh, migrated database per test file, copied from the template that
// tests/support/global-setup.ts prepared (PostgreSQL with DATABASE_URL, else PGlite).
//
//   import { useTestDatabase } from "./db.ts";
//   const t = useTestDatabase();           // top level of the test file
//   it("...", async () => { await t.db.selectFrom("locations").selectAll().execute(); });
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, inject } from "vitest";
import { type Database, openPGlite, openPostgres } from "#db/connection.ts";
import type { DB } from "#db/schema.ts";
import { registerDatabase } from "#app/platform/db/db.server.ts";
import { stopJobQueue } from "#app/platform/jobs/queue.server.ts";
// The domains' time-driven changes, registered with the page cache as app/entry.server.tsx does.
import "#app/page-cache-sources.server.ts";
import type { TestDatabaseTemplate } from "./global-setup.ts";
import { createDatabase, dropDatabase, urlForDatabase, withAdminClient } from "./pg-admin.ts";

export type TestDatabaseHandle = {
  database: Database;
  db: Kysely<DB>;
  kind: Database["kind"];
  /** PostgreSQL database name; undefined for PGlite (in memory). */
  name: string | undefined;
  /** Closes the connection and, for PostgreSQL, drops the database. */
  dispose(): Promise<void>;
};

let pgliteDump: Promise<Buffer> | undefined;

/** Creates one more fresh migrated database. Most tests want useTestDatabase() instead. */
export async function createTestDatabase(): Promise<TestDatabaseHandle> {
  const template: TestDatabaseTemplate | undefined = inject("testDatabase");
  if (!template) {
    throw new Error("No test database template: run through vitest with tests/support/global-setup.ts");
  }
  if (template.kind === "pglite") {
    pgliteDump ??= readFile(template.dumpFile);
    const database = await openPGlite({ loadDataDir: new Blob([new Uint8Array(await pgliteDump)]) });
    return {
      database,
      db: database.db,
      kind: database.kind,
      name: undefined,
      dispose: async () => {
        await stopJobQueue(database);
        await database.close();
      },
    };
  }

  const name = `${template.prefix}${randomBytes(4).toString("hex")}`;
  await withAdminClient(template.url, async (client) => {
    // Concurrent copies of one template normally work; retry briefly in case the
    // template's last session is still exiting.
    for (let attempt = 1; ; attempt++) {
      try {
        await createDatabase(client, name, template.template);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== "55006" || attempt >= 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  });
  const database = openPostgres(urlForDatabase(template.url, name), 4);
  return {
    database,
    db: database.db,
    kind: database.kind,
    name,
    dispose: async () => {
      await stopJobQueue(database);
      await database.close();
      await withAdminClient(template.url, (client) => dropDatabase(client, name));
    },
  };
}

export type TestDatabase = {
  readonly db: Kysely<DB>;
  readonly database: Database;
  readonly kind: Database["kind"];
};

/**
 * Call at the top level of a test file: before the file's tests a fresh database is
 * created and registered as the app's database (getDb()), after them it is closed and
 * dropped. Read `.db` inside hooks and tests, not at import time.
 */
export function useTestDatabase(options: { register?: boolean } = {}): TestDatabase {
  const register = options.register ?? true;
  let handle: TestDatabaseHandle | undefined;
  const current = (): TestDatabaseHandle => {
    if (!handle) throw new Error("The test database is not open yet: use it inside tests or hooks");
    return handle;
  };
  beforeAll(async () => {
    handle = await createTestDatabase();
    if (register) registerDatabase(handle.database);
  });
  afterAll(async () => {
    if (!handle) return;
    if (register) registerDatabase(undefined);
    await handle.dispose();
    handle = undefined;
  });
  return {
    get db() {
      return current().db;
    },
    get database() {
      return current().database;
    },
    get kind() {
      return current().kind;
    },
  };
}
