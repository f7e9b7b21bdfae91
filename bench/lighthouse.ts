// Lighthouse (mobile: the default config, simulated slow 4G and a 4x slower CPU) on the
// pages a phone sees, in Debian's Chromium, RUNS runs per page, median of each figure, as a
// browser preferring Ukrainian.
// Called by bench/run.ts against its running server; alone:
//   npm run bench:lighthouse -- http://127.0.0.1:3000 /novyny /novyny/some-item
// Environment: LIGHTHOUSE_RUNS (3), CHROMIUM_PATH (/usr/bin/chromium).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";

export type LighthousePage = { name: string; path: string };
export type LighthouseFigures = {
  name: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  /** Bytes of script over the wire (compressed), as Lighthouse counts them. */
  jsTransferKiB: number;
  runs: number;
};

// A Ukrainian-preferring browser, the default language's visitor: Chromium's own en-US sends a
// first visit to "/" on to "/us" (the product's first-visit redirect), and the home figures
// would then be the redirect's round trips, not the page's (docs/adr/0037-speed-near-the-limit.md).
const ACCEPT_LANGUAGE = { "Accept-Language": "uk,en;q=0.5" };
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

/** Debian's chromium, installed with apt-get when missing and we may (root). */
export function ensureChromium(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get")) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", "chromium"]]) {
    if (spawnSync("apt-get", args, { stdio: "inherit", env }).status !== 0) return false;
  }
  return existsSync(CHROMIUM);
}

/** Chromium with a DevTools port for Lighthouse; the port is read from its "DevTools listening" line. */
async function launchChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), "portal-lighthouse-"));
  const child: ChildProcess = spawn(CHROMIUM, [...FLAGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  // Chromium still writes its profile while it exits: removing it at once failed a whole run
  // (ENOTEMPTY) after its figures were taken. Wait for the exit; a leftover folder is no error.
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill();
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch (error) {
      console.error(`could not remove ${profile}: ${String(error)}`);
    }
  };
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    child.stderr!.on("data", (chunk) => {
      output += chunk;
      const match = output.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`chromium exited with ${code}: ${output.slice(-500)}`)));
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { port, stop };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function runLighthouse(
  base: string,
  pages: LighthousePage[],
  runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3),
): Promise<LighthouseFigures[]> {
  const chrome = await launchChromium();
  const results: LighthouseFigures[] = [];
  try {
    for (const page of pages) {
      const samples: Array<Omit<LighthouseFigures, "name" | "path" | "runs">> = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(base + page.path, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          extraHeaders: ACCEPT_LANGUAGE,
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
        const { categories, audits } = result.lhr;
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        const items =
          (audits["resource-summary"]?.details as { items?: Array<{ resourceType: string; transferSize: number }> })?.items ?? [];
        samples.push({
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: score("seo"),
          lcpMs: audits["largest-contentful-paint"]?.numericValue ?? NaN,
          tbtMs: audits["total-blocking-time"]?.numericValue ?? NaN,
          jsTransferKiB: (items.find((item) => item.resourceType === "script")?.transferSize ?? 0) / 1024,
        });
      }
      const of = (key: keyof (typeof samples)[number]) => median(samples.map((sample) => sample[key]));
      results.push({
        name: page.name,
        path: page.path,
        performance: of("performance"),
        accessibility: of("accessibility"),
        bestPractices: of("bestPractices"),
        seo: of("seo"),
        lcpMs: of("lcpMs"),
        tbtMs: of("tbtMs"),
        jsTransferKiB: of("jsTransferKiB"),
        runs,
      });
    }
  } finally {
    await chrome.stop();
  }
  return results;
}

export function formatLighthouse(results: LighthouseFigures[]): string[] {
  const pad = (value: string, width: number) => value.padStart(width);
  return [
    `Lighthouse, mobile, median of ${results[0]?.runs ?? 0} runs (perf / a11y / best practices / SEO; LCP, TBT; JS over the wire):`,
    `  ${"page".padEnd(28)} ${pad("perf", 5)} ${pad("a11y", 5)} ${pad("bp", 5)} ${pad("seo", 5)} ${pad("LCP s", 6)} ${pad("TBT ms", 7)} ${pad("JS KiB", 7)}`,
    ...results.map(
      (r) =>
        `  ${r.name.padEnd(28)} ${pad(String(r.performance), 5)} ${pad(String(r.accessibility), 5)} ${pad(String(r.bestPractices), 5)} ${pad(String(r.seo), 5)} ${pad((r.lcpMs / 1000).toFixed(1), 6)} ${pad(r.tbtMs.toFixed(0), 7)} ${pad(r.jsTransferKiB.toFixed(1), 7)}`,
    ),
  ];
}

if (import.meta.main) {
  const [base, ...paths] = process.argv.slice(2);
  if (!base || paths.length === 0) {
    console.error("Usage: npm run bench:lighthouse -- <base URL> <path> [<path>...]");
    process.exit(2);
  }
  if (!ensureChromium()) {
    console.error(`Chromium is missing at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM_PATH).`);
    process.exit(1);
  }
  const results = await runLighthouse(
    base,
    paths.map((path) => ({ name: path, path })),
  );
  console.log(formatLighthouse(results).join("\n"));
}
