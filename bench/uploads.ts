// npm run bench:uploads [-- --no-build] [-- --users N] [-- --posts N]
//
// Many large advert posts at once, as a hostile verified user sends them: fills a fresh
// database (bench/data/uploads-*: PGlite, or a new PostgreSQL database when DATABASE_URL is
// set) with the demo content and N verified users, starts the production server, signs the
// users in and sends BENCH_UPLOAD_POSTS (20) multipart posts of the advert form at once, each
// with as many photos as the settings allow (10), each just under the per-photo maximum:
// the largest body the form accepts. It samples the server's RSS every 100 ms and times
// /healthz from a process of its own, and prints the answers' statuses, the RSS before and at
// its peak and the slowest health check. --users spreads the posts over N users (default 1:
// one user, as in the attack); --no-build measures the existing build/.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { MAX_IMAGE_BYTES } from "#app/platform/images/process.server.ts";
import { createDatabase, dropDatabase, urlForDatabase, withAdminClient } from "../tests/support/pg-admin.ts";
import { rssMb } from "./overload.ts";

const root = path.resolve(import.meta.dirname, "..");
const { values: args } = parseArgs({ options: { "no-build": { type: "boolean" }, users: { type: "string" }, posts: { type: "string" } } });
const users = Number(args.users ?? 1);
const posts = Number(args.posts ?? process.env.BENCH_UPLOAD_POSTS ?? 20);
const photosPerPost = 10;
const port = Number(process.env.BENCH_PORT ?? 3470);
const base = `http://127.0.0.1:${port}`;
const adminUrl = process.env.DATABASE_URL?.trim() || undefined;
const dataDir = path.join(root, "bench/data", adminUrl ? "uploads-postgres" : "uploads-pglite");
const password = "bench-upload-password-1";
const log = (line: string) => console.log(line);

function run(script: string, argv: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...argv], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${script} ${argv.join(" ")} failed:\n${output}`))));
  });
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}; see ${dataDir}/server.log`);
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer in time`);
}

/** A JPEG of noise just under the per-photo maximum: the costliest photo the form takes. */
/** /healthz timed every 250 ms from a process of its own until stopped: the slowest answer (10 s for none). */
function probeHealth(url: string): { stop: () => Promise<number | null> } {
  const script = `let max = 0; process.on("SIGTERM", () => { console.log(max); process.exit(0); });
    (async () => { for (;;) { const t = performance.now();
      try { await fetch(${JSON.stringify(url)}, { signal: AbortSignal.timeout(10000) }); max = Math.max(max, performance.now() - t); } catch { max = Math.max(max, 10000); }
      await new Promise((r) => setTimeout(r, 250)); } })();`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "ignore"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
      return output.trim() ? Number(output) : null;
    },
  };
}

async function largestPhoto(): Promise<Uint8Array<ArrayBuffer>> {
  for (let side = 4000; side > 400; side -= 50) {
    const bytes = await sharp({
      create: { width: side, height: side, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    if (bytes.byteLength <= MAX_IMAGE_BYTES - 4096) return new Uint8Array(bytes);
  }
  throw new Error("no photo under the limit");
}

async function signIn(email: string): Promise<string> {
  const body = new URLSearchParams({ intent: "signin", email, password, redirect: "/cabinet" });
  const response = await fetch(`${base}/login`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { origin: base, "user-agent": "Mozilla/5.0 (portal-bench)" },
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("__session="));
  if (!cookie) throw new Error(`signing in ${email} failed: ${response.status}`);
  return cookie.split(";")[0]!;
}

async function main() {
  if (!args["no-build"]) {
    log("building the portal…");
    await run(path.join(root, "node_modules/@react-router/dev/bin.cjs"), ["build"], {});
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    DATA_DIR: dataDir,
    DEMO_PASSWORD: password,
    SEED_DEMO: "yes",
    SESSION_SECRET: "bench-session-secret-not-for-production-0123456789",
  };
  let databaseName: string | undefined;
  if (adminUrl) {
    databaseName = `portal_bench_uploads_${process.pid}`;
    await withAdminClient(adminUrl, (client) => createDatabase(client, databaseName!));
    env.DATABASE_URL = urlForDatabase(adminUrl, databaseName);
  } else delete process.env.DATABASE_URL;

  log(`filling ${adminUrl ? "a PostgreSQL database" : "PGlite"}: demo content and ${users} user(s)…`);
  await run("scripts/seed.ts", [], env);
  const emails = Array.from({ length: users }, (_, i) => `bench-uploader-${i}@example.test`);
  for (const email of emails) await run("scripts/user-create.ts", ["--email", email, "--password", password, "--role", "user"], env);

  const serverEnv = { ...env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: base, SEED_DEMO: "no" };
  const server = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: { ...process.env, ...serverEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logFile = path.join(dataDir, "server.log");
  writeFileSync(logFile, "");
  server.stdout!.on("data", (chunk) => writeFileSync(logFile, chunk, { flag: "a" }));
  server.stderr!.on("data", (chunk) => writeFileSync(logFile, chunk, { flag: "a" }));
  try {
    await waitFor(`${base}/healthz`, server);
    const cookies = await Promise.all(emails.map(signIn));
    const page = await (await fetch(`${base}/dodaty-ogoloshennya`, { headers: { cookie: cookies[0]! } })).text();
    const categoryId = /name="categoryId"[\s\S]*?<option value="(\d+)"/.exec(page)?.[1] ?? "1";
    const locationId = /name="locationId"[\s\S]*?<option value="(\d+)"/.exec(page)?.[1] ?? "";
    const bytes = await largestPhoto();
    const form = (): FormData => {
      const body = new FormData();
      const fields = {
        title: "Ноутбук Lenovo ThinkPad T14",
        categoryId,
        locationId,
        description: "Продаю ноутбук у дуже доброму стані, батарея тримає 8 годин.",
        priceKind: "amount",
        priceAmount: "2800",
        priceCurrency: "PLN",
        contactName: "Оля",
        email: "olia@example.test",
      };
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      for (let i = 0; i < photosPerPost; i++) body.append("newPhotos", new File([bytes], `photo-${i}.jpg`, { type: "image/jpeg" }));
      return body;
    };
    const sizeMb = (await new Response(form()).arrayBuffer()).byteLength / 1024 / 1024;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const rssBefore = rssMb(server.pid);
    let rssPeak = rssBefore ?? 0;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(server.pid) ?? 0)), 100);
    log(
      `sending ${posts} posts of ${sizeMb.toFixed(1)} MB (${photosPerPost} photos of ${(bytes.byteLength / 1024 / 1024).toFixed(2)} MB) at once, from ${users} user(s)…`,
    );
    const started = performance.now();
    const health = probeHealth(`${base}/healthz`);
    const statuses = await Promise.all(
      Array.from({ length: posts }, (_, i) =>
        fetch(`${base}/dodaty-ogoloshennya`, {
          method: "POST",
          body: form(),
          redirect: "manual",
          headers: { cookie: cookies[i % cookies.length]!, origin: base, "user-agent": "Mozilla/5.0 (portal-bench)" },
          signal: AbortSignal.timeout(300_000),
        }).then(
          async (response) => {
            await response.arrayBuffer();
            return String(response.status);
          },
          (error: unknown) => `error (${(error as Error).name})`,
        ),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const healthMax = await health.stop();
    const counts = new Map<string, number>();
    for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
    log(`answers in ${seconds.toFixed(1)} s: ${[...counts].map(([status, n]) => `${status} ×${n}`).join(", ")}`);
    log(
      `server RSS: ${rssBefore?.toFixed(0) ?? "-"} MB before, peak ${rssPeak.toFixed(0)} MB; /healthz slowest ${healthMax === null ? "-" : `${healthMax.toFixed(0)} ms`}`,
    );
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    if (adminUrl && databaseName) await withAdminClient(adminUrl, (client) => dropDatabase(client, databaseName!));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
