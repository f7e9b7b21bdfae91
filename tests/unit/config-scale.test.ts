// The scale-out variables: WEB_CONCURRENCY, MAX_IN_FLIGHT, the connection limits and the S3 image storage, each
// refused with one line naming the variable.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#app/platform/config/config.server.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-config-scale-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const base = { DATA_DIR: dataDir, SESSION_SECRET: "x".repeat(40) };
const pgUrl = "postgres://portal@127.0.0.1:5432/portal";

function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig({ ...base, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe("WEB_CONCURRENCY", () => {
  it("defaults to one process and accepts several on PostgreSQL", () => {
    expect(loadConfig(base).webConcurrency).toBe(1);
    expect(loadConfig({ ...base, DATABASE_URL: pgUrl, WEB_CONCURRENCY: "4" }).webConcurrency).toBe(4);
  });

  it("refuses several processes on the embedded database, and nonsense", () => {
    const message = refusal({ WEB_CONCURRENCY: "2" });
    expect(message).toMatch(/^Invalid environment variable WEB_CONCURRENCY: .*PostgreSQL/);
    expect(message).not.toContain("\n");
    for (const value of ["0", "two", "1.5", "500"])
      expect(refusal({ DATABASE_URL: pgUrl, WEB_CONCURRENCY: value })).toContain("WEB_CONCURRENCY");
  });
});

describe("MAX_IN_FLIGHT", () => {
  it("defaults to 16 pages built at once on PostgreSQL, 4 on the embedded database, and refuses nonsense", () => {
    expect(loadConfig({ ...base, DATABASE_URL: pgUrl }).maxInFlight).toBe(16);
    expect(loadConfig(base).maxInFlight).toBe(4);
    expect(loadConfig({ ...base, MAX_IN_FLIGHT: "64" }).maxInFlight).toBe(64);
    for (const value of ["0", "-1", "many", "2.5"]) {
      const message = refusal({ MAX_IN_FLIGHT: value });
      expect(message).toMatch(/^Invalid environment variable MAX_IN_FLIGHT: /);
      expect(message).not.toContain("\n");
    }
  });
});

describe("connection limits", () => {
  it("default to 10 s for headers and a stalled body, 600 s for a whole body, 10,000 connections, 256 per address, 1 KB/s, 1,000 bodies", () => {
    expect(loadConfig(base).connections).toEqual({
      headersTimeoutMs: 10_000,
      bodyIdleTimeoutMs: 10_000,
      bodyTimeoutMs: 600_000,
      maxConnections: 10_000,
      maxConnectionsPerAddress: 256,
      bodyMinRate: 1_024,
      maxBodyReaders: 1_000,
    });
    const set = loadConfig({
      ...base,
      HEADERS_TIMEOUT: "5",
      BODY_IDLE_TIMEOUT: "20",
      BODY_TIMEOUT: "120",
      MAX_CONNECTIONS: "4000",
      MAX_CONNECTIONS_PER_ADDRESS: "32",
      BODY_MIN_RATE: "0",
      MAX_BODY_READERS: "50",
    });
    expect(set.connections).toEqual({
      headersTimeoutMs: 5_000,
      bodyIdleTimeoutMs: 20_000,
      bodyTimeoutMs: 120_000,
      maxConnections: 4_000,
      maxConnectionsPerAddress: 32,
      bodyMinRate: 0,
      maxBodyReaders: 50,
    });
  });

  it("refuse nonsense with one line naming the variable", () => {
    for (const name of [
      "HEADERS_TIMEOUT",
      "BODY_IDLE_TIMEOUT",
      "BODY_TIMEOUT",
      "MAX_CONNECTIONS",
      "MAX_CONNECTIONS_PER_ADDRESS",
      "BODY_MIN_RATE",
      "MAX_BODY_READERS",
    ]) {
      // BODY_MIN_RATE=0 turns the check off.
      for (const value of name === "BODY_MIN_RATE" ? ["-1", "soon", "1.5"] : ["0", "-1", "soon", "1.5"]) {
        const message = refusal({ [name]: value });
        expect(message).toMatch(new RegExp(`^Invalid environment variable ${name}: `));
        expect(message).not.toContain("\n");
      }
    }
  });
});

describe("S3 image storage", () => {
  it("is local without S3_BUCKET", () => {
    expect(loadConfig(base).storage).toEqual({ kind: "local" });
  });

  it("reads bucket, endpoint, region, path style and public URL", () => {
    const storage = loadConfig({
      ...base,
      S3_BUCKET: "portal-images",
      S3_ENDPOINT: "http://minio:9000",
      S3_REGION: "eu-central-1",
      S3_FORCE_PATH_STYLE: "true",
      S3_PUBLIC_URL: "https://cdn.example/portal/",
    }).storage;
    expect(storage).toEqual({
      kind: "s3",
      bucket: "portal-images",
      endpoint: "http://minio:9000",
      region: "eu-central-1",
      forcePathStyle: true,
      publicUrl: "https://cdn.example/portal",
    });
  });

  it("defaults the region to AWS_REGION, then us-east-1, and path style to off", () => {
    expect(loadConfig({ ...base, S3_BUCKET: "portal-images", AWS_REGION: "eu-west-3" }).storage).toMatchObject({
      region: "eu-west-3",
      forcePathStyle: false,
      endpoint: undefined,
    });
    expect(loadConfig({ ...base, S3_BUCKET: "portal-images" }).storage).toMatchObject({ region: "us-east-1" });
  });

  it.each([
    [{ S3_BUCKET: "Bad_Bucket" }, "S3_BUCKET"],
    [{ S3_BUCKET: "portal-images", S3_ENDPOINT: "minio:9000" }, "S3_ENDPOINT"],
    [{ S3_BUCKET: "portal-images", S3_FORCE_PATH_STYLE: "maybe" }, "S3_FORCE_PATH_STYLE"],
    [{ S3_BUCKET: "portal-images", S3_PUBLIC_URL: "cdn.example" }, "S3_PUBLIC_URL"],
    [{ S3_ENDPOINT: "http://minio:9000" }, "S3_ENDPOINT"],
  ])("refuses %j with one line naming %s", (env, name) => {
    const message = refusal(env);
    expect(message).toContain(`Invalid environment variable ${name}:`);
    expect(message).not.toContain("\n");
  });
});
