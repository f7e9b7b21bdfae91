// The production server against a PostgreSQL that drops it: its backends
// are terminated over and over with requests in flight, then the database goes away for a
// while. The process must live, answer 503 with Retry-After meanwhile, and 200 again after,
// with no restart. Needs PostgreSQL (DATABASE_URL, as CI sets); PGlite has no backends.
// Node only, no browser: runs in one project.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { baseName, createDatabase, dropDatabase, urlForDatabase, withAdminClient } from "../support/pg-admin.ts";
import { test, expect } from "./support/fixtures.ts";

const root = path.resolve(import.meta.dirname, "../..");
const PORT = 4391;
const ROUNDS = 12;
const adminUrl = process.env.DATABASE_URL?.trim() || undefined;

test.use({ axe: { enabled: false } });

/** A TCP relay to PostgreSQL that can drop every connection and refuse new ones ("down"). */
function databaseRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) return void client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  return {
    listen: () =>
      new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port))),
    goDown() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    comeBack() {
      down = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test.describe("database faults @js-only", () => {
  test.skip(
    !adminUrl,
    "needs PostgreSQL: set DATABASE_URL (on PGlite there are no backends to terminate; tests/unit/database-faults.test.ts covers the embedded database)",
  );

  let server: ChildProcess;
  let output = "";
  let database: string;
  let databaseUrl: string;
  let relay: ReturnType<typeof databaseRelay>;
  let dataDir: string;
  const base = `http://127.0.0.1:${PORT}`;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    database = `${baseName(adminUrl!)}_faults_${PORT}`;
    await withAdminClient(adminUrl!, async (client) => {
      await dropDatabase(client, database);
      await createDatabase(client, database);
    });
    databaseUrl = urlForDatabase(adminUrl!, database);
    relay = databaseRelay(new URL(databaseUrl));
    const relayUrl = new URL(databaseUrl);
    relayUrl.hostname = "127.0.0.1";
    relayUrl.port = String(await relay.listen());
    dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-faults-"));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      SEED_DEMO: "no",
      DATABASE_URL: relayUrl.toString(),
      SESSION_SECRET: "faults-session-secret-not-for-production-0123456789",
    };
    server = spawn(process.execPath, ["server/main.ts"], { cwd: root, env });
    server.stdout!.on("data", (chunk) => (output += chunk));
    server.stderr!.on("data", (chunk) => (output += chunk));
    await expect.poll(() => output, { timeout: 120_000 }).toContain("Portal ready");
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) server.kill("SIGKILL");
    await relay?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (database) await withAdminClient(adminUrl!, (client) => dropDatabase(client, database));
  });

  const status = (pathname: string) =>
    fetch(base + pathname, { headers: { "User-Agent": "Mozilla/5.0 Chrome/130" } }).then(
      (r) => r.status,
      () => 0,
    );

  test(`survives ${ROUNDS} rounds of pg_terminate_backend under load and serves 200 again`, async () => {
    test.setTimeout(180_000);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    let terminated = 0;
    const statuses = new Map<number, number>();
    try {
      for (let round = 0; round < ROUNDS; round++) {
        // 16 requests in flight: pages (several queries each, the session middleware's
        // included) and health checks.
        const inFlight = Array.from({ length: 16 }, (_, i) => status(i % 4 === 0 ? "/healthz" : i % 2 ? "/" : "/novyny"));
        const result = await admin.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
        );
        terminated += result.rowCount ?? 0;
        for (const code of await Promise.all(inFlight)) statuses.set(code, (statuses.get(code) ?? 0) + 1);
        expect(server.exitCode, `the server died in round ${round + 1}:\n${output.slice(-2000)}`).toBeNull();
        await expect.poll(() => status("/"), { timeout: 10_000 }).toBe(200);
      }
    } finally {
      await admin.end();
    }
    console.log(
      `database faults: ${terminated} backends terminated over ${ROUNDS} rounds; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(terminated).toBeGreaterThanOrEqual(ROUNDS);
    // Every answer was a page or an outage notice, never a crash (0) or a 500.
    expect([...statuses.keys()].every((code) => code === 200 || code === 503)).toBe(true);
    expect(server.exitCode).toBeNull();
  });

  test("while the database is away: 503 with Retry-After in the shell, /healthz 503; then 200 without restart", async () => {
    relay.goDown();
    try {
      await expect.poll(() => status("/healthz")).toBe(503);
      // A page not in the page cache (pages it holds may go on being served from memory).
      const page = await fetch(`${base}/poster`, { headers: { "User-Agent": "Mozilla/5.0 Chrome/130" } });
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(page.headers.get("cache-control")).toBe("no-store");
      const html = await page.text();
      expect(html).toContain("Сервіс тимчасово недоступний");
      expect(html).toMatch(/<header[\s>]/); // inside the shell
      const english = await fetch(`${base}/us/poster`, { headers: { "User-Agent": "Mozilla/5.0 Chrome/130" } });
      expect(english.status).toBe(503);
      expect(await english.text()).toContain("Service Temporarily Unavailable");
    } finally {
      relay.comeBack();
    }
    await expect.poll(() => status("/healthz"), { timeout: 15_000 }).toBe(200);
    expect(await status("/novyny")).toBe(200);
    expect(server.exitCode).toBeNull();
  });
});
