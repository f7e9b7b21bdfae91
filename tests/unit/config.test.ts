import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#app/platform/config/config.server.ts";

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "portal-config-"));
  tempDirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** loadConfig's error, which must exist and be a ConfigError. */
function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

const validSecret = "x".repeat(40);

describe("loadConfig", () => {
  it("applies defaults and resolves paths under DATA_DIR", () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: validSecret });
    expect(config.port).toBe(3000);
    expect(config.env).toBe("development");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve(dataDir));
    expect(config.paths.db).toBe(path.join(dataDir, "db"));
    expect(config.paths.uploads).toBe(path.join(dataDir, "uploads"));
    expect(config.sessionSecret).toBe(validSecret);
  });

  it.each(["abc", "0", "70000", "3.5", "-1"])("rejects PORT=%s with a one-line message naming PORT", (port) => {
    const error = configError({ PORT: port, DATA_DIR: tempDir() });
    expect(error.message).toMatch(/\bPORT\b/);
    expect(error.message).not.toContain("\n");
  });

  it("accepts a valid PORT", () => {
    expect(loadConfig({ PORT: "8080", DATA_DIR: tempDir(), SESSION_SECRET: validSecret }).port).toBe(8080);
  });

  it("names the variable for other bad values too", () => {
    const error = configError({ DATABASE_URL: "mysql://localhost/x", DATA_DIR: tempDir() });
    expect(error.message).toMatch(/\bDATABASE_URL\b/);
    expect(error.message).not.toContain("\n");
    expect(configError({ SESSION_SECRET: "short", DATA_DIR: tempDir() }).message).toMatch(/\bSESSION_SECRET\b/);
  });

  it.each([
    ["PAGE_CACHE_MB", "lots"],
    ["PAGE_CACHE_MB", "-1"],
    ["SEARCH_CACHE_MB", "8.5"],
    ["CONTENT_POLL_MS", "0"],
    ["CONTENT_POLL_MS", "soon"],
  ])("refuses %s=%s, naming it (a NaN cache bound used to evict every page)", (name, value) => {
    const error = configError({ [name]: value, DATA_DIR: tempDir() });
    expect(error.message).toMatch(new RegExp(`\\b${name}\\b`));
    expect(error.message).not.toContain("\n");
  });

  it("reads the cache bounds and the poll interval", () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      SESSION_SECRET: validSecret,
      PAGE_CACHE_MB: "0",
      SEARCH_CACHE_MB: "16",
      CONTENT_POLL_MS: "250",
    });
    expect(config.pageCacheMb).toEqual({ pages: 0, search: 16 });
    expect(config.contentPollMs).toBe(250);
    expect(loadConfig({ DATA_DIR: tempDir(), SESSION_SECRET: validSecret }).pageCacheMb).toEqual({ pages: 64, search: 8 });
  });

  it("refuses production with DATABASE_URL but without SESSION_SECRET", () => {
    const dataDir = tempDir();
    const error = configError({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/portal",
      DATA_DIR: dataDir,
    });
    expect(error.message).toMatch(/\bSESSION_SECRET\b/);
    expect(error.message).not.toContain("\n");
    // Refused before anything was generated or written.
    expect(existsSync(path.join(dataDir, "session-secret"))).toBe(false);
  });

  it("accepts production with DATABASE_URL and SESSION_SECRET", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/portal",
      SESSION_SECRET: validSecret,
      DATA_DIR: tempDir(),
    });
    expect(config.env).toBe("production");
    expect(config.databaseUrl).toBe("postgres://postgres@127.0.0.1:5432/portal");
    expect(config.sessionSecret).toBe(validSecret);
  });

  it("generates a session secret, persists it in DATA_DIR and keeps it across calls", () => {
    const dataDir = path.join(tempDir(), "nested", "data"); // does not exist yet
    const first = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir });
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);

    const file = path.join(dataDir, "session-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first.sessionSecret);
    expect(statSync(file).mode & 0o077).toBe(0); // readable by the owner only

    const second = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir });
    expect(second.sessionSecret).toBe(first.sessionSecret);

    // Another data directory gets another secret.
    expect(loadConfig({ DATA_DIR: tempDir() }).sessionSecret).not.toBe(first.sessionSecret);
  });

  it("treats an empty SESSION_SECRET as unset", () => {
    const dataDir = tempDir();
    const config = loadConfig({ SESSION_SECRET: "", DATA_DIR: dataDir });
    expect(readFileSync(path.join(dataDir, "session-secret"), "utf8").trim()).toBe(config.sessionSecret);
  });
});
