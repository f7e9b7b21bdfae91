// node bench/idle-connections.ts: posts that send their headers and never their body, by the
// thousand, against the production server with a lowered open-file limit (server/connections.ts,
// docs/adr/0001-connection-limits.md). Prints what /healthz and a page answer while they are
// open, then what became of the posts: 408 for the accepted ones once their body stalled,
// 503 or a dropped connection for those past the caps, nothing at all while a post is held.
//
// Environment: IDLE_CONNECTIONS (2500), FD_LIMIT (2048, the server's `ulimit -n`), BENCH_PORT
// (3470), SERVER_ROOT (this checkout; another one measures an older server the same way).
// Needs a build (`npm run build`); starts on a fresh embedded database.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = process.env.SERVER_ROOT ?? path.resolve(import.meta.dirname, "..");
const port = Number(process.env.BENCH_PORT ?? 3470);
const count = Number(process.env.IDLE_CONNECTIONS ?? 2500);
const fdLimit = Number(process.env.FD_LIMIT ?? 2048);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-idle-"));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  HOST: "127.0.0.1",
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  NODE_ENV: "production",
  SEED_DEMO: "no",
};
delete env.DATABASE_URL;
const server = spawn("sh", ["-c", `ulimit -n ${fdLimit} && exec "${process.execPath}" server/main.ts`], {
  cwd: root,
  env,
  stdio: ["ignore", "pipe", "pipe"],
});
let output = "";
server.stdout!.on("data", (chunk) => (output += chunk));
server.stderr!.on("data", (chunk) => (output += chunk));
const stop = () => {
  server.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
};

try {
  while (!output.includes("Portal ready")) {
    if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const head = `POST /report HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 200000\r\n\r\n`;
  const outcomes: Record<string, number> = {};
  let connected = 0;
  // Ten source addresses (127.0.0.2-11), as a small botnet would have.
  const closed = Array.from(
    { length: count },
    (_, i) =>
      new Promise<void>((resolve) => {
        const socket = net.connect({ port, host: "127.0.0.1", localAddress: `127.0.0.${2 + (i % 10)}` });
        let reply = "";
        socket.on("connect", () => (connected++, socket.write(head)));
        socket.on("data", (chunk) => (reply += chunk));
        socket.on("error", () => {});
        socket.on("close", () => {
          const outcome = reply.slice(9, 12) || "closed unanswered";
          outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
          resolve();
        });
      }),
  );
  while (connected + Object.values(outcomes).reduce((a, b) => a + b, 0) < count) await new Promise((resolve) => setTimeout(resolve, 20));
  const probe = async (pathname: string) => {
    const start = performance.now();
    try {
      const response = await fetch(`http://127.0.0.1:${port}${pathname}`, { signal: AbortSignal.timeout(5_000) });
      await response.text();
      return `${response.status} in ${(performance.now() - start).toFixed(0)} ms`;
    } catch (error) {
      return `failed (${(error as Error).name}) after ${(performance.now() - start).toFixed(0)} ms`;
    }
  };
  const health: string[] = [];
  for (let i = 0; i < 10; i++) health.push(await probe("/healthz"));
  console.log(`${count} idle posts connected (server: ulimit -n ${fdLimit})`);
  console.log(`  /healthz, 10 probes in a row: ${health.join(", ")}`);
  console.log(`  a page: ${await probe("/novyny")}`);
  console.log(`  the posts so far: ${JSON.stringify(outcomes)}`);
  const start = performance.now();
  await Promise.race([Promise.all(closed), new Promise((resolve) => setTimeout(resolve, 30_000))]);
  const held = count - Object.values(outcomes).reduce((a, b) => a + b, 0);
  console.log(`  ${((performance.now() - start) / 1000).toFixed(1)} s later: ${JSON.stringify(outcomes)}, ${held} still held open`);
} finally {
  stop();
}
process.exit(0);
