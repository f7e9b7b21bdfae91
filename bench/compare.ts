// npm run bench -- --compare REF [--no-lighthouse | --compare-lighthouse]
//
// Builds a second git ref beside the working tree and measures both in one run: REF is
// checked out into portal-bench-compare-<sha> in the system's temporary directory (a git
// worktree, kept and reused by later runs; outside the repository, whose tests read every
// file in it), given node_modules (hard links to the working tree's when the two
// package-lock.json files are equal, else `npm ci`) and built with its own `npm run build`.
// Both servers use the bench database that bench/run.ts fills and migrates with the working
// tree's migrations; REF's checkout gets copies of the migrations it lacks so that its
// migrator finds every migration the database has run, and its code ignores the tables and
// columns it does not know. A REF with migrations the working tree lacks is refused. On the
// embedded database (no DATABASE_URL) REF serves a copy of the filled database, since two
// processes cannot open one PGlite directory.
//
// Each page is measured in BENCH_ROUNDS (4) rounds of BENCH_DURATION / rounds seconds per
// server, the two servers taking turns (REF, HEAD, then HEAD, REF…), so the machine's noise
// falls on both alike; the table shows CPU ms per request of each, their ratio with the
// spread of the per-round ratios, p99 of each and each one's ratio to the markup floor.
// How to read it: docs/adr/0013-bench-compare.md.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runLighthouse, ensureChromium, type LighthouseFigures, type LighthousePage } from "./lighthouse.ts";

export type Side = "ref" | "head";

export type CompareArgs = { ref: string; rounds: number; lighthouse: boolean };

/** `--compare REF` or `--compare=REF` in the bench's arguments; null without it. */
export function parseCompareArgs(argv: string[], env: NodeJS.ProcessEnv = {}): CompareArgs | null {
  const at = argv.findIndex((arg) => arg === "--compare" || arg.startsWith("--compare="));
  if (at === -1) return null;
  const ref = argv[at]!.startsWith("--compare=") ? argv[at]!.slice("--compare=".length) : argv[at + 1];
  if (!ref || ref.startsWith("--")) throw new Error("--compare needs a git ref, e.g. npm run bench -- --compare HEAD~1");
  const rounds = Number(env.BENCH_ROUNDS ?? 4);
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error(`BENCH_ROUNDS must be a whole number of at least 1, not ${env.BENCH_ROUNDS}`);
  const lighthouse = argv.includes("--compare-lighthouse") || !argv.includes("--no-lighthouse");
  return { ref, rounds, lighthouse };
}

/**
 * Which server goes first in each round: REF, HEAD, then HEAD, REF, and so on, so that a
 * machine getting slower (or faster) during a page's rounds weighs on both sides alike.
 */
export function interleave(rounds: number): Array<[Side, Side]> {
  return Array.from({ length: rounds }, (_, round) => (round % 2 === 0 ? ["ref", "head"] : ["head", "ref"]));
}

/** Migrations only REF has (refused: the working tree migrates the database) and only the working tree has (copied into REF). */
export function migrationDifference(refFiles: string[], headFiles: string[]): { refOnly: string[]; headOnly: string[] } {
  const isMigration = (file: string) => /\.(ts|js)$/.test(file);
  const ref = new Set(refFiles.filter(isMigration));
  const head = new Set(headFiles.filter(isMigration));
  return { refOnly: [...ref].filter((file) => !head.has(file)).sort(), headOnly: [...head].filter((file) => !ref.has(file)).sort() };
}

/** One short measurement of one server. */
export type RoundSample = { cpuPerRequest: number | null; requests: number; p99: number; non2xx: number; errors: number };

export type SideSummary = { cpuPerRequest: number | null; p99: number; requests: number; non2xx: number; errors: number };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A server's rounds of one page: CPU per request over all its requests, the median round's p99. */
export function summarize(samples: RoundSample[]): SideSummary {
  const counted = samples.filter((sample) => sample.cpuPerRequest !== null && sample.requests > 0);
  const requests = samples.reduce((sum, sample) => sum + sample.requests, 0);
  const countedRequests = counted.reduce((sum, sample) => sum + sample.requests, 0);
  return {
    cpuPerRequest: countedRequests
      ? counted.reduce((sum, sample) => sum + sample.cpuPerRequest! * sample.requests, 0) / countedRequests
      : null,
    p99: median(samples.map((sample) => sample.p99)),
    requests,
    non2xx: samples.reduce((sum, sample) => sum + sample.non2xx, 0),
    errors: samples.reduce((sum, sample) => sum + sample.errors, 0),
  };
}

/** Student's t, two-sided 95%, for 1 to 30 degrees of freedom; beyond, the normal 1.96. */
const T_95 = [
  12.71, 4.3, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.2, 2.18, 2.16, 2.14, 2.13, 2.12, 2.11, 2.1, 2.09, 2.09, 2.08, 2.07, 2.07,
  2.06, 2.06, 2.06, 2.05, 2.05, 2.05, 2.04,
];

/** HEAD/REF overall; low-high: the 95% interval of the per-round ratios' geometric mean (null with one round). */
export type Ratio = { ratio: number; low: number | null; high: number | null };

/**
 * HEAD's CPU per request over REF's, over all requests, and how sure the rounds make it: the
 * rounds paired (REF's round i with HEAD's), a t interval of the mean of their log ratios.
 */
export function cpuRatio(ref: RoundSample[], head: RoundSample[]): Ratio | null {
  const refSummary = summarize(ref).cpuPerRequest;
  const headSummary = summarize(head).cpuPerRequest;
  if (!refSummary || headSummary === null) return null;
  const logs = ref.flatMap((sample, round) => {
    const other = head[round];
    return sample.cpuPerRequest && other?.cpuPerRequest ? [Math.log(other.cpuPerRequest / sample.cpuPerRequest)] : [];
  });
  if (logs.length < 2) return { ratio: headSummary / refSummary, low: null, high: null };
  const mean = logs.reduce((sum, value) => sum + value, 0) / logs.length;
  const sd = Math.sqrt(logs.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (logs.length - 1));
  const half = (T_95[logs.length - 2] ?? 1.96) * (sd / Math.sqrt(logs.length));
  return { ratio: headSummary / refSummary, low: Math.exp(mean - half), high: Math.exp(mean + half) };
}

/** Slower or faster only when the change is at least `threshold` and its whole 95% interval is on that side of 1. */
export function verdict(ratio: Ratio | null, threshold = 0.05): string {
  if (!ratio || ratio.low === null || ratio.high === null) return "";
  if (ratio.ratio >= 1 + threshold && ratio.low > 1) return "slower";
  if (ratio.ratio <= 1 / (1 + threshold) && ratio.high < 1) return "faster";
  return "";
}

export type CompareRow = { name: string; ref: RoundSample[]; head: RoundSample[] } | { name: string; note: string };

const pad = (value: string, width: number) => value.padStart(width);
const ms = (value: number | null) => (value === null ? "-" : value.toFixed(2));
const times = (value: number | null) => (value === null ? "-" : `${value.toFixed(2)}x`);

/** The side-by-side table: CPU ms per request, HEAD/REF with its interval, p99 of each, each over the markup floor. */
export function formatCompare(
  refLabel: string,
  rows: CompareRow[],
  floorCpu: number | null,
  pageFloors: Record<string, number | null> = {},
): string[] {
  const header = `${"page".padEnd(30)} ${pad("REF ms/req", 10)} ${pad("HEAD ms/req", 11)} ${pad("HEAD/REF (95%)", 21)} ${pad("p99 REF", 8)} ${pad("p99 HEAD", 8)} ${pad("REF/floor", 9)} ${pad("HEAD/floor", 10)}`;
  const lines = rows.map((row) => {
    if ("note" in row) return `${row.name.padEnd(30)} ${row.note}`;
    const ref = summarize(row.ref);
    const head = summarize(row.head);
    const ratio = cpuRatio(row.ref, row.head);
    const ratioText = !ratio
      ? "-"
      : ratio.low === null || ratio.high === null
        ? ratio.ratio.toFixed(2)
        : `${ratio.ratio.toFixed(2)} (${ratio.low.toFixed(2)}-${ratio.high.toFixed(2)})`;
    // A page with its own markup floor is read against it; the rest against the news list's.
    const floorOfRow = pageFloors[row.name] ?? floorCpu;
    const overFloor = (cpu: number | null) => (cpu === null || !floorOfRow ? null : cpu / floorOfRow);
    const failures = ref.non2xx + ref.errors + head.non2xx + head.errors;
    return [
      row.name.padEnd(30),
      pad(ms(ref.cpuPerRequest), 10),
      pad(ms(head.cpuPerRequest), 11),
      pad(ratioText, 21),
      pad(ref.p99.toFixed(1), 8),
      pad(head.p99.toFixed(1), 8),
      pad(times(overFloor(ref.cpuPerRequest)), 9),
      pad(times(overFloor(head.cpuPerRequest)), 10),
      verdict(ratio) ? ` ${verdict(ratio)}` : "",
      failures ? `  (REF ${ref.non2xx} non-2xx, ${ref.errors} errors; HEAD ${head.non2xx} non-2xx, ${head.errors} errors)` : "",
    ]
      .join(" ")
      .trimEnd();
  });
  return [
    `REF = ${refLabel}; HEAD = the working tree. CPU ms per request of the server process; p99 in ms.`,
    header,
    ...lines,
    `markup floor (the news list's markup rendered from memory by the floor app): ${ms(floorCpu)} CPU ms/req; the rows with their own markup floor are over it:`,
    ...Object.entries(pageFloors).map(([name, cpu]) => `  ${name}: its markup ${ms(cpu)} CPU ms/req.`),
    'HEAD/REF is over all rounds, in brackets its 95% interval from the rounds\' spread; "slower"/"faster": at least 5% and the interval excludes 1.',
    "With a dozen pages, about one in twenty rows is marked by chance: a regression is a row marked in two runs.",
  ];
}

/** Lighthouse medians of both refs side by side. */
export function formatLighthouseCompare(refLabel: string, ref: LighthouseFigures[], head: LighthouseFigures[]): string[] {
  const both = (a: number | undefined, b: number | undefined, digits: number, scale = 1) =>
    pad(`${a === undefined ? "-" : (a / scale).toFixed(digits)} / ${b === undefined ? "-" : (b / scale).toFixed(digits)}`, 15);
  return [
    `Lighthouse, mobile, median of ${head[0]?.runs ?? ref[0]?.runs ?? 0} runs per page and ref (REF = ${refLabel} / HEAD):`,
    `  ${"page".padEnd(28)} ${pad("perf", 15)} ${pad("LCP s", 15)} ${pad("TBT ms", 15)} ${pad("JS KiB", 15)}`,
    ...head.map((h) => {
      const r = ref.find((figures) => figures.path === h.path);
      return `  ${h.name.padEnd(28)} ${both(r?.performance, h.performance, 0)} ${both(r?.lcpMs, h.lcpMs, 1, 1000)} ${both(r?.tbtMs, h.tbtMs, 0)} ${both(r?.jsTransferKiB, h.jsTransferKiB, 1)}`;
    }),
  ];
}

function git(root: string, args: string[]): string {
  const result = spawnSync("git", args, { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${result.stderr.trim()}`);
  return result.stdout;
}

function runIn(cwd: string, command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} in ${cwd} failed:\n${output.slice(-4000)}`)),
    );
  });
}

export type PreparedRef = { label: string; sha: string; dir: string };

/**
 * REF checked out, with node_modules and built, in the temporary directory; refused (null,
 * after one line) when it has migrations the working tree lacks.
 */
export async function prepareRef(root: string, ref: string, log: (line: string) => void): Promise<PreparedRef | null> {
  const sha = git(root, ["rev-parse", "--verify", `${ref}^{commit}`]).trim();
  const label = `${ref} (${sha.slice(0, 10)})`;
  const refMigrations = git(root, ["ls-tree", "--name-only", sha, "migrations/"])
    .split("\n")
    .filter(Boolean)
    .map((file) => path.basename(file));
  const { refOnly, headOnly } = migrationDifference(refMigrations, readdirSync(path.join(root, "migrations")));
  if (refOnly.length) {
    log(`not comparing: ${label} has migrations the working tree lacks (${refOnly.join(", ")}); compare from the newer checkout instead.`);
    return null;
  }
  const dir = path.join(os.tmpdir(), `portal-bench-compare-${sha.slice(0, 12)}`);
  if (!existsSync(path.join(dir, ".git"))) {
    rmSync(dir, { recursive: true, force: true });
    log(`checking out ${label} into ${dir}…`);
    // --force: the path may still be registered from a checkout the temporary directory lost.
    git(root, ["worktree", "add", "--detach", "--force", dir, sha]);
  }
  // Copies, not yet run there: the database has them, so REF's migrator finds nothing missing.
  for (const file of headOnly) cpSync(path.join(root, "migrations", file), path.join(dir, "migrations", file));
  if (headOnly.length)
    log(`${label} lacks migrations ${headOnly.join(", ")}: it serves the database they made, ignoring what it does not know`);
  if (!existsSync(path.join(dir, "node_modules"))) {
    const sameLock = readFileSync(path.join(root, "package-lock.json"), "utf8") === git(root, ["show", `${sha}:package-lock.json`]);
    // Hard links need one filesystem; across two, the same lock installs the same packages.
    const linked =
      sameLock &&
      (await runIn(root, "cp", ["-al", path.join(root, "node_modules"), path.join(dir, "node_modules")]).then(
        () => true,
        () => false,
      ));
    if (!linked) {
      rmSync(path.join(dir, "node_modules"), { recursive: true, force: true });
      log(`${label}: npm ci there (${sameLock ? "no hard links across filesystems" : "another package-lock.json"})…`);
      // A half-done install would be taken for a done one by the next run.
      await runIn(dir, "npm", ["ci", "--no-audit", "--no-fund"]).catch((error: unknown) => {
        rmSync(path.join(dir, "node_modules"), { recursive: true, force: true });
        throw error;
      });
    }
  }
  const built = path.join(dir, "build/.bench-built");
  if (existsSync(built)) log(`using the build of ${label} from an earlier run`);
  else {
    log(`building ${label}…`);
    await runIn(dir, "npm", ["run", "build"]);
    writeFileSync(built, sha);
  }
  return { label, sha, dir };
}

type Measured = { cpuPerRequest: number | null; requests: number; p99: number; non2xx: number; errors: number };
type Target = { name: string; path: string; bypass?: boolean; signedIn?: boolean };

export type CompareOptions = {
  root: string;
  ref: PreparedRef;
  rounds: number;
  /** Seconds of one round on one server. */
  seconds: number;
  lighthouse: boolean;
  targets: Target[];
  lighthousePages: LighthousePage[];
  /** The bench's data directory (DATA_DIR of the working tree's server). */
  dataDir: string;
  postgres: boolean;
  ports: { head: number; ref: number };
  serverEnv(port: number, extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  startProcess(name: string, script: string, env: NodeJS.ProcessEnv): ChildProcess;
  waitFor(url: string, child: ChildProcess): Promise<void>;
  /** The floor app serving the uncached pages' markup, captured from the given server; its URL, process and each page's markup URL by row name (the news list's first). */
  startFloor(base: string): Promise<{ url: string; child: ChildProcess; pages: Record<string, string> }>;
  measure(
    url: string,
    bypass: boolean,
    cookie: string | undefined,
    pid: number | undefined,
    options: { seconds: number; warmUp: number },
  ): Promise<Measured>;
  signIn(base: string): Promise<string>;
  stop(): Promise<unknown>;
  log(line: string): void;
};

export async function benchCompare(options: CompareOptions): Promise<void> {
  const { ref, log } = options;
  let refDataDir = options.dataDir;
  if (!options.postgres) {
    // PGlite is one process's: REF gets a copy of the filled database (images are only read: links).
    refDataDir = path.join(options.dataDir, "compare-ref");
    rmSync(refDataDir, { recursive: true, force: true });
    mkdirSync(refDataDir, { recursive: true });
    cpSync(path.join(options.dataDir, "db"), path.join(refDataDir, "db"), { recursive: true });
    if (existsSync(path.join(options.dataDir, "uploads")))
      await runIn(options.root, "cp", ["-al", path.join(options.dataDir, "uploads"), path.join(refDataDir, "uploads")]);
  }
  const servers = {
    head: {
      base: `http://127.0.0.1:${options.ports.head}`,
      child: options.startProcess("server", "server/main.ts", options.serverEnv(options.ports.head)),
    },
    ref: {
      base: `http://127.0.0.1:${options.ports.ref}`,
      child: options.startProcess(
        "server-ref",
        path.join(ref.dir, "server/main.ts"),
        options.serverEnv(options.ports.ref, { DATA_DIR: refDataDir }),
      ),
    },
  };
  await options.waitFor(`${servers.head.base}/healthz`, servers.head.child);
  await options.waitFor(`${servers.ref.base}/healthz`, servers.ref.child);
  const floor = await options.startFloor(servers.head.base);
  const cookies = { head: await options.signIn(servers.head.base), ref: await options.signIn(servers.ref.base) };
  const schedule = interleave(options.rounds);
  const round = { seconds: options.seconds, warmUp: 0 };
  log(`comparing ${ref.label} with the working tree: ${options.rounds} rounds of ${options.seconds} s per page and server, taking turns`);

  // The floors in rounds too: each one's figure divides both sides of its page.
  const pageFloors: Record<string, number | null> = {};
  const floorRuns: Record<string, Measured[]> = {};
  for (const [name, url] of Object.entries(floor.pages)) {
    await options.measure(url, false, undefined, floor.child.pid, { seconds: 2, warmUp: 0 });
    const samples: Measured[] = [];
    for (let i = 0; i < options.rounds; i++) samples.push(await options.measure(url, false, undefined, floor.child.pid, round));
    floorRuns[name] = samples;
    pageFloors[name] = summarize(samples).cpuPerRequest;
  }
  const [floorName] = Object.keys(floor.pages);
  const floorCpu = floorName ? pageFloors[floorName]! : null;
  const floorSamples = floorName ? floorRuns[floorName]! : [];

  const rows: CompareRow[] = [];
  for (const target of options.targets) {
    for (const side of ["ref", "head"] as const) {
      const { child } = servers[side];
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(
          `the ${side === "ref" ? "REF" : "HEAD"} server stopped (${child.signalCode ?? `exit ${child.exitCode}`}) before "${target.name}"; see its log in ${options.dataDir}`,
        );
    }
    const statuses = await Promise.all(
      (["ref", "head"] as const).map(async (side) => {
        const headers: Record<string, string> = target.signedIn ? { cookie: cookies[side] } : {};
        return (await fetch(servers[side].base + target.path, { redirect: "manual", headers })).status;
      }),
    );
    if (statuses.some((status) => status !== 200)) {
      rows.push({ name: target.name, note: `not measured: REF answers ${statuses[0]}, HEAD ${statuses[1]}` });
      continue;
    }
    const measureOn = (side: Side, seconds: { seconds: number; warmUp: number }) =>
      options.measure(
        servers[side].base + target.path,
        Boolean(target.bypass),
        target.signedIn ? cookies[side] : undefined,
        servers[side].child.pid,
        seconds,
      );
    // Warm both (their caches, the JIT) before the first round counts.
    await measureOn("ref", { seconds: 2, warmUp: 0 });
    await measureOn("head", { seconds: 2, warmUp: 0 });
    const samples: Record<Side, Measured[]> = { ref: [], head: [] };
    for (const order of schedule) {
      for (const side of order) samples[side].push(await measureOn(side, round));
    }
    rows.push({ name: target.name, ref: samples.ref, head: samples.head });
    log(`  ${target.name}`);
  }

  let lighthouse: { ref: LighthouseFigures[]; head: LighthouseFigures[] } | null = null;
  let lighthouseNote = "Lighthouse: skipped (--no-lighthouse)";
  if (options.lighthouse && !ensureChromium())
    lighthouseNote = "Lighthouse: skipped, no Chromium at /usr/bin/chromium (apt-get install chromium)";
  else if (options.lighthouse) {
    log(`Lighthouse: ${options.lighthousePages.length} pages on both servers, taking turns…`);
    lighthouse = { ref: [], head: [] };
    try {
      const turns = interleave(options.lighthousePages.length);
      for (const [index, page] of options.lighthousePages.entries()) {
        for (const side of turns[index]!) lighthouse[side].push(...(await runLighthouse(servers[side].base, [page])));
      }
    } catch (error) {
      lighthouseNote = `Lighthouse failed: ${String(error)}`;
      lighthouse = null;
    }
  }
  await options.stop();

  log(
    [
      "",
      ...formatCompare(ref.label, rows, floorCpu, pageFloors),
      "",
      ...(lighthouse ? formatLighthouseCompare(ref.label, lighthouse.ref, lighthouse.head) : [lighthouseNote]),
      "",
    ].join("\n"),
  );
  writeFileSync(
    path.join(options.dataDir, "results-compare.json"),
    JSON.stringify(
      {
        when: new Date().toISOString(),
        ref: ref.label,
        sha: ref.sha,
        rounds: options.rounds,
        seconds: options.seconds,
        floor: floorSamples,
        floors: floorRuns,
        pages: rows,
        lighthouse,
      },
      null,
      2,
    ),
  );
}
