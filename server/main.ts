import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { ConfigError, loadConfig, setConfig } from "../app/modules/config/config.server.ts";
import { registerDatabase } from "../app/modules/db/db.server.ts";
import { DatabaseBusyError } from "../db/connection.ts";
import { createAppServer } from "./app-server.ts";
import { ensureShareImage, prepareDatabase } from "./startup.ts";

const root = path.resolve(import.meta.dirname, "..");
const log = (line: string) => console.log(line);

async function main() {
  const config = loadConfig();
  setConfig(config);
  const database = await prepareDatabase(config, log);
  registerDatabase(database);
  await ensureShareImage(config.paths.uploads, "Diaspora");

  const imported = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as ServerBuild;
  // Behind a TLS proxy the Origin of form posts is PUBLIC_URL's host, not the one Node sees.
  const build: ServerBuild = config.publicUrl
    ? { ...imported, allowedActionOrigins: [new URL(config.publicUrl).host] }
    : imported;

  const { server, shutdown } = createAppServer({
    build,
    database,
    clientDir: path.join(root, "build/client"),
    uploadsDir: config.paths.uploads,
    log,
    trustProxy: config.trustProxy,
  });
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => void shutdown().then(() => process.exit(0)));
  }
  server.listen(config.port, config.host, () => {
    log(`Portal ready on ${config.publicUrl ?? `http://localhost:${config.port}`} (${database.kind === "pglite" ? `embedded database in ${config.paths.db}` : "PostgreSQL"})`);
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseBusyError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
