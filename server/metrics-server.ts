import http from "node:http";
import { AggregatorRegistry } from "prom-client";
import { collectProcessMetrics, metricsText } from "#app/platform/metrics/metrics.server.ts";

// GET /metrics in Prometheus' text format, on a port of its own (METRICS_PORT) that the public
// port never answers, bound to 127.0.0.1 unless METRICS_HOST says otherwise. With several
// worker processes (WEB_CONCURRENCY) the primary answers: it asks every worker for its
// registry over the cluster's channel and adds them up (prom-client's AggregatorRegistry).

type MetricsSource = () => Promise<{ contentType: string; body: string }>;

/** In a worker of a cluster: answer the primary's requests for this process's metrics. */
export function reportMetricsToPrimary(): void {
  collectProcessMetrics();
  // Its constructor installs the worker's listener for the primary's requests.
  new AggregatorRegistry();
}

/** The primary's source: every worker's registry, added up (gauges marked `max` keep the largest). */
function clusterSource(): MetricsSource {
  const aggregator = new AggregatorRegistry();
  return async () => ({ contentType: aggregator.contentType, body: await aggregator.clusterMetrics() });
}

/**
 * Listens on `port` and `host`; `cluster: true` in the primary of a cluster. Resolves once
 * listening, with the server (its `close` stops it).
 */
export async function startMetricsServer({
  port,
  host,
  cluster = false,
}: {
  port: number;
  host: string;
  cluster?: boolean;
}): Promise<http.Server> {
  if (!cluster) collectProcessMetrics();
  const source = cluster ? clusterSource() : metricsText;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?", 1)[0];
    if (req.method !== "GET" || path !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not Found: metrics are at GET /metrics");
      return;
    }
    source().then(
      ({ contentType, body }) => res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" }).end(body),
      (error: unknown) =>
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end(`metrics unavailable: ${(error as Error).message}`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}
