// A page the cache does not answer, offered at several times the rate the server can build it
// (open loop: requests keep arriving whether or not earlier ones were answered, as visitors
// do). What it shows: how many pages are still served and how fast, how many get the busy
// 503 and how fast, whether /healthz stays quick (a load balancer's view) and how much memory
// the waiting requests take (server/admission.ts, docs/adr/0034-overload.md).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { autocannon, percentile, uniqueRequests } from "./load.ts";

export type OverloadFigures = {
  offeredRate: number;
  served: number;
  servedP50: number;
  servedP99: number;
  refused: number;
  refusedP99: number;
  other: number;
  errors: number;
  healthMaxMs: number | null;
  rssMaxMb: number | null;
};

export function rssMb(pid: number | undefined): number | null {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
  } catch {
    return null;
  }
}

/** /healthz timed from a process of its own: the load generator's busy loop would skew it here. */
function probeHealth(url: string, seconds: number): Promise<number | null> {
  const script = `const times = []; const end = Date.now() + ${seconds * 1000};
    (async () => { while (Date.now() < end) { const t = performance.now();
      try { await fetch(${JSON.stringify(url)}, { signal: AbortSignal.timeout(10000) }); times.push(performance.now() - t); } catch { times.push(10000); }
      await new Promise((r) => setTimeout(r, 250)); }
      console.log(JSON.stringify(Math.max(...times))); })();`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "ignore"] });
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.on("exit", () => resolve(Number.isFinite(Number(output)) && output.trim() ? Number(output) : null));
  });
}

export async function measureOverload(options: {
  url: string;
  healthUrl: string;
  rate: number;
  connections: number;
  duration: number;
  pid: number | undefined;
}): Promise<OverloadFigures> {
  const served: number[] = [];
  const refused: number[] = [];
  let other = 0;
  let rssMax = rssMb(options.pid);
  const sampler = setInterval(() => (rssMax = Math.max(rssMax ?? 0, rssMb(options.pid) ?? 0)), 250);
  const health = probeHealth(options.healthUrl, options.duration);
  const run = autocannon({
    url: options.url,
    connections: options.connections,
    overallRate: options.rate,
    duration: options.duration,
    timeout: 10,
    headers: { "accept-encoding": "identity" },
    requests: uniqueRequests("overload"),
  });
  run.on("response", (_client, status, _bytes, ms) => {
    if (status === 200) served.push(ms);
    else if (status === 503) refused.push(ms);
    else other++;
  });
  const result = await run;
  clearInterval(sampler);
  served.sort((a, b) => a - b);
  refused.sort((a, b) => a - b);
  return {
    offeredRate: options.rate,
    served: served.length,
    servedP50: percentile(served, 50),
    servedP99: percentile(served, 99),
    refused: refused.length,
    refusedP99: percentile(refused, 99),
    other,
    errors: result.errors + result.timeouts,
    healthMaxMs: await health,
    rssMaxMb: rssMax,
  };
}

export function formatOverload(name: string, connections: number, duration: number, figures: OverloadFigures): string[] {
  const f = figures;
  return [
    `overload: ${name}, offered ${f.offeredRate} req/s over ${connections} connections for ${duration} s (open loop, server/admission.ts):`,
    `  served ${f.served} (${(f.served / duration).toFixed(0)}/s) p50 ${f.servedP50.toFixed(0)} ms p99 ${f.servedP99.toFixed(0)} ms; busy 503 ${f.refused} (p99 ${f.refusedP99.toFixed(0)} ms); other ${f.other}; errors/timeouts ${f.errors}`,
    `  /healthz slowest ${f.healthMaxMs === null ? "-" : `${f.healthMaxMs.toFixed(0)} ms`}; server RSS peak ${f.rssMaxMb === null ? "-" : `${f.rssMaxMb.toFixed(0)} MB`}`,
  ];
}
