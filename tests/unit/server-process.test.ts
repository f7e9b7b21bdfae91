import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { shouldSeedDemo } from "../../scripts/seed/on-start.ts";

const main = path.resolve(import.meta.dirname, "../../server/main.ts");

function startWith(env: Record<string, string>) {
  return spawnSync(process.execPath, [main], {
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
    timeout: 20_000,
  });
}

describe("server start-up configuration", () => {
  it.each([
    [{ PORT: "not-a-port" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ PUBLIC_URL: "portal.example" }, "PUBLIC_URL"],
    [{ SEED_DEMO: "maybe" }, "SEED_DEMO"],
    [{ NODE_ENV: "production", DATABASE_URL: "postgres://127.0.0.1:1/x" }, "SESSION_SECRET"],
    // Several processes cannot share the embedded database.
    [{ WEB_CONCURRENCY: "2" }, "WEB_CONCURRENCY"],
    [{ S3_PUBLIC_URL: "https://cdn.example" }, "S3_PUBLIC_URL"],
  ])("stops with one line naming the bad variable (%j)", (env, name) => {
    const result = startWith(env);
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(name);
  });
});

describe("demo accounts in a deployment", () => {
  it.each([
    [{ seedDemo: "auto", databaseUrl: undefined }, true],
    [{ seedDemo: "auto", databaseUrl: "postgres://db/portal" }, false],
    [{ seedDemo: "no", databaseUrl: undefined }, false],
    [{ seedDemo: "yes", databaseUrl: "postgres://db/portal" }, true],
  ] as const)("seeds %j: %s", (config, expected) => {
    expect(shouldSeedDemo(config)).toBe(expected);
  });

  it("the Docker image never seeds unless SEED_DEMO=yes is passed", () => {
    const dockerfile = readFileSync(path.resolve(import.meta.dirname, "../../Dockerfile"), "utf8");
    const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
    expect(runtime).toMatch(/^\s*SEED_DEMO=no\b/m);
  });
});
