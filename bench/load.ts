// What the bench's measurements share: autocannon (it ships no types), a new URL per request
// so no cache answers it, and percentiles of recorded times.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p97_5: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  "2xx": number;
};
type Instance = { on(event: "response", listener: (client: unknown, status: number, bytes: number, ms: number) => void): void };
export const autocannon = createRequire(import.meta.url)("autocannon") as (
  options: Record<string, unknown>,
) => Promise<AutocannonResult> & Instance;

/** Counts across calls: a second run (after a warm-up, or a compare's next round) asking for n=0 again would get the page its predecessor left in the cache. */
let unique = 0;

/** autocannon's `requests` option that adds `<param>=<n>` to the path, n counting up: a URL no cache has seen. */
export function uniqueRequests(param: string) {
  return [{ setupRequest: (request: { path: string }) => ({ ...request, path: withQuery(request.path, param, String(unique++)) }) }];
}

export function withQuery(requestPath: string, param: string, value: string): string {
  return `${requestPath}${requestPath.includes("?") ? "&" : "?"}${param}=${value}`;
}

/** The p-th percentile of ascending times; 0 for none. */
export function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}

/**
 * CPU milliseconds a process has used (user + system, from /proc; null where there is none). Per
 * request, it varies less than req/s on a shared machine, where the load generator takes CPU too.
 */
export function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 1/100 s (USER_HZ)
  } catch {
    return null;
  }
}
