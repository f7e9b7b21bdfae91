// The basemap's variables: MAP_PMTILES (a path, absolute or under DATA_DIR, or s3:<key> in
// S3_BUCKET; the default file otherwise) and MAP_TILE_URL (a third-party https host, which the
// page's Content-Security-Policy then allows, and only then).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#app/platform/config/config.server.ts";
import { contentSecurityPolicy } from "#app/platform/http/security-headers.server.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-config-maps-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const base = { DATA_DIR: dataDir, SESSION_SECRET: "x".repeat(40) };

function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).not.toContain("\n");
    return (error as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("MAP_PMTILES", () => {
  it("defaults to DATA_DIR/maps/basemap.pmtiles, fine when absent", () => {
    expect(loadConfig(base).maps).toEqual({ kind: "file", path: path.join(dataDir, "maps", "basemap.pmtiles"), optional: true });
  });

  it("takes an absolute path, or one relative to DATA_DIR", () => {
    expect(loadConfig({ ...base, MAP_PMTILES: "/srv/maps/poland.pmtiles" }).maps).toEqual({
      kind: "file",
      path: "/srv/maps/poland.pmtiles",
      optional: false,
    });
    expect(loadConfig({ ...base, MAP_PMTILES: "maps/poland.pmtiles" }).maps).toMatchObject({
      path: path.join(dataDir, "maps", "poland.pmtiles"),
    });
    expect(loadConfig({ ...base, MAP_PMTILES: "  " }).maps).toMatchObject({ optional: true });
  });

  it("takes s3:<key> with S3_BUCKET", () => {
    expect(loadConfig({ ...base, S3_BUCKET: "portal-images", MAP_PMTILES: "s3:maps/poland.pmtiles" }).maps).toEqual({
      kind: "s3",
      key: "maps/poland.pmtiles",
    });
  });

  it.each([
    [{ MAP_PMTILES: "s3:maps/poland.pmtiles" }, /S3_BUCKET/],
    [{ S3_BUCKET: "portal-images", MAP_PMTILES: "s3:" }, /s3:<object key>/],
    [{ S3_BUCKET: "portal-images", MAP_PMTILES: "s3:maps/../secret" }, /s3:<object key>/],
    [{ MAP_PMTILES: "https://build.protomaps.com/20261101.pmtiles" }, /file path or s3:/],
  ])("refuses %o, naming MAP_PMTILES", (env, message) => {
    const error = configError({ ...base, ...env });
    expect(error).toMatch(/\bMAP_PMTILES\b/);
    expect(error).toMatch(message);
  });
});

describe("MAP_TILE_URL", () => {
  it("names a third-party host and its origin", () => {
    expect(loadConfig({ ...base, MAP_TILE_URL: "https://tiles.example/v4/{z}/{x}/{y}.mvt?key=abc" }).maps).toEqual({
      kind: "remote",
      tileUrl: "https://tiles.example/v4/{z}/{x}/{y}.mvt?key=abc",
      origin: "https://tiles.example",
    });
  });

  it.each([
    "http://tiles.example/{z}/{x}/{y}.mvt",
    "https://tiles.example/{z}/{x}.mvt",
    "https://{s}.tiles.example/{z}/{x}/{y}.mvt",
    "tiles.example/{z}/{x}/{y}.mvt",
  ])("refuses %s, naming MAP_TILE_URL", (url) => {
    expect(configError({ ...base, MAP_TILE_URL: url })).toMatch(/\bMAP_TILE_URL\b/);
  });

  it("refuses MAP_TILE_URL with MAP_PMTILES: one basemap", () => {
    expect(configError({ ...base, MAP_TILE_URL: "https://tiles.example/{z}/{x}/{y}.mvt", MAP_PMTILES: "x.pmtiles" })).toMatch(
      /MAP_TILE_URL/,
    );
  });
});

describe("the Content-Security-Policy", () => {
  const directive = (policy: string, name: string) => policy.split("; ").find((part) => part.startsWith(`${name} `));

  it("keeps connections and images on the portal's own origin without MAP_TILE_URL", () => {
    const policy = contentSecurityPolicy("n0nce");
    expect(directive(policy, "connect-src")).toBe("connect-src 'self'");
    expect(directive(policy, "img-src")).toBe("img-src 'self' data: blob:");
    expect(directive(policy, "worker-src")).toBe("worker-src 'self'");
  });

  it("adds the tile host's origin to connect-src and img-src, nowhere else", () => {
    const policy = contentSecurityPolicy("n0nce", "https://tiles.example");
    expect(directive(policy, "connect-src")).toBe("connect-src 'self' https://tiles.example");
    expect(directive(policy, "img-src")).toBe("img-src 'self' data: blob: https://tiles.example");
    expect(policy.match(/tiles\.example/g)).toHaveLength(2);
  });
});
