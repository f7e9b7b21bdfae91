// A cluster of two workers, each counting its own requests (3 and 4); the primary answers the
// metrics of both (server/metrics-server.ts) and prints its request-count lines. Run by
// tests/unit/observability.test.ts.
import cluster from "node:cluster";
import type { AddressInfo } from "node:net";
import { httpRequests } from "#app/platform/metrics/metrics.server.ts";
import { reportMetricsToPrimary, startMetricsServer } from "../../server/metrics-server.ts";

if (cluster.isWorker) {
  reportMetricsToPrimary();
  httpRequests().inc({ route: "page", method: "GET", status: "2xx" }, cluster.worker!.id === 1 ? 3 : 4);
  process.send!("ready");
} else {
  let ready = 0;
  const workers = [cluster.fork(), cluster.fork()];
  for (const worker of workers) {
    worker.on("message", async (message) => {
      if (message !== "ready" || ++ready < workers.length) return;
      const server = await startMetricsServer({ port: 0, host: "127.0.0.1", cluster: true });
      const text = await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`)).text();
      process.stdout.write(
        text
          .split("\n")
          .filter((line) => line.startsWith("portal_http_requests_total{"))
          .join("\n"),
      );
      for (const each of workers) each.kill();
      server.close();
    });
  }
}
