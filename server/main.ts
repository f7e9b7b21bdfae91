import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { loadConfig, type AppConfig } from "#app/platform/config/config.server.ts";
import { openDatabase } from "#db/connection.ts";
import { reportError, startErrorReporting } from "#app/platform/logger/error-reporting.server.ts";
import { flushLogs, logger } from "#app/platform/logger/logger.server.ts";
import { observeDatabasePool } from "#app/platform/metrics/metrics.server.ts";
import { createAppServer } from "./app-server.ts";
import { appEntry } from "./app-entry.ts";
import { isClusterWorker, startCluster } from "./cluster.ts";
import { reportMetricsToPrimary, startMetricsServer } from "./metrics-server.ts";
import {
  ensureShareImage,
  prepareDatabase,
  prepareOnce,
  printReadyNotes,
  probeListen,
  startupFailure,
  openImageStorage,
  type AfterMigrate,
} from "./startup.ts";

const root = path.resolve(import.meta.dirname, "..");
const log = (line: string) => logger.info(line);
/** For the person at the terminal (the address to open, the demo logins): plain text, and never in the log. */
const note = (line: string) => {
  flushLogs();
  process.stdout.write(`${line}\n`);
};
/** For fail(): the configuration, once it was read. */
let loaded: AppConfig | undefined;

/**
 * Starts the production server. `afterMigrate` is the launcher's work on the migrated database
 * before serving (scripts/serve.ts: the demo seed); `node server/main.ts` alone only migrates.
 */
export async function startServer({ afterMigrate }: { afterMigrate?: AfterMigrate } = {}): Promise<void> {
  await main(afterMigrate).catch((error: unknown) => fail(error));
}

async function main(afterMigrate: AfterMigrate | undefined) {
  const config = loadConfig();
  loaded = config;
  if (!isClusterWorker()) await probeListen(config).catch((error: unknown) => fail(error, true));
  void startErrorReporting({ dsn: config.sentryDsn, environment: config.env });
  const images = openImageStorage(config);
  if (await startCluster(config, log, () => prepareOnce(config, images, log, afterMigrate))) {
    // The primary serves the metrics of all its workers (server/metrics-server.ts).
    if (config.metrics) await startMetrics(config.metrics, true);
    return printReadyNotes(config, note);
  }
  if (config.metrics && isClusterWorker()) reportMetricsToPrimary();
  // Workers of a cluster find the database migrated by the primary.
  const database = isClusterWorker() ? await openDatabase(config, { thread: true }) : await prepareDatabase(config, log, afterMigrate);
  if (!isClusterWorker()) await ensureShareImage(images, "Diaspora");
  if (database.pool) observeDatabasePool(database.pool);

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
    reportError,
  });
  // The job queue's worker (mail, scheduled scans): every process runs one; each job runs in one.
  const jobs = await entry.startJobWorker();
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(
      signal,
      () =>
        void Promise.resolve(jobs?.stop())
          .then(() => shutdown())
          .then(() => process.exit(0)),
    );
  }
  // A port in use or a HOST that is not this machine's: one line, not Node's unhandled 'error'.
  server.once("error", (error) => fail(error, true));
  server.listen(config.port, config.host, () => {
    log(
      `Portal ready on ${config.origin} (${database.kind === "pglite" ? `embedded database in ${config.paths.db}` : "PostgreSQL"}, images in ${images.description}${isClusterWorker() ? `, worker ${process.pid}` : ""})`,
    );
    // After the jobs the start queued (the minute scans and the mails they send), so the demo
    // logins are the last thing on the terminal.
    if (!isClusterWorker()) void Promise.resolve(jobs?.settled(15_000)).then(() => printReadyNotes(config, note));
  });
  if (config.metrics && !isClusterWorker()) await startMetrics(config.metrics, false);
}

/** One line naming what to fix for a failure of the environment (README "Configuration"); the stack for anything else. */
function fail(error: unknown, listening = false): never {
  const explained = startupFailure(error, loaded, listening);
  if (explained) process.stderr.write(`${explained}\n`);
  else logger.fatal({ err: error }, "the portal did not start");
  process.exit(1);
}

async function startMetrics({ port, host }: { port: number; host: string }, cluster: boolean) {
  await startMetricsServer({ port, host, cluster }).catch((error: unknown) => {
    process.stderr.write(
      `Metrics cannot listen on ${host}:${port} (${(error as Error).message}): set METRICS_PORT to a free port, METRICS_HOST to an address of this machine.\n`,
    );
    process.exit(1);
  });
  log(`Metrics on http://${host}:${port}/metrics (METRICS_PORT)`);
}

if (import.meta.main) await startServer();
