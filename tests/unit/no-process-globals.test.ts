// The server reaches the app's modules only through the build's entry, so each module has one
// copy and module variables are enough: nothing of the portal's may live on globalThis.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("process globals", () => {
  it("app/, server/ and db/ keep nothing on globalThis under a Symbol.for key", () => {
    const files = ["app", "server", "db"].flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((file) => /Symbol\.for\(/.test(readFileSync(file, "utf8"))).map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});
