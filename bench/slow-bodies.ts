// node bench/slow-bodies.ts: posts whose body trickles in (one byte every few seconds, so the
// idle timeout never fires), from many loopback addresses, against the production server on the
// embedded database (server/connections.ts, docs/adr/0001-connection-limits.md). A closed post
// is opened again until the end, as an attacker would. Prints what a page and /healthz answered
// meanwhile, what became of the posts, and the server's resident memory.
//
// Environment: TRICKLE_CONNECTIONS (2000), TRICKLE_ADDRESSES (40: 127.0.0.2 and on),
// TRICKLE_EVERY_MS (5000), TRICKLE_SECONDS (40), BENCH_PORT (4590), BENCH_DATA_DIR (a fresh
// folder, seeded with the demo data; pass one to reuse it), SERVER_ROOT (this checkout), and
// any of the server's settings (MAX_CONNECTIONS, BODY_MIN_RATE, MAX_BODY_READERS...), passed on.
// Needs a build (`npm run build`).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = process.env.SERVER_ROOT ?? path.resolve(import.meta.dirname, "..");
const port = Number(process.env.BENCH_PORT ?? 4590);
const count = Number(process.env.TRICKLE_CONNECTIONS ?? 2000);
const addresses = Number(process.env.TRICKLE_ADDRESSES ?? 40);
const everyMs = Number(process.env.TRICKLE_EVERY_MS ?? 5000);
const seconds = Number(process.env.TRICKLE_SECONDS ?? 40);
const ownDataDir = !process.env.BENCH_DATA_DIR;
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "portal-slow-bodies-"));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  HOST: "127.0.0.1",
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  NODE_ENV: "production",
};
delete env.DATABASE_URL;
const server = spawn(process.execPath, ["scripts/serve.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
let output = "";
server.stdout!.on("data", (chunk) => (output += chunk));
server.stderr!.on("data", (chunk) => (output += chunk));
const rssMb = () => {
  try {
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1]) / 1024);
  } catch {
    return NaN;
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  const ready = performance.now();
  while (!output.includes("Portal ready")) {
    if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (performance.now() - ready > 300_000) throw new Error("the server did not start in 5 minutes");
    await sleep(100);
  }
  const probe = async (pathname: string) => {
    const start = performance.now();
    try {
      const response = await fetch(`http://127.0.0.1:${port}${pathname}`, { signal: AbortSignal.timeout(10_000) });
      const body = await response.text();
      const reason = pathname === "/healthz" && response.status !== 200 ? ` ${body}` : "";
      return { status: String(response.status), line: `${response.status}${reason} ${(performance.now() - start).toFixed(0)}ms` };
    } catch (error) {
      return { status: "failed", line: `failed (${(error as Error).name}) ${(performance.now() - start).toFixed(0)}ms` };
    }
  };
  // Warm the page once, as a visitor before the attack would.
  await probe("/novyny");
  const rssBefore = rssMb();

  const head = `POST /login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 10000\r\n\r\n`;
  const outcomes: Record<string, number> = {};
  const open = new Set<net.Socket>();
  let ending = false;
  let opened = 0;
  const connect = (slot: number) => {
    if (ending) return;
    opened++;
    const socket = net.connect({ port, host: "127.0.0.1", localAddress: `127.0.0.${2 + (slot % addresses)}` });
    let reply = "";
    // One byte every `everyMs`, on the dot: a gap never reaches the idle timeout.
    let drip: NodeJS.Timeout | undefined;
    socket.on("connect", () => {
      open.add(socket);
      socket.write(head);
      drip = setInterval(() => socket.write("a"), everyMs);
    });
    socket.on("data", (chunk) => (reply += chunk));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(drip);
      open.delete(socket);
      const outcome = reply.slice(9, 12) || "closed unanswered";
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      // The attacker opens another in its place (after a moment, so a refusing server is not spun on).
      setTimeout(() => connect(slot), 200);
    });
  };
  for (let slot = 0; slot < count; slot++) {
    connect(slot);
    if (slot % 100 === 99) await sleep(50);
  }
  const page: string[] = [];
  const health: string[] = [];
  const tallies = { page: {} as Record<string, number>, health: {} as Record<string, number> };
  let rssPeak = rssBefore;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const [p, h] = await Promise.all([probe("/novyny"), probe("/healthz")]);
    page.push(p.line);
    health.push(h.line);
    tallies.page[p.status] = (tallies.page[p.status] ?? 0) + 1;
    tallies.health[h.status] = (tallies.health[h.status] ?? 0) + 1;
    rssPeak = Math.max(rssPeak, rssMb());
    await sleep(2_000);
  }
  const heldAtEnd = open.size;
  ending = true;
  for (const socket of open) socket.destroy();
  console.log(
    `${count} trickling posts from ${addresses} addresses for ${seconds} s (one byte every ${everyMs} ms), ${opened} opened in all`,
  );
  console.log(`  /novyny: ${JSON.stringify(tallies.page)}  ${page.join(", ")}`);
  console.log(`  /healthz: ${JSON.stringify(tallies.health)}  ${health.join(", ")}`);
  console.log(`  posts: ${JSON.stringify(outcomes)}, ${heldAtEnd} held open at the end`);
  console.log(`  server RSS: ${rssBefore} MB before, peak ${rssPeak} MB`);
} finally {
  // Gone before the next run opens the same database.
  const exited = new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once("exit", resolve)));
  server.kill("SIGKILL");
  await exited;
  if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
