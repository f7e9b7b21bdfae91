// Playwright's webServer: starts the PRODUCTION server with the demo seed of a first start
// (`node scripts/serve.ts`, as `npm start` does, after `npm run build`) on a fresh, empty data
// directory, so it migrates and seeds demo content.
// With DATABASE_URL set it uses a fresh PostgreSQL database `<db>_e2e` instead of PGlite.
// On SIGTERM/SIGINT (Playwright's gracefulShutdown) it waits for the server, then drops the
// database and the data directory.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createDatabase, dropDatabase, urlForDatabase, withAdminClient } from "../../support/pg-admin.ts";
import { baseURL, dataDir, demoPassword, port, sessionSecret } from "./env.ts";
import { e2eDatabase } from "./sign-in.ts";
import { buildTestBasemap } from "../../support/map-tiles.ts";

const root = path.resolve(import.meta.dirname, "../../..");
const log = (line: string) => console.log(`[e2e-server] ${line}`);

if (!existsSync(path.join(root, "build/server/index.js"))) {
  console.error("[e2e-server] build/server/index.js is missing: run `npm run build` first (npm run test:e2e does).");
  process.exit(1);
}

rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
// The suite's maps draw a basemap the tests cut themselves (Poland, Berlin, Prague; z0–8),
// where an operator puts a region's file: the portal serves its tiles as it would a real one's.
mkdirSync(path.join(dataDir, "maps"));
writeFileSync(path.join(dataDir, "maps", "basemap.pmtiles"), buildTestBasemap().bytes);

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  PORT: String(port),
  PUBLIC_URL: baseURL,
  DATA_DIR: dataDir,
  DEMO_PASSWORD: demoPassword,
  SEED_DEMO: "yes", // PostgreSQL is only seeded on request; the embedded database is anyway
  // Every browser of the suite comes from 127.0.0.1: at the real per-address limits a fast
  // run trips them (60 page loads a minute). Tests of a limit set it up explicitly instead.
  ADDRESS_LIMIT_FACTOR: "100",
  // Warnings and errors only: an access line per request would bury them in the report.
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
};
delete env.SMTP_URL; // mails go to DATA_DIR/outbox, where tests can read them
delete env.TRUST_PROXY; // the browser talks to the server directly

const adminUrl = process.env.DATABASE_URL?.trim() || undefined;
let database: string | undefined;
if (adminUrl) {
  database = e2eDatabase(adminUrl);
  await withAdminClient(adminUrl, async (client) => {
    await dropDatabase(client, database!);
    await createDatabase(client, database!);
  });
  env.DATABASE_URL = urlForDatabase(adminUrl, database);
  // Production refuses DATABASE_URL without SESSION_SECRET.
  env.SESSION_SECRET = sessionSecret;
  log(`database ${database}`);
} else {
  delete env.DATABASE_URL;
  log(`embedded database in ${dataDir}`);
}

let cleaned = false;
async function cleanup(): Promise<void> {
  if (cleaned) return;
  cleaned = true;
  if (adminUrl && database) {
    await withAdminClient(adminUrl, (client) => dropDatabase(client, database!)).catch((error: unknown) =>
      console.error(`[e2e-server] could not drop ${database}: ${String(error)}`),
    );
  }
  rmSync(dataDir, { recursive: true, force: true });
}

log(`starting node scripts/serve.ts (the production server with the demo seed) on ${baseURL}`);
const child = spawn(process.execPath, ["scripts/serve.ts"], { cwd: root, env, stdio: "inherit" });

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // Playwright signals the whole process group, so the server has the signal already
    // (a second one would cut its graceful shutdown short); pass it on only if the server
    // is still running much later, e.g. when only this process was signalled.
    setTimeout(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    }, 10_000).unref();
  });
}

child.on("error", async (error) => {
  console.error(`[e2e-server] could not start the server: ${error.message}`);
  await cleanup();
  process.exit(1);
});

child.on("exit", async (code, signal) => {
  if (!stopping) console.error(`[e2e-server] server exited on its own (code ${code}, signal ${signal})`);
  await cleanup();
  process.exit(stopping ? 0 : (code ?? 1));
});
