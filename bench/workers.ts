// `npm run bench -- --workers`: the same pages served by 1 and by 2 worker processes
// (WEB_CONCURRENCY, node:cluster), on PostgreSQL: what a second process buys on this
// machine, for a page the page cache answers and for one that is built on every request.
import type { ChildProcess } from "node:child_process";
import os from "node:os";

type Measured = { rps: number; p50: number; p99: number; non2xx: number; errors: number };

export type WorkerBenchOptions = {
  workerCounts: number[];
  /** Start the production server with extra environment; resolved once it answers. */
  start(env: NodeJS.ProcessEnv): Promise<ChildProcess>;
  stop(): Promise<unknown>;
  measure(url: string, bypass?: boolean): Promise<Measured>;
  base: string;
  page: { name: string; path: string };
  postgres: boolean;
  log(line: string): void;
};

export type WorkerBenchRow = { workers: number; cached: Measured; uncached: Measured };

export async function benchWorkerCounts(options: WorkerBenchOptions): Promise<WorkerBenchRow[]> {
  const counts = options.postgres ? options.workerCounts : options.workerCounts.filter((count) => count === 1);
  if (counts.length < options.workerCounts.length) {
    options.log("more than one worker needs PostgreSQL (set DATABASE_URL): measuring 1 worker only");
  }
  const rows: WorkerBenchRow[] = [];
  for (const workers of counts) {
    await options.start({ WEB_CONCURRENCY: String(workers) });
    // The machine may be shared: the load before each run says how much the figures mean.
    options.log(
      `measuring ${options.page.name} with ${workers} worker${workers === 1 ? "" : "s"} (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)…`,
    );
    const url = options.base + options.page.path;
    const cached = await options.measure(url);
    const uncached = await options.measure(url, true);
    rows.push({ workers, cached, uncached });
    await options.stop();
  }
  const pad = (value: string, width: number) => value.padStart(width);
  const cell = (m: Measured) => `${pad(m.rps.toFixed(0), 8)} ${pad(m.p99.toFixed(1), 7)}${m.non2xx || m.errors ? "!" : " "}`;
  const first = rows[0];
  options.log(
    [
      "",
      `${options.page.name} (${options.page.path}), req/s and p99 ms per worker count (! = non-2xx or errors):`,
      `${"workers".padEnd(8)} ${pad("cached", 8)} ${pad("p99", 7)}  ${pad("uncached", 8)} ${pad("p99", 7)}  ${pad("vs 1 worker", 12)}`,
      ...rows.map(
        (row) =>
          `${String(row.workers).padEnd(8)} ${cell(row.cached)} ${cell(row.uncached)} ${pad(first ? `${(row.cached.rps / first.cached.rps).toFixed(2)}x / ${(row.uncached.rps / first.uncached.rps).toFixed(2)}x` : "", 12)}`,
      ),
      "",
    ].join("\n"),
  );
  return rows;
}
