// Vitest global setup: migrates ONE template database per run; every test file then gets
// its own copy (see tests/support/db.ts).
//   - DATABASE_URL set: a PostgreSQL template database `<db>_tpl_<pid>`, copied per file
//     with CREATE DATABASE ... TEMPLATE.
//   - otherwise: an in-memory PGlite, migrated, dumped with dumpDataDir() to a temp file,
//     loaded per file with openPGlite({ loadDataDir }).
// This file runs in the main Vitest process: it must not import the `vitest` runtime API.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect } from "kysely";
import type { TestProject } from "vitest/node";
import { appJobs } from "#app/jobs.server.ts";
import { installJobQueue } from "#app/platform/jobs/queue.server.ts";
import { openPostgres, pgliteExtensions } from "#db/connection.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { baseName, createDatabase, dropDatabase, quoteIdent, urlForDatabase, withAdminClient } from "./pg-admin.ts";

export type TestDatabaseTemplate =
  | {
      kind: "postgres";
      /** DATABASE_URL as given; per-file databases reuse its host, user and password. */
      url: string;
      /** The migrated database every test file copies. */
      template: string;
      /** Per-file database names start with this, so teardown can drop leftovers. */
      prefix: string;
    }
  | { kind: "pglite"; dumpFile: string };

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTemplate;
    /** This run's scratch folder (tests/support/auth.ts makes per-file DATA_DIRs in it); removed at the end. */
    scratchDir: string;
  }
}

async function setupPostgres(url: string): Promise<{ template: TestDatabaseTemplate; teardown: () => Promise<void> }> {
  const base = baseName(url);
  const template = `${base}_tpl_${process.pid}`;
  const prefix = `${base}_t${process.pid}_`;
  await withAdminClient(url, async (client) => {
    await dropDatabase(client, template);
    await createDatabase(client, template);
  });
  try {
    const database = openPostgres(urlForDatabase(url, template), 2);
    try {
      await migrateToLatest(database.db);
      await installJobQueue(database, appJobs);
    } finally {
      await database.close();
    }
    // No one may connect to the template any more: a stray connection would make every
    // CREATE DATABASE ... TEMPLATE fail with "source database is being accessed by other users".
    await withAdminClient(url, (client) => client.query(`ALTER DATABASE ${quoteIdent(template)} WITH ALLOW_CONNECTIONS false`));
  } catch (error) {
    await withAdminClient(url, (client) => dropDatabase(client, template)).catch(() => {});
    throw error;
  }
  return {
    template: { kind: "postgres", url, template, prefix },
    teardown: () =>
      withAdminClient(url, async (client) => {
        const leftovers = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [
          prefix,
        ]);
        for (const { datname } of leftovers.rows) await dropDatabase(client, datname);
        await dropDatabase(client, template);
      }),
  };
}

async function setupPGlite(): Promise<{ template: TestDatabaseTemplate; teardown: () => Promise<void> }> {
  // openPGlite() hides the PGlite instance, and dumpDataDir() needs it: build it the same way.
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  const db = new Kysely<any>({ dialect: new PGliteDialect({ pglite }) });
  let dump: Blob;
  try {
    await migrateToLatest(db);
    await installJobQueue({ pglite }, appJobs);
    dump = await pglite.dumpDataDir("none");
  } finally {
    await db.destroy(); // closes the PGlite instance too
  }
  const dumpFile = path.join(os.tmpdir(), `portal-vitest-${process.pid}-${randomBytes(4).toString("hex")}.tar`);
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  return {
    template: { kind: "pglite", dumpFile },
    teardown: async () => rmSync(dumpFile, { force: true }),
  };
}

export default async function setup(project: TestProject) {
  // Workers are forked after this runs and inherit the environment: code that reads the
  // config without a test setting one (DATA_DIR ./data, a generated session secret) then
  // writes into this run's scratch folder, not into the checkout.
  const scratchDir = mkdtempSync(path.join(os.tmpdir(), "portal-vitest-"));
  process.env.DATA_DIR = scratchDir;
  const url = process.env.DATABASE_URL?.trim();
  const { template, teardown } = url ? await setupPostgres(url) : await setupPGlite();
  project.provide("testDatabase", template);
  project.provide("scratchDir", scratchDir);
  return async () => {
    rmSync(scratchDir, { recursive: true, force: true });
    await teardown();
  };
}
