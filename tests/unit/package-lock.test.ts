// The lock must survive a fresh clone (`npm ci`) and a plain `npm install` unchanged.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
type Manifest = {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  engines?: Record<string, string>;
  overrides?: Record<string, string | Record<string, string>>;
};
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as Manifest;
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as { packages: Record<string, Manifest> };

describe("package-lock.json", () => {
  it("records package.json's dependencies and engines (npm ci refuses a lock out of sync)", () => {
    const top = lock.packages[""]!;
    expect(top.dependencies).toEqual(pkg.dependencies);
    expect(top.devDependencies).toEqual(pkg.devDependencies);
    expect(top.engines).toEqual(pkg.engines);
  });

  it("has no dependency on a moving dist-tag that package.json does not pin", () => {
    // "latest" in a dependency's manifest: once the tag moves past the locked version,
    // npm ci on a fresh clone says the lock is missing it. An override pins it.
    const pinned = new Set(
      Object.entries(pkg.overrides ?? {}).flatMap(([parent, value]) =>
        typeof value === "string" ? [`*>${parent}`] : Object.keys(value).map((child) => `${parent}>${child}`),
      ),
    );
    const unpinned: string[] = [];
    for (const [location, entry] of Object.entries(lock.packages)) {
      if (!location) continue;
      const name = location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length);
      for (const [dependency, spec] of Object.entries({ ...entry.dependencies, ...entry.optionalDependencies })) {
        const isTag = /^[a-z][\w.-]*$/i.test(spec) && !/^[xX*]$/.test(spec);
        if (isTag && !pinned.has(`${name}>${dependency}`) && !pinned.has(`*>${dependency}`))
          unpinned.push(`${name} → ${dependency}@${spec}`);
      }
    }
    expect(unpinned).toEqual([]);
  });

  it("lists every optional platform package, also those this registry lacks (npm ci needs them)", () => {
    const missing: string[] = [];
    for (const [location, entry] of Object.entries(lock.packages)) {
      for (const dependency of Object.keys(entry.optionalDependencies ?? {})) {
        const nested = `${location}/node_modules/${dependency}`;
        if (!lock.packages[nested] && !lock.packages[`node_modules/${dependency}`]) missing.push(`${location || "(root)"} → ${dependency}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("engines", () => {
  it("is the Node version the README promises", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    const promised = readme.match(/You need Node\.js (\d+\.\d+) or newer/)?.[1];
    expect(promised, "README: 'You need Node.js X.Y or newer'").toBeTruthy();
    expect(pkg.engines?.node).toBe(`>=${promised}.0`);
  });
});
