import cluster, { type Worker } from "node:cluster";
import type { AppConfig } from "#app/platform/config/config.server.ts";
import { logger } from "#app/platform/logger/logger.server.ts";

// WEB_CONCURRENCY > 1: this process becomes the primary. It does the one-time work (migrations,
// the share image) before any worker exists, then forks the workers, which share the listening
// port (node:cluster hands connections round-robin) and keep no state of their own that
// another process would need: sessions, rate limits, presence and page-cache versions all
// live in PostgreSQL. The primary serves nothing; it restarts a worker that dies and passes
// SIGTERM/SIGINT on so each worker finishes its requests.

/** A worker dying this soon after its start counts as a failed start. */
const QUICK_EXIT_MS = 5_000;
const MAX_QUICK_EXITS = 5;

export const isClusterWorker = () => cluster.isWorker;

/**
 * Resolves true in the primary of a multi-process setup (after forking: nothing else to do
 * here), false when this process is to serve requests itself (one process, or a worker).
 */
export async function startCluster(config: AppConfig, log: (line: string) => void, prepareOnce: () => Promise<void>): Promise<boolean> {
  if (config.webConcurrency <= 1 || cluster.isWorker) return false;
  await prepareOnce();

  let stopping = false;
  let quickExits = 0;
  const startedAt = new Map<Worker, number>();
  const fork = () => startedAt.set(cluster.fork(), Date.now());

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) {
        log("all workers stopped");
        process.exit(0);
      }
      return;
    }
    log(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
    quickExits = lived < QUICK_EXIT_MS ? quickExits + 1 : 0;
    if (quickExits >= MAX_QUICK_EXITS) {
      logger.fatal(`workers keep exiting at start (${quickExits} in a row): giving up; see the errors above`);
      process.exit(1);
    }
    fork();
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log(`${signal}: stopping ${startedAt.size} workers`);
      // SIGTERM even for Ctrl-C: the terminal already sent SIGINT to the whole group, and a
      // second SIGINT would hit a worker's default handler and cut its requests short.
      for (const worker of startedAt.keys()) worker.process.kill("SIGTERM");
      if (startedAt.size === 0) process.exit(0);
    });
  }

  log(`starting ${config.webConcurrency} workers (WEB_CONCURRENCY) on port ${config.port}`);
  for (let i = 0; i < config.webConcurrency; i++) fork();
  return true;
}
