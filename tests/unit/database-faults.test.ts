// Database faults never kill the process: a terminated backend, a server
// that is away and a closed embedded store end as one retried read or a 503, never as an
// unhandled 'error' event. The full server under termination is tests/e2e/database-faults.spec.ts.
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect, sql } from "kysely";
import pg from "pg";
import { readFile } from "node:fs/promises";
import { describe, expect, inject, it } from "vitest";
import { DatabaseUnavailableError, isConnectionError, openPostgres } from "#db/connection.ts";
import { resilientDialect } from "#db/resilience.ts";
import type { DB } from "#db/schema.ts";
import { registerDatabase } from "#app/platform/db/db.server.ts";
import * as news from "#app/routes/news/route.tsx";
import { callAppRoute, thrownStatus } from "../support/app-route.ts";
import { useTestDatabase } from "../support/db.ts";
import { useUnitConfig } from "./content-support.ts";

const t = useTestDatabase({ register: false });

describe("connection error classification", () => {
  it.each([
    [Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }), true],
    [Object.assign(new Error("the database system is starting up"), { code: "57P03" }), true],
    [Object.assign(new Error("connection failure"), { code: "08006" }), true],
    [Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }), true],
    [Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }), true],
    [new Error("Connection terminated unexpectedly"), true],
    [new Error("Client has encountered a connection error and is not queryable"), true],
    [Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" }), false],
    [Object.assign(new Error("syntax error"), { code: "42601" }), false],
    [new Error("no result"), false],
  ])("%s → %s", (error, expected) => {
    expect(isConnectionError(error)).toBe(expected);
  });
});

describe("a database that is away", () => {
  it("answers a page's loader with 503 and Retry-After, not 500", async () => {
    useUnitConfig();
    // Nothing listens on port 1: every connection attempt is refused.
    const gone = openPostgres("postgres://postgres@127.0.0.1:1/none", 2);
    registerDatabase(gone);
    try {
      const failure = await callAppRoute(news.loader, { url: "/novyny" }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DatabaseUnavailableError);
      expect(await thrownStatus(Promise.reject(failure))).toBe(503);
      expect((failure as DatabaseUnavailableError).init.headers["Retry-After"]).toMatch(/^\d+$/);
    } finally {
      registerDatabase(undefined);
      await gone.close();
    }
  });

  it("answers 503 when the embedded database has failed (closed under the app)", async (context) => {
    const template = inject("testDatabase");
    // The suite's migrated dump loads in a fraction of a second; a fresh initdb would take most
    // of a minute on a busy machine. CI runs the unit suite on PGlite as well.
    if (template.kind !== "pglite") return context.skip("runs when the suite runs on PGlite (no DATABASE_URL)");
    const pglite = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(await readFile(template.dumpFile))]) });
    const db = new Kysely<DB>({ dialect: resilientDialect(new PGliteDialect({ pglite }), { kind: "pglite" }) });
    try {
      await sql`select 1`.execute(db);
      // An SQL error is still the caller's error, not an outage.
      expect(await sql`selec 1`.execute(db).catch((error: unknown) => error)).not.toBeInstanceOf(DatabaseUnavailableError);
      await pglite.close(); // as a WebAssembly abort would leave it, while the app still holds it
      const failure = await sql`select 1`.execute(db).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DatabaseUnavailableError);
      expect(await thrownStatus(Promise.reject(failure))).toBe(503);
    } finally {
      await db.destroy().catch(() => {});
    }
  }, 90_000); // a busy machine (parallel e2e) stretches the PGlite start well past the default
});

describe("terminated PostgreSQL backends", () => {
  it("survive 12 rounds of pg_terminate_backend with queries in flight; reads retry once, then all is served again", async (context) => {
    if (t.kind !== "postgres") {
      context.skip("needs PostgreSQL (set DATABASE_URL): PGlite has no backends to terminate");
      return;
    }
    const url = await databaseUrl();
    const app = openPostgres(url, 6);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const unexpected: unknown[] = [];
    let terminated = 0;
    let served = 0;
    try {
      for (let round = 0; round < 12; round++) {
        const inFlight = Array.from({ length: 16 }, (_, i) =>
          i % 4 === 3
            ? app.db.transaction().execute(async (trx) => {
                await sql`select pg_sleep(0.02)`.execute(trx);
                return sql`select count(*) from locations`.execute(trx);
              })
            : sql`select pg_sleep(0.02), count(*) from locations`.execute(app.db),
        );
        // Settled handlers go on at once: a query may fail before the termination call returns.
        const settled = Promise.allSettled(inFlight);
        // Every backend of this database but ours, while the queries above run.
        const result = await admin.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
        );
        terminated += result.rowCount ?? 0;
        for (const outcome of await settled) {
          if (outcome.status === "fulfilled") served++;
          else if (!(outcome.reason instanceof DatabaseUnavailableError)) unexpected.push(outcome.reason);
        }
        // Back in business after each round, without a new pool.
        await expect
          .poll(() =>
            sql<{ ok: number }>`select 1 as ok`.execute(app.db).then(
              (r) => r.rows[0]?.ok,
              () => 0,
            ),
          )
          .toBe(1);
      }
      expect(unexpected).toEqual([]);
      expect(terminated).toBeGreaterThanOrEqual(12);
      expect(served).toBeGreaterThan(0);
      console.log(`database faults: ${terminated} backends terminated in 12 rounds, ${served}/${12 * 16} queries served`);
    } finally {
      await admin.end();
      await app.close();
    }
  });
});

async function databaseUrl(): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
}
