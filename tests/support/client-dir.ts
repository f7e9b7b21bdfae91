import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";

/**
 * A client build folder holding only robots.txt, for a server under test: made before the
 * tests around the call and removed after them. Read `path` inside the tests.
 */
export function useClientDir(prefix: string): { readonly path: string } {
  const dir = { path: "" };
  beforeAll(() => {
    dir.path = mkdtempSync(path.join(os.tmpdir(), prefix));
    writeFileSync(path.join(dir.path, "robots.txt"), "User-agent: *\n");
  });
  afterAll(() => rmSync(dir.path, { recursive: true, force: true }));
  return dir;
}
