// `npm run dev` serves pages from the configured database on PORT (it answered 500 on every
// page, "The database has not been opened", and ignored PORT).
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openPGlite } from "#db/connection.ts";
import { createTestDatabase, type TestDatabaseHandle } from "../support/db.ts";
import { urlForDatabase } from "../support/pg-admin.ts";

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = mkdtempSync(path.join(inject("scratchDir"), "dev-"));
let child: ChildProcess | undefined;
let postgres: TestDatabaseHandle | undefined;
let output = "";

async function freePort(): Promise<number> {
  const probe = net.createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let port: number;
beforeAll(async () => {
  const template = inject("testDatabase");
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "development", DATA_DIR: dataDir, SEED_DEMO: "no", NO_COLOR: "1" };
  // Vite prints the port in bold when colours are forced (the test runner forces them): keep the text plain.
  delete env.FORCE_COLOR;
  if (template.kind === "pglite") {
    // Start from the migrated template: the dev server then only opens it.
    const database = await openPGlite({ dir: path.join(dataDir, "db"), loadDataDir: new Blob([readFileSync(template.dumpFile)]) });
    await database.close();
    delete env.DATABASE_URL;
  } else {
    postgres = await createTestDatabase();
    env.DATABASE_URL = urlForDatabase(template.url, postgres.name!);
  }
  port = await freePort();
  env.PORT = String(port);
  child = spawn(process.execPath, ["scripts/dev.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = once(child, "exit");
    child.kill("SIGINT");
    await exited;
  }
  await postgres?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe("npm run dev", () => {
  // Generous limits: Vite compiles the whole app for the first page, which takes a while on a busy machine.
  it("listens on PORT and renders pages from the database", async () => {
    await expect.poll(() => output.replace(/\x1b\[[0-9;]*m/g, ""), { timeout: 180_000, interval: 200 }).toContain(`:${port}/`);
    const news = await fetch(`http://127.0.0.1:${port}/novyny`, { signal: AbortSignal.timeout(240_000) });
    expect(news.status, output).toBe(200);
    expect(news.headers.get("content-type")).toContain("text/html");
    expect(await news.text()).toContain("<h1");
  }, 420_000);
});
