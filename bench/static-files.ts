// `npm run bench -- --static`: the portal's static file server and response compression
// (server/static.ts, server/compression.ts) against well-kept libraries doing the same (sirv for
// hashed assets with their build-time .br/.gz, compression for pages), each in its own process
// (bench/static-server.ts): requests/s and the server's CPU time per request for a ~100 KB hashed
// JS asset as brotli and as gzip, its 304 revalidation, and a ~100 KB page compressed per request;
// medians of BENCH_STATIC_ROUNDS (3) rounds.
// docs/adr/0012-static-files-and-compression.md records the figures and the decision.
import { fork, type ChildProcess } from "node:child_process";
import http from "node:http";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { precompressDirectory } from "../server/precompress.ts";
import { autocannon, cpuMs } from "./load.ts";

const ASSET_BYTES = 100 * 1024;
const ASSET = "/assets/entry.client-Bq3xL9vZ.js";
const KINDS = ["ours", "library"] as const;
type Kind = (typeof KINDS)[number];

type Scenario = { name: string; path: string; headers: Record<string, string>; expect: { status: number; encoding?: string } };

/** Milliseconds from sending the request to the first body byte of a streamed page (shell, then the rest 100 ms later). */
export type FirstByte = { kind: Kind; ms: number };

export type StaticFigures = {
  scenario: string;
  kind: Kind;
  rps: number;
  cpuMsPerRequest: number | null;
  p99: number;
  non2xx: number;
  errors: number;
};

/** A hashed asset cut from a real bundle, and a page of list markup: text that compresses like ours. */
function writeFiles(dir: string): void {
  const reactDom = readFileSync(path.join(import.meta.dirname, "../node_modules/react-dom/cjs/react-dom-client.production.js"), "utf8");
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, ASSET.slice(1)), reactDom.slice(0, ASSET_BYTES));
  const items: string[] = [];
  for (let i = 0; items.join("").length < ASSET_BYTES; i++) {
    items.push(
      `<li class="card"><a href="/advertisement/item-${i}"><img src="/images/2026/11/${(i * 7919).toString(36)}-320.webp" alt="" width="320" height="240" loading="lazy">` +
        `<h3>Оголошення ${i}: квартира у Варшаві</h3><p>${(1000 + i * 37) % 9000} PLN · Варшава · ${1 + (i % 28)} листопада</p></a></li>`,
    );
  }
  writeFileSync(path.join(dir, "page.html"), `<!doctype html><html lang="uk"><body><ul>${items.join("\n")}</ul></body></html>`);
}

async function startServer(kind: Kind, port: number, dir: string): Promise<ChildProcess> {
  const child = fork(path.join(import.meta.dirname, "static-server.ts"), [kind, String(port), dir], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const [message] = (await Promise.race([once(child, "message"), once(child, "exit").then(() => [null])])) as [unknown];
  if (message !== "ready") throw new Error(`the ${kind} static server did not start`);
  return child;
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  await exited;
}

/** One request, to check the server answers the scenario as meant (and to read the ETag). */
async function probe(base: string, scenario: Scenario): Promise<Response> {
  const response = await fetch(base + scenario.path, { headers: scenario.headers });
  await response.arrayBuffer();
  const encoding = response.headers.get("content-encoding") ?? undefined;
  if (response.status !== scenario.expect.status || encoding !== scenario.expect.encoding) {
    throw new Error(
      `${scenario.name}: got ${response.status} ${encoding ?? "identity"}, expected ${scenario.expect.status} ${scenario.expect.encoding ?? "identity"}`,
    );
  }
  return response;
}

function scenariosFor(etag: string): Scenario[] {
  const browser = "gzip, deflate, br, zstd";
  return [
    { name: "asset, br", path: ASSET, headers: { "accept-encoding": browser }, expect: { status: 200, encoding: "br" } },
    { name: "asset, gzip", path: ASSET, headers: { "accept-encoding": "gzip" }, expect: { status: 200, encoding: "gzip" } },
    { name: "asset, 304", path: ASSET, headers: { "accept-encoding": browser, "if-none-match": etag }, expect: { status: 304 } },
    { name: "page, br per request", path: "/page", headers: { "accept-encoding": browser }, expect: { status: 200, encoding: "br" } },
    { name: "page, gzip per request", path: "/page", headers: { "accept-encoding": "gzip" }, expect: { status: 200, encoding: "gzip" } },
  ];
}

/** The first body byte of `/stream` (compressed as a browser asks), median of `samples` requests one after another. */
async function firstByteMs(port: number, samples = 15): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    times.push(
      await new Promise<number>((resolve, reject) => {
        const started = performance.now();
        http
          .get({ host: "127.0.0.1", port, path: "/stream", headers: { "accept-encoding": "gzip, deflate, br, zstd" } }, (res) => {
            res.once("data", () => resolve(performance.now() - started));
            res.resume();
          })
          .on("error", reject);
      }),
    );
  }
  return median(times);
}

/**
 * `rounds` times, ours and the library's in turn (the order alternating), every scenario: on a
 * shared machine one run says little, the median of the rounds more.
 */
export async function benchStaticFiles(options: {
  port: number;
  connections: number;
  duration: number;
  rounds: number;
  log: (line: string) => void;
}) {
  const { port, connections, duration, rounds, log } = options;
  const dir = mkdtempSync(path.join(os.tmpdir(), "portal-bench-static-"));
  const runs: StaticFigures[] = [];
  const firstBytes: FirstByte[] = [];
  try {
    writeFiles(dir);
    await precompressDirectory(path.join(dir, "assets"));
    for (let round = 0; round < rounds; round++) {
      for (const kind of round % 2 ? [...KINDS].reverse() : KINDS) {
        const child = await startServer(kind, port, dir);
        const base = `http://127.0.0.1:${port}`;
        try {
          if (round === 0) firstBytes.push({ kind, ms: await firstByteMs(port) });
          const etag = (await fetch(base + ASSET, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } })).headers.get("etag") ?? "";
          for (const scenario of scenariosFor(etag)) {
            await probe(base, scenario);
            const url = base + scenario.path;
            await autocannon({ url, connections, duration: 1, headers: scenario.headers });
            const before = cpuMs(child.pid);
            const result = await autocannon({ url, connections, duration, headers: scenario.headers });
            const after = cpuMs(child.pid);
            const total = result.requests.total;
            runs.push({
              scenario: scenario.name,
              kind,
              rps: Math.round(result.requests.average),
              cpuMsPerRequest: before === null || after === null || !total ? null : (after - before) / total,
              p99: result.latency.p99,
              // autocannon counts a 304 as non-2xx: only the 200 scenarios must have none.
              non2xx: scenario.expect.status === 200 ? result.non2xx : 0,
              errors: result.errors,
            });
            log(
              `  round ${round + 1} ${kind.padEnd(7)} ${scenario.name.padEnd(24)} ${String(Math.round(result.requests.average)).padStart(7)} req/s`,
            );
          }
        } finally {
          await stopServer(child);
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { figures: medians(runs), firstBytes };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** One figure per scenario and kind: the median of its rounds (errors summed). */
function medians(runs: StaticFigures[]): StaticFigures[] {
  const groups = new Map<string, StaticFigures[]>();
  for (const run of runs) {
    const key = `${run.scenario}\n${run.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  return [...groups.values()].map((group) => {
    const cpu = group.map((run) => run.cpuMsPerRequest).filter((value): value is number => value !== null);
    return {
      scenario: group[0]!.scenario,
      kind: group[0]!.kind,
      rps: Math.round(median(group.map((run) => run.rps))),
      cpuMsPerRequest: cpu.length ? median(cpu) : null,
      p99: median(group.map((run) => run.p99)),
      non2xx: group.reduce((sum, run) => sum + run.non2xx, 0),
      errors: group.reduce((sum, run) => sum + run.errors, 0),
    };
  });
}

/** Ours beside the library's, per scenario: req/s and CPU per request (µs), and ours as a share of theirs. */
export function formatStaticFigures(figures: StaticFigures[], firstBytes: FirstByte[]): string[] {
  const scenarios = [...new Set(figures.map((figure) => figure.scenario))];
  const lines = ["scenario                  ours req/s  library req/s  ours µs/req  library µs/req  ours/library CPU"];
  for (const scenario of scenarios) {
    const ours = figures.find((figure) => figure.scenario === scenario && figure.kind === "ours");
    const library = figures.find((figure) => figure.scenario === scenario && figure.kind === "library");
    const micros = (figure: StaticFigures | undefined) =>
      figure?.cpuMsPerRequest == null ? "–" : String(Math.round(figure.cpuMsPerRequest * 1000));
    const ratio = ours?.cpuMsPerRequest && library?.cpuMsPerRequest ? (ours.cpuMsPerRequest / library.cpuMsPerRequest).toFixed(2) : "–";
    const failed = [ours, library].some((figure) => figure && (figure.non2xx || figure.errors)) ? "  (errors!)" : "";
    lines.push(
      `${scenario.padEnd(26)}${String(ours?.rps ?? "–").padStart(10)}${String(library?.rps ?? "–").padStart(15)}${micros(ours).padStart(13)}${micros(library).padStart(16)}${ratio.padStart(18)}${failed}`,
    );
  }
  const first = (kind: Kind) => firstBytes.find((figure) => figure.kind === kind)?.ms.toFixed(1) ?? "–";
  lines.push(`streamed page, first byte (ms): ours ${first("ours")}, library ${first("library")} (the rest follows 100 ms later)`);
  return lines;
}
