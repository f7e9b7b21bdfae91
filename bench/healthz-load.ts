// /healthz and an uncached page under a crowd, on the embedded database: the production server
// (scripts/serve.ts on build/, server/main.ts in an older checkout) started with a DATA_DIR of
// its own (seeded with the demo content on its first start), then for each crowd size a closed loop of that many clients on the news
// list with a new query string per request (no page cache answers it), while a separate process
// asks /healthz every 250 ms. Prints p50/p99 of both, pages served, busy 503s and errors, and
// how long the server took to stop on SIGTERM. Bounded: a few seconds per crowd.
//
//   node bench/healthz-load.ts    (CLIENTS=200,2000 SECONDS=15 PORT=4690 DATA_DIR=/tmp/h6data PAGE=/novyny?page=2)
//   SERVER_ROOT=/elsewhere node bench/healthz-load.ts   (another checkout's server, same build/)
//
// Every client comes from 127.0.0.1: the per-address connection cap is lifted so the crowd
// stands for that many visitors, as behind a load balancer that passes their addresses.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { autocannon, percentile, uniqueRequests } from "./load.ts";

const root = path.resolve(import.meta.dirname, "..");
const serverRoot = process.env.SERVER_ROOT ?? root;
const port = Number(process.env.PORT ?? 4690);
const dataDir = process.env.DATA_DIR ?? "/tmp/h6data";
const seconds = Number(process.env.SECONDS ?? 15);
const crowds = (process.env.CLIENTS ?? "200,2000").split(",").map(Number);
const base = `http://127.0.0.1:${port}`;
const page = process.env.PAGE ?? "/novyny?page=2";

/** All /healthz times (ms) from a process of its own, so the load generator's loop skews nothing. */
function probeHealth(seconds: number): Promise<{ times: number[]; statuses: Record<string, number> }> {
  const script = `const times = []; const statuses = {}; const end = Date.now() + ${seconds * 1000};
    const count = (status) => (statuses[status] = (statuses[status] ?? 0) + 1);
    (async () => { while (Date.now() < end) { const t = performance.now();
      try { const r = await fetch(${JSON.stringify(`${base}/healthz`)}, { signal: AbortSignal.timeout(10000) }); const body = await r.json().catch(() => ({})); count(body.status ?? r.status); times.push(performance.now() - t); }
      catch { count("no answer in 10 s"); times.push(10000); }
      await new Promise((r) => setTimeout(r, 250)); }
      console.log(JSON.stringify({ times, statuses })); })();`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.on("exit", () => {
      try {
        resolve(JSON.parse(output));
      } catch (error) {
        reject(error);
      }
    });
  });
}

async function waitReady(timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${base} did not answer within ${timeoutMs / 1000} s`);
}

async function crowd(clients: number) {
  const served: number[] = [];
  let busy = 0;
  let other = 0;
  const health = probeHealth(seconds);
  const run = autocannon({
    url: base + page,
    connections: clients,
    duration: seconds,
    timeout: 10,
    headers: { "user-agent": "Mozilla/5.0 (portal-bench)", "accept-encoding": "identity" },
    requests: uniqueRequests("h6"),
  });
  run.on("response", (_client, status, _bytes, ms) => {
    if (status === 200) served.push(ms);
    else if (status === 503) busy++;
    else other++;
  });
  const result = await run;
  const { times, statuses } = await health;
  served.sort((a, b) => a - b);
  times.sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(
    `${clients} clients, ${seconds} s: /healthz p50 ${ms(percentile(times, 50))} p99 ${ms(percentile(times, 99))} max ${ms(times.at(-1) ?? 0)} (${Object.entries(
      statuses,
    )
      .map(([status, n]) => `${n} ${status}`)
      .join(", ")}); ` +
      `page 200s ${served.length} p50 ${ms(percentile(served, 50))} p99 ${ms(percentile(served, 99))}; busy 503 ${busy}; other ${other}; errors/timeouts ${result.errors + result.timeouts}`,
  );
}

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  PUBLIC_URL: base,
  MAX_CONNECTIONS_PER_ADDRESS: "100000",
};
delete env.DATABASE_URL;
// scripts/serve.ts seeds a first start; a checkout from before it had server/main.ts seed.
const serverEntry = existsSync(path.join(serverRoot, "scripts/serve.ts")) ? "scripts/serve.ts" : "server/main.ts";
const server = spawn(process.execPath, [path.join(serverRoot, serverEntry)], {
  cwd: serverRoot,
  env,
  stdio: ["ignore", "ignore", "inherit"],
});
// Stopped itself: the server goes too, not left holding the port and the database.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => (server.kill("SIGTERM"), process.exit(1)));
try {
  const exitedEarly = new Promise<never>((_resolve, reject) =>
    server.once("exit", (code) => reject(new Error(`the server exited (code ${code}) before it answered`))),
  );
  await Promise.race([waitReady(600_000), exitedEarly]);
  // Warm the code paths (and the JIT) before timing anything.
  await autocannon({ url: base + page, connections: 20, duration: 3, requests: uniqueRequests("h6warm") });
  for (const clients of crowds) await crowd(clients);
} finally {
  const stopping = performance.now();
  const exited =
    server.exitCode !== null || server.signalCode !== null ? Promise.resolve() : new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  const stopped = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 60_000))]);
  if (stopped) console.log(`server stopped ${(performance.now() - stopping).toFixed(0)} ms after SIGTERM`);
  else {
    console.log("server still running 60 s after SIGTERM: killed");
    server.kill("SIGKILL");
  }
}
