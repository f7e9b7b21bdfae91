// A start that cannot succeed stops with exit code 1 and one line of stderr naming what to fix
// (README "Configuration"), not a stack trace or Node's "Unhandled 'error' event".
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { urlForDatabase } from "../support/pg-admin.ts";

const main = path.resolve(import.meta.dirname, "../../server/main.ts");

async function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const dataDir = mkdtempSync(path.join(inject("scratchDir"), "startup-"));
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, SEED_DEMO: "no", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, stderr };
}

/** A port nothing listens on (the database cases fail after the port was checked). */
async function freePort(): Promise<string> {
  const probe = net.createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return String(port);
}

function expectOneLine(result: { code: number | null; stderr: string }, ...words: string[]) {
  expect(result.code, result.stderr).toBe(1);
  const lines = result.stderr.trim().split("\n");
  expect(lines, result.stderr).toHaveLength(1);
  for (const word of words) expect(lines[0]).toContain(word);
  expect(lines[0]).not.toMatch(/\bat .*:\d+:\d+/);
}

describe("start-up failures", () => {
  let occupied: net.Server;
  let busyPort: number;
  beforeAll(async () => {
    occupied = net.createServer().listen(0, "127.0.0.1");
    await once(occupied, "listening");
    busyPort = (occupied.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => occupied.close(resolve)));

  it("a port in use names PORT", async () => {
    expectOneLine(await start({ PORT: String(busyPort), HOST: "127.0.0.1" }), `Port ${busyPort}`, "PORT");
  });

  it("a HOST that is no name names HOST", async () => {
    expectOneLine(await start({ PORT: await freePort(), HOST: "no-such-host.invalid" }), "HOST=no-such-host.invalid");
  });

  it("a HOST that is not this machine's names HOST", async () => {
    // TEST-NET-1 (RFC 5737): never an address of this machine.
    expectOneLine(await start({ PORT: await freePort(), HOST: "192.0.2.1" }), "HOST=192.0.2.1");
  });

  it("an unreachable DATABASE_URL names it, without the password", async () => {
    const result = await start({
      PORT: await freePort(),
      HOST: "127.0.0.1",
      DATABASE_URL: "postgres://portal:secret-pw@127.0.0.1:1/portal",
    });
    expectOneLine(result, "DATABASE_URL", "127.0.0.1:1/portal");
    expect(result.stderr).not.toContain("secret-pw");
  });

  const template = inject("testDatabase");
  it.skipIf(template.kind !== "postgres")("a database that does not exist names DATABASE_URL and how to create it", async () => {
    const url = urlForDatabase(template.kind === "postgres" ? template.url : "", "portal_missing_database_for_startup_test");
    expectOneLine(
      await start({ PORT: await freePort(), HOST: "127.0.0.1", DATABASE_URL: url }),
      "DATABASE_URL",
      "createdb portal_missing_database_for_startup_test",
    );
  });
});
