// Serves the floor app (bench/floor, built into bench/data/floor-build) with the portal's own
// server code (server/app-server.ts: node:http, static files, compression), without a database.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type { Database } from "#db/connection.ts";
import { createAppServer } from "../server/app-server.ts";

const port = Number(process.env.PORT ?? 3461);
const dir = path.resolve(import.meta.dirname, "data/floor-build");
// The pages /markup/<key> render (bench/floor-markup.ts): a JSON file written by bench/run.ts.
if (process.env.FLOOR_MARKUP) globalThis.floorMarkup = JSON.parse(readFileSync(process.env.FLOOR_MARKUP, "utf8"));
const build = (await import(pathToFileURL(path.join(dir, "server/index.js")).href)) as ServerBuild;
// The floor page never touches a database; the server only closes it on shutdown.
const noDatabase = { kind: "pglite", close: async () => {} } as unknown as Database;

const { server, shutdown } = createAppServer({
  build,
  database: noDatabase,
  clientDir: path.join(dir, "client"),
  uploadsDir: path.join(dir, "uploads"),
  log: () => {},
  origin: `http://127.0.0.1:${port}`,
});
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void shutdown().then(() => process.exit(0)));
server.listen(port, "127.0.0.1", () => console.log(`floor ready on http://127.0.0.1:${port}`));
