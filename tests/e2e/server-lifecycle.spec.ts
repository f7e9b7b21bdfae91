// The production server as a process: graceful shutdown with requests in flight, and the
// embedded database refusing a second process. Node only, no browser: runs in one project.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { test, expect } from "./support/fixtures.ts";

const root = path.resolve(import.meta.dirname, "../..");
const PORT = 4390;

test.use({ axe: { enabled: false } });

test.describe("server lifecycle @js-only", () => {
  let dataDir: string;
  let server: ChildProcess;
  let output = "";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-lifecycle-"));
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", SEED_DEMO: "no" };
    delete env.DATABASE_URL;
    server = spawn(process.execPath, ["server/main.ts"], { cwd: root, env });
    server.stdout!.on("data", (chunk) => (output += chunk));
    server.stderr!.on("data", (chunk) => (output += chunk));
    await expect.poll(() => output, { timeout: 90_000 }).toContain("Portal ready");
  });

  test.afterAll(() => {
    if (server.exitCode === null) server.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("a second process is refused the embedded database with a clear message", () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const result = spawnSync(process.execPath, ["scripts/migrate.ts"], { cwd: root, env, encoding: "utf8" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("is in use by process");
  });

  test("SIGTERM lets an in-flight request finish, then the process exits cleanly", async () => {
    const socket = net.connect(PORT, "127.0.0.1");
    await once(socket, "connect");
    const body = "theme=dark&returnTo=%2Fabout";
    let reply = "";
    socket.on("data", (chunk) => (reply += chunk));
    // Send the headers and half the body: the request is now in flight on the server.
    socket.write(
      `POST /set-theme HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nOrigin: http://127.0.0.1:${PORT}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n` +
        body.slice(0, 10),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = once(server, "exit");
    server.kill("SIGTERM");
    await expect.poll(() => output).toContain("shutting down");
    socket.write(body.slice(10));
    await once(socket, "close");
    expect(reply).toMatch(/^HTTP\/1\.1 302/);
    expect(reply).toMatch(/location: \/about/i);
    const [code] = await exited;
    expect(code).toBe(0);
    // New connections are refused once it has stopped.
    const refused = await new Promise<boolean>((resolve) => {
      const probe = net.connect(PORT, "127.0.0.1");
      probe.on("error", () => resolve(true));
      probe.on("connect", () => {
        probe.destroy();
        resolve(false);
      });
    });
    expect(refused).toBe(true);
  });
});
