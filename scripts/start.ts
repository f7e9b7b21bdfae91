// `npm start`: build the app when the sources are newer than the build, then run the production
// server with the demo seed of a first start (scripts/serve.ts).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const built = path.join(root, "build/server/index.js");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const stale =
  !existsSync(built) ||
  Math.max(newestMtime(path.join(root, "app")), statSync(path.join(root, "package.json")).mtimeMs) > statSync(built).mtimeMs;
if (stale) {
  console.log("Building the portal…");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= "production";
console.log(stale ? "Built. Starting the server…" : "The build is up to date. Starting the server…");
await import("./serve.ts");
