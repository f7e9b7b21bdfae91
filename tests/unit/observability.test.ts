// Logs, metrics and error reporting (docs/operations.md, "Logs and metrics"): one JSON access
// line per request, app errors logged with their stack, Prometheus text on a port of its own
// with few series whatever paths clients make up, and Sentry loaded only when SENTRY_DSN is set.
import { spawn } from "node:child_process";

import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { register } from "prom-client";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { createAppServer } from "../../server/app-server.ts";
import { startMetricsServer } from "../../server/metrics-server.ts";
import { routeLabeler } from "../../server/request-log.ts";
import { handleError } from "#app/entry.server.tsx";
import { loadConfig } from "#app/platform/config/config.server.ts";
import { createLogger, redirectLogs } from "#app/platform/logger/logger.server.ts";
import { flushErrorReports, reportError, startErrorReporting } from "#app/platform/logger/error-reporting.server.ts";
import { observeDatabasePool, provideJobQueueStats } from "#app/platform/metrics/metrics.server.ts";
import { sql } from "kysely";
import { z } from "zod";
import { openPostgres } from "#db/connection.ts";
import { defineJob, enqueue } from "#app/platform/jobs/queue.server.ts";
import { startJobWorker } from "#app/platform/jobs/worker.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { loaderOnlyBuild } from "../support/loader-build.ts";
import { useClientDir } from "../support/client-dir.ts";

const t = useTestDatabase();
const root = path.resolve(import.meta.dirname, "../..");
const client = useClientDir("portal-observability-");

type LogLine = Record<string, unknown> & { msg: string; level: string };

function captured() {
  const lines: string[] = [];
  return { stream: { write: (line: string) => void lines.push(line) }, lines: () => lines.map((line) => JSON.parse(line) as LogLine) };
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

async function serve(build: ServerBuild, options: Partial<Parameters<typeof createAppServer>[0]> = {}) {
  const { server } = createAppServer({
    build,
    database: t.database,
    clientDir: client.path,
    uploadsDir: client.path,
    log: () => {},
    origin: "http://localhost:3000",
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onTestFinished(() => {
    server.closeAllConnections();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const okBuild = () =>
  loaderOnlyBuild(() => Response.json({ ok: true }, { headers: { "X-Page-Cache": "hit" } }), { clientDir: client.path });

describe("the access log", () => {
  it("writes one JSON line per request: id, method, path without its query, route, status, duration, bytes", async () => {
    const log = captured();
    const base = await serve(okBuild(), { logger: createLogger(log.stream, "info") });
    const response = await fetch(`${base}/novyny?token=secret-link-token`, { headers: { "X-Request-Id": "edge-42.a:b" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("edge-42.a:b");
    await until(() => log.lines().length === 1);
    const [line] = log.lines();
    expect(line).toMatchObject({
      level: "info",
      msg: "request",
      reqId: "edge-42.a:b",
      method: "GET",
      path: "/novyny",
      route: "page",
      status: 200,
    });
    expect(line!.ms).toBeTypeOf("number");
    expect(line!.bytes).toBeGreaterThan(0);
    expect(JSON.stringify(line)).not.toContain("secret-link-token");

    // An id that is too long or carries unsafe characters is replaced by one of ours.
    for (const id of ["x".repeat(65), "bad id\twith spaces", "<script>"]) {
      const again = await fetch(`${base}/robots.txt`, { headers: { "X-Request-Id": id } });
      expect(again.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
    await until(() => log.lines().length === 4);
    expect(
      log
        .lines()
        .slice(1)
        .map((entry) => entry.route),
    ).toEqual(["static", "static", "static"]);
  });

  it("logs an error thrown by a loader once, with its stack and the request's id", async () => {
    const log = captured();
    onTestFinished(redirectLogs(log.stream, "info"));
    const build = loaderOnlyBuild(
      () => {
        throw new Error("loader blew up");
      },
      { clientDir: client.path },
    );
    (build.entry.module as { handleError?: unknown }).handleError = handleError;
    const response = await fetch(`${await serve(build)}/novyny.data`, { headers: { "X-Request-Id": "trace-7" } });
    expect(response.status).toBe(500);
    await until(() => log.lines().some((entry) => entry.msg === "request"));
    const errors = log.lines().filter((entry) => entry.level === "error");
    expect(errors).toHaveLength(1);
    const err = errors[0]!.err as { type: string; message: string; stack: string };
    expect(errors[0]).toMatchObject({ msg: "request error", reqId: "trace-7" });
    expect(err.message).toBe("loader blew up");
    expect(err.stack).toContain("observability.test.ts");
  });
});

/** Sends `count` requests one after another (the server's line of waiting requests stays short). */
async function requests(base: string, paths: string[]) {
  for (const path of paths) await (await fetch(`${base}${path}`)).arrayBuffer();
}

describe("metrics", () => {
  async function scrape() {
    const metrics = await startMetricsServer({ port: 0, host: "127.0.0.1" });
    onTestFinished(() => void metrics.close());
    const response = await fetch(`http://127.0.0.1:${(metrics.address() as AddressInfo).port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    return response.text();
  }

  it("answers Prometheus text with requests, durations, shed requests, page cache, job queue, pool and process metrics", async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    let calls = 0;
    const build = loaderOnlyBuild(
      async () => {
        if (++calls === 1) await gate;
        return Response.json({ ok: true }, { headers: { "X-Page-Cache": "hit" } });
      },
      { clientDir: client.path },
    );
    const base = await serve(build, { logger: createLogger(captured().stream, "silent"), admission: { maxInFlight: 1, maxQueued: 0 } });
    // The first read holds the only turn: the next is shed (503) at once.
    const held = fetch(`${base}/novyny`);
    await until(() => calls === 1);
    expect((await fetch(`${base}/poster`)).status).toBe(503);
    open();
    await (await held).arrayBuffer();
    await requests(base, ["/novyny", "/robots.txt", "/healthz"]);
    provideJobQueueStats(async () => [{ name: "mail-account", queued: 3, active: 1, failed: 2 }]);
    observeDatabasePool({ totalCount: 4, idleCount: 3, waitingCount: 0 });

    const text = await scrape();
    expect(text).toMatch(/^portal_http_requests_total\{route="page",method="GET",status="2xx"\} [1-9]/m);
    expect(text).toMatch(/^portal_http_requests_total\{route="static",method="GET",status="2xx"\} [1-9]/m);
    expect(text).toMatch(/^portal_http_requests_total\{route="healthz",method="GET",status="[25]xx"\} [1-9]/m);
    expect(text).toMatch(/^portal_http_request_duration_seconds_bucket\{le="0.1",route="page",status="2xx"\} \d+/m);
    expect(text).toMatch(/^portal_http_shed_requests_total\{reason="admission"\} [1-9]/m);
    expect(text).toMatch(/^portal_page_cache_lookups_total\{result="hit"\} [1-9]/m);
    expect(text).toContain('portal_job_queue_jobs{queue="mail-account",state="queued"} 3');
    expect(text).toContain('portal_job_queue_jobs{queue="mail-account",state="failed"} 2');
    expect(text).toContain('portal_db_pool_connections{state="idle"} 3');
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it("counts the job queue from pg-boss on each scrape, and each failed attempt of a job", async () => {
    let fail = true;
    const flaky = defineJob({
      name: "test-metrics-flaky",
      schema: z.object({}),
      queue: { retryLimit: 0 },
      handler: async () => {
        if (fail) throw new Error("flaky job failed");
      },
    });
    const worker = await startJobWorker([flaky], { database: t.database, pollSeconds: 0.5 });
    onTestFinished(() => worker.stop());
    // One waiting for an hour (queued), one run now that fails.
    await enqueue(flaky, {}, { startAfter: 3_600 });
    await enqueue(flaky, {});
    const failures = () =>
      register
        .getSingleMetric("portal_job_failures_total")!
        .get()
        .then((metric) => metric.values.find((value) => value.labels.job === "test-metrics-flaky")?.value ?? 0);
    await vi.waitFor(async () => expect(await failures()).toBe(1), { timeout: 20_000, interval: 100 });
    fail = false;
    // The failure is counted as the handler throws; pg-boss marks the job failed a moment later.
    const text = await vi.waitFor(
      async () => {
        const scraped = await scrape();
        expect(scraped).toContain('portal_job_queue_jobs{queue="test-metrics-flaky",state="failed"} 1');
        return scraped;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(text).toContain('portal_job_queue_jobs{queue="test-metrics-flaky",state="queued"} 1');
    expect(text).toContain('portal_job_failures_total{job="test-metrics-flaky"} 1');
  });

  it.skipIf(!process.env.DATABASE_URL)("reports the PostgreSQL pool's connections", async () => {
    const database = openPostgres(process.env.DATABASE_URL!, 3);
    onTestFinished(() => database.close());
    observeDatabasePool(database.pool!);
    await Promise.all([1, 2, 3, 4].map(() => sql`select pg_sleep(0.05)`.execute(database.db)));
    const text = await scrape();
    expect(text).toContain('portal_db_pool_connections{state="total"} 3');
    expect(text).toContain('portal_db_pool_connections{state="idle"} 3');
    expect(text).toContain('portal_db_pool_connections{state="waiting"} 0');
  });

  it("answers only GET /metrics, and leaves the gauge as it was when the queue does not answer in time", async () => {
    const metrics = await startMetricsServer({ port: 0, host: "127.0.0.1" });
    onTestFinished(() => void metrics.close());
    const base = `http://127.0.0.1:${(metrics.address() as AddressInfo).port}`;
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: "POST" })).status).toBe(404);
    provideJobQueueStats(() => new Promise(() => {}));
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).toContain("# TYPE portal_job_queue_jobs gauge");
    expect(text).not.toMatch(/^portal_job_queue_jobs\{/m);
  });

  it("keeps its series few: 1,000 made-up paths are counted under their route, not as 1,000 series", async () => {
    const base = await serve(okBuild(), { logger: createLogger(captured().stream, "silent") });
    const series = () =>
      register
        .getSingleMetric("portal_http_requests_total")!
        .get()
        .then((metric) => metric.values.length);
    await requests(base, ["/warmup"]);
    const before = await series();
    await requests(
      base,
      Array.from(
        { length: 1_000 },
        () => `/${Math.random().toString(36).slice(2)}/${Math.random().toString(36).slice(2)}?q=${Math.random()}`,
      ),
    );
    expect(await series()).toBe(before);
  });

  it("labels a request by the app's route id from the build's route table, optional segments and data requests alike", async () => {
    const { default: routes } = await import("#app/routes.ts");
    // The route table of the real app, as a build lists it (id, parent, path, index).
    const manifest: Record<string, { id: string; parentId?: string; path?: string; index?: boolean }> = { root: { id: "root", path: "" } };
    const add = (entries: typeof routes, parentId: string) => {
      for (const route of entries) {
        const id = route.id ?? route.file;
        manifest[id] = { id, parentId, path: route.path, index: route.index };
        if (route.children) add(route.children, id);
      }
    };
    add(routes, "root");
    const label = routeLabeler({ routes: manifest } as unknown as ServerBuild);
    const ids = new Set(Object.keys(manifest));
    expect(label("/novyny")).toBe(label("/us/novyny"));
    expect(label("/novyny")).toBe(label("/novyny.data"));
    expect(ids.has(label("/novyny"))).toBe(true);
    expect(label("/")).toBe(label("/_root.data"));
    const made = new Set(
      Array.from({ length: 500 }, () => label(`/${Math.random().toString(36).slice(2)}/${Math.random().toString(36).slice(2)}`)),
    );
    expect(made.size).toBeLessThanOrEqual(2);
    for (const id of made) expect(ids.has(id)).toBe(true);

    // The same route as React Router's own matching, for an address of every route.
    type Entry = (typeof routes)[number];
    const tree = (entries: Entry[]): RouteObject[] =>
      entries.map((route) =>
        route.index
          ? { id: route.id ?? route.file, path: route.path, index: true }
          : { id: route.id ?? route.file, path: route.path, children: tree(route.children ?? []) },
      );
    const reactRouter = [{ id: "root", path: "", children: tree(routes) }];
    const addresses = Object.values(manifest).flatMap((route) => {
      const full = (route.path ?? "").replace(/:[\w-]+\??/g, "abc").replace(/\*$/, "x/y");
      return [full.replace(/\w+\?(\/|$)/g, ""), full.replace(/\?/g, "")];
    });
    const ancestors = (id: string): string => {
      const route = manifest[id]!;
      return route.parentId ? `${ancestors(route.parentId)}/${route.path ?? ""}` : "";
    };
    const paths = [
      ...new Set(
        Object.keys(manifest).flatMap((id) =>
          addresses.concat(
            ancestors(id)
              .replace(/:[\w-]+\??/g, "abc")
              .replace(/\*/g, "x")
              .replace(/\?/g, ""),
          ),
        ),
      ),
    ].map((p) => `/${p}`.replace(/\/\/+/g, "/"));
    expect(paths.length).toBeGreaterThan(50);
    for (const address of paths)
      expect([address, label(address)]).toEqual([address, matchRoutes(reactRouter, address)?.at(-1)?.route.id ?? "unmatched"]);
  });

  it("is configured only by METRICS_PORT: unset, there is no metrics server; set, it binds to 127.0.0.1 unless METRICS_HOST says", () => {
    const base = { NODE_ENV: "test" as const, DATA_DIR: client.path, SESSION_SECRET: "s".repeat(40) };
    expect(loadConfig(base).metrics).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_PORT: "" }).metrics).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_PORT: "9464" }).metrics).toEqual({ port: 9464, host: "127.0.0.1" });
    expect(loadConfig({ ...base, METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" }).metrics).toEqual({ port: 9464, host: "0.0.0.0" });
    expect(() => loadConfig({ ...base, METRICS_PORT: "3000", PORT: "3000" })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ ...base, METRICS_PORT: "http" })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ ...base, LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
    expect(loadConfig(base).logLevel).toBe("silent");
    expect(loadConfig({ ...base, NODE_ENV: "production", LOG_LEVEL: "warn" }).logLevel).toBe("warn");
    expect(loadConfig({ ...base, NODE_ENV: "production" }).logLevel).toBe("info");
  });

  it("the public port never answers the metrics", async () => {
    const base = await serve(
      loaderOnlyBuild(() => new Response("not found", { status: 404 }), { clientDir: client.path }),
      { logger: createLogger(captured().stream, "silent") },
    );
    const response = await fetch(`${base}/metrics`);
    expect(await response.text()).not.toContain("portal_http_requests_total");
  });

  it("with several worker processes, the primary answers the sum of its workers' counts", async () => {
    const file = path.join(root, "tests/support/metrics-cluster.ts");
    const child = spawn(process.execPath, [file], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "test" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    await new Promise((resolve) => child.once("exit", resolve));
    expect(output).toBe('portal_http_requests_total{route="page",method="GET",status="2xx"} 7');
  });
});

describe("error reporting", () => {
  it("loads nothing without SENTRY_DSN", async () => {
    const load = vi.fn();
    expect(await startErrorReporting({ dsn: undefined }, load)).toBe(false);
    expect(load).not.toHaveBeenCalled();
    // With reporting off, an error is only logged: nothing to send, nothing thrown.
    expect(() => reportError(new Error("nowhere"))).not.toThrow();
  });

  it("sends an error to the DSN's server when SENTRY_DSN is set", async () => {
    const received: string[] = [];
    const sentry = http.createServer((req, res) => {
      let body = "";
      req.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      req.on("end", () => {
        received.push(`${req.method} ${req.url}\n${body}`);
        res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => sentry.listen(0, "127.0.0.1", resolve));
    onTestFinished(() => void sentry.close());
    const dsn = `http://publickey@127.0.0.1:${(sentry.address() as AddressInfo).port}/7`;
    expect(await startErrorReporting({ dsn, environment: "test" })).toBe(true);
    reportError(new Error("reported to the fake Sentry"));
    await flushErrorReports(5_000);
    await until(() => received.some((request) => request.includes("reported to the fake Sentry")));
    expect(received.find((request) => request.includes("reported to the fake Sentry"))).toMatch(/^POST \/api\/7\/envelope\//);
  });
});
