import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { loadConfig, type AppConfig } from "#app/modules/config/config.server.ts";
import { openDatabase } from "#db/connection.ts";
import { createAppServer } from "./app-server.ts";
import { appEntry } from "./app-entry.ts";
import { isClusterWorker, startCluster } from "./cluster.ts";
import { ensureShareImage, prepareDatabase, prepareOnce, printReadyNotes, probeListen, startupFailure, openImageStorage } from "./startup.ts";

const root = path.resolve(import.meta.dirname, "..");
const log = (line: string) => console.log(line);
/** For fail(): the configuration, once it was read. */
let loaded: AppConfig | undefined;

async function main() {
  const config = loadConfig();
  loaded = config;
  if (!isClusterWorker()) await probeListen(config).catch((error: unknown) => fail(error, true));
  const images = openImageStorage(config);
  if (await startCluster(config, log, () => prepareOnce(config, images, log))) return printReadyNotes(config, log);
  // Workers of a cluster find the database migrated by the primary.
  const database = isClusterWorker() ? await openDatabase(config) : await prepareDatabase(config, log);
  if (!isClusterWorker()) await ensureShareImage(images, "Diaspora");

  // Request URLs are built on the public origin (see createAppServer); the origin of a post is
  // checked by the root's middleware, not by React Router (react-router.config.ts).
  const build = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as ServerBuild;
  // The app's modules are the build's alone: the services made here reach them through its entry.
  const entry = appEntry(build);
  const services = entry.createServices({ database, config, imageStore: images });
  entry.provideServices(services);
  // Edits made by other processes reach this one's page cache at once (PostgreSQL NOTIFY).
  if (config.databaseUrl) entry.listenForContentChanges(config.databaseUrl);

  const { server, shutdown } = createAppServer({
    build,
    database,
    clientDir: path.join(root, "build/client"),
    uploadsDir: config.paths.uploads,
    imageStore: images,
    log,
    trustProxy: config.trustProxy,
    origin: config.origin,
    admission: { maxInFlight: config.maxInFlight },
    connections: config.connections,
    loadContext: (request) => entry.createLoadContext(services, request),
    beforeDatabaseClose: entry.runBeforeDatabaseClose,
  });
  // The job queue's worker (mail, scheduled scans): every process runs one; each job runs in one.
  const jobs = await entry.startJobWorker();
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => void Promise.resolve(jobs?.stop()).then(() => shutdown()).then(() => process.exit(0)));
  }
  // A port in use or a HOST that is not this machine's: one line, not Node's unhandled 'error'.
  server.once("error", (error) => fail(error, true));
  server.listen(config.port, config.host, () => {
    log(`Portal ready on ${config.origin} (${database.kind === "pglite" ? `embedded database in ${config.paths.db}` : "PostgreSQL"}, images in ${images.description}${isClusterWorker() ? `, worker ${process.pid}` : ""})`);
    if (!isClusterWorker()) printReadyNotes(config, log);
  });
}

/** One line naming what to fix for a failure of the environment (README "Configuration"); the stack for anything else. */
function fail(error: unknown, listening = false): never {
  console.error(startupFailure(error, loaded, listening) ?? error);
  process.exit(1);
}

main().catch((error: unknown) => fail(error));
