import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

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
  ])("stops with one line naming the bad variable (%j)", (env, name) => {
    const result = startWith(env);
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(name);
  });
});
