import { setTimeout as sleep } from "node:timers/promises";
import { Counter, Gauge, Histogram, collectDefaultMetrics, register, type Metric } from "prom-client";

// Prometheus metrics of one process, in prom-client's process-wide registry. The server's
// own code (server/) and the app's build each load a copy of this module, while prom-client
// itself is one package for both: every metric is made by whichever copy asks first and
// found by name afterwards, so both copies count into the same series.
//
// Labels take few values only (a route's id, a status class, a reason): a label holding a
// raw path or a query would make one series per address anyone can type.

function single<T extends Metric>(name: string, make: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

/** Requests answered, by route (the matched route's id, or what served it), method and status class. */
export function httpRequests() {
  return single(
    "portal_http_requests_total",
    () =>
      new Counter({
        name: "portal_http_requests_total",
        help: "HTTP requests answered, by route, method and status class",
        labelNames: ["route", "method", "status"] as const,
      }),
  );
}

/** Time from a request's arrival to the end of its answer, by route and status class. */
export function httpDuration() {
  return single(
    "portal_http_request_duration_seconds",
    () =>
      new Histogram({
        name: "portal_http_request_duration_seconds",
        help: "Time from a request's arrival to the last byte of its answer, by route and status class",
        labelNames: ["route", "status"] as const,
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      }),
  );
}

/** Why the server refused a request before the app saw it (server/admission.ts, server/connections.ts). */
type ShedReason = "admission" | "connections" | "body_timeout";

/** Requests refused by load shedding: admission 503s, connection or body-reader caps (503), slow bodies (408). */
function shedRequests() {
  return single(
    "portal_http_shed_requests_total",
    () =>
      new Counter({
        name: "portal_http_shed_requests_total",
        help: "Requests refused to protect the process, by reason",
        labelNames: ["reason"] as const,
      }),
  );
}

export function countShed(reason: ShedReason): void {
  shedRequests().inc({ reason });
}

/** Anonymous pages answered from the page cache (hit) or built and stored in it (miss). */
export function pageCacheLookups() {
  return single(
    "portal_page_cache_lookups_total",
    () =>
      new Counter({
        name: "portal_page_cache_lookups_total",
        help: "Page cache answers: hit (served from the cache), miss (built and stored)",
        labelNames: ["result"] as const,
      }),
  );
}

/** Failed runs of a job (each attempt), by job name. */
export function jobFailures() {
  return single(
    "portal_job_failures_total",
    () => new Counter({ name: "portal_job_failures_total", help: "Failed job attempts, by job name", labelNames: ["job"] as const }),
  );
}

/** One queue's counts, as the job queue reports them. */
type JobQueueCounts = { name: string; queued: number; active: number; failed: number };

/** How long a scrape waits for the queue's counts before leaving the gauge as it was. */
const JOB_STATS_TIMEOUT_MS = 1_000;

/**
 * The job runner hands over how to read its queues' counts (pg-boss's getQueues); each scrape
 * asks, waiting at most a second. Several processes report the same queues: in a cluster the
 * primary keeps the largest, not their sum.
 */
export function provideJobQueueStats(read: () => Promise<readonly JobQueueCounts[]>): void {
  register.removeSingleMetric("portal_job_queue_jobs");
  new Gauge({
    name: "portal_job_queue_jobs",
    help: "Jobs in the queue by queue and state (queued: waiting or scheduled, active: running, failed: kept failures)",
    labelNames: ["queue", "state"] as const,
    aggregator: "max",
    async collect() {
      const answered = new AbortController();
      const late = sleep(JOB_STATS_TIMEOUT_MS, undefined, { signal: answered.signal }).catch(() => undefined);
      const counts = await Promise.race([read().catch(() => undefined), late]).finally(() => answered.abort());
      if (!counts) return;
      this.reset();
      for (const queue of counts) {
        this.set({ queue: queue.name, state: "queued" }, queue.queued);
        this.set({ queue: queue.name, state: "active" }, queue.active);
        this.set({ queue: queue.name, state: "failed" }, queue.failed);
      }
    },
  });
}

/** What a pg pool tells of its connections. */
type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number };

/** The PostgreSQL pool's connections (open, idle) and the queries waiting for one; the embedded database has none. */
export function observeDatabasePool(pool: PoolCounts): void {
  register.removeSingleMetric("portal_db_pool_connections");
  new Gauge({
    name: "portal_db_pool_connections",
    help: "PostgreSQL pool: open connections (total), idle ones, and queries waiting for a connection",
    labelNames: ["state"] as const,
    collect() {
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
}

/** Node's own process metrics (CPU, memory, event loop lag, handles, GC), once per process. */
export function collectProcessMetrics(): void {
  if (register.getSingleMetric("process_cpu_seconds_total")) return;
  collectDefaultMetrics();
}

/** The registry's text in Prometheus' exposition format, with its content type. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: register.contentType, body: await register.metrics() };
}
