// Several app processes on one PostgreSQL database, as behind a load balancer: nothing a
// visitor relies on may live in one process only. Two production servers (A and B, one
// process each, so every request goes to a known one) share a fresh database: a session
// made on A is valid on B, failed sign-ins on both count against one limit, an advert
// posted through A shows on B's cached list page, presence counts visitors of both. Then
// WEB_CONCURRENCY=2 starts a primary with two workers that serve and stop together.
// Node only, no browser; needs PostgreSQL (the embedded database belongs to one process).
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { baseName, createDatabase, dropDatabase, urlForDatabase, withAdminClient } from "../support/pg-admin.ts";
import { accounts, demoPassword, port, ports as suitePorts } from "./support/env.ts";
import { test, expect } from "./support/fixtures.ts";

const root = path.resolve(import.meta.dirname, "../..");
const adminUrl = process.env.DATABASE_URL?.trim() || undefined;
const ports = { a: suitePorts.scaleOutA, b: suitePorts.scaleOutB, cluster: suitePorts.scaleOutCluster };
const origin = (p: number) => `http://127.0.0.1:${p}`;

test.use({ axe: { enabled: false } });

type Server = { child: ChildProcess; output: () => string };

test.describe("scale-out: two processes, one PostgreSQL @js-only", () => {
  test.skip(!adminUrl, "needs PostgreSQL: set DATABASE_URL (the embedded database belongs to one process)");
  test.describe.configure({ mode: "serial" });

  const database = adminUrl ? `${baseName(adminUrl)}_scale_${port}` : "";
  const servers: Server[] = [];
  let dataDir: string;
  let client: pg.Client;

  function start(listen: number, extra: NodeJS.ProcessEnv = {}): Server {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(listen),
      DATABASE_URL: urlForDatabase(adminUrl!, database),
      SESSION_SECRET: "scale-out-session-secret-not-for-production-0123",
      DATA_DIR: dataDir,
      DEMO_PASSWORD: demoPassword,
      SEED_DEMO: "yes",
      // Each process is reached at its own address: that is its public origin (form posts are checked against it).
      PUBLIC_URL: origin(listen),
      ...extra,
    };
    for (const name of ["TRUST_PROXY", "SMTP_URL", "S3_BUCKET", "WEB_CONCURRENCY"]) if (!(name in extra)) delete env[name];
    const child = spawn(process.execPath, ["scripts/serve.ts"], { cwd: root, env });
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    const server = { child, output: () => output };
    servers.push(server);
    return server;
  }

  async function ready(server: Server, times = 1) {
    await expect
      .poll(
        () => {
          if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
          return server.output().split("Portal ready").length - 1;
        },
        { timeout: 120_000 },
      )
      .toBe(times);
  }

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-scale-"));
    await withAdminClient(adminUrl!, async (admin) => {
      await dropDatabase(admin, database);
      await createDatabase(admin, database);
    });
    // A migrates and seeds; B starts on the migrated database.
    const a = start(ports.a);
    await ready(a);
    // B polls content versions only every 10 minutes: its page cache can follow A's edits
    // in this test through NOTIFY alone.
    const b = start(ports.b, { CONTENT_POLL_MS: "600000" });
    await ready(b);
    client = new pg.Client({ connectionString: urlForDatabase(adminUrl!, database) });
    await client.connect();
  });

  test.afterAll(async () => {
    await client?.end();
    await Promise.all(
      servers.map(async ({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = once(child, "exit");
        child.kill("SIGTERM");
        await exited;
      }),
    );
    if (adminUrl) await withAdminClient(adminUrl, (admin) => dropDatabase(admin, database));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function signIn(at: number, email: string, password: string): Promise<Response> {
    const form = new URLSearchParams({ intent: "signin", email, password, redirect: "/cabinet" });
    return fetch(`${origin(at)}/login`, { method: "POST", body: form, redirect: "manual", headers: { Origin: origin(at) } });
  }

  function cookieOf(response: Response): string {
    return response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
  }

  test("a session made on one process is valid on the other", async () => {
    const response = await signIn(ports.a, accounts.user.email, accounts.user.password);
    expect(response.status).toBe(302);
    const cookie = cookieOf(response);
    expect(cookie).toContain("__session=");
    for (const at of [ports.a, ports.b]) {
      const cabinet = await fetch(`${origin(at)}/cabinet`, { headers: { cookie }, redirect: "manual" });
      expect(cabinet.status, `cabinet on ${at}`).toBe(200);
    }
    // Without the cookie B sends the visitor to sign in: the 200 above was the session's doing.
    expect((await fetch(`${origin(ports.b)}/cabinet`, { redirect: "manual" })).status).toBe(302);
  });

  test("a rate limit counts attempts made on both processes", async () => {
    const email = accounts.editor.email;
    // Five failures for an account from one address are evaluated back to back
    // (LIMITS.signInFailure.accountAddress), then the address waits: alternate.
    for (let attempt = 0; attempt < 5; attempt++) {
      const at = attempt % 2 === 0 ? ports.a : ports.b;
      expect((await signIn(at, email, "wrong-password")).status, `attempt ${attempt + 1}`).toBe(401);
    }
    // Each process saw fewer than five: only a shared count refuses the next, even the right password.
    expect((await signIn(ports.a, email, accounts.editor.password)).status).toBe(429);
    expect((await signIn(ports.b, email, accounts.editor.password)).status).toBe(429);
  });

  test("an advert posted through one process invalidates the other's cached page", async () => {
    const list = `${origin(ports.b)}/advertisement`;
    await fetch(list);
    const cached = await fetch(list);
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    const title = `Велосипед для кластера ${Date.now()}`;
    expect(await cached.text()).not.toContain(title);

    const signedIn = cookieOf(await signIn(ports.a, accounts.user.email, accounts.user.password));
    const {
      rows: [category],
    } = await client.query<{ id: number }>(
      "select id from categories c where kind = 'advertisement' and parent_id is null and not exists (select 1 from advert_fields f where f.category_id = c.id) order by id limit 1",
    );
    const {
      rows: [location],
    } = await client.query<{ id: number }>("select id from locations order by id limit 1");
    const form = new FormData();
    const fields: Record<string, string> = {
      title,
      categoryId: String(category!.id),
      locationId: String(location!.id),
      description: "Міський велосипед у доброму стані, нові гальма, самовивіз у вихідні.",
      priceKind: "amount",
      priceAmount: "300",
      priceCurrency: "EUR",
      contactName: "Тест",
      email: "bike@example.test",
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const posted = await fetch(`${origin(ports.a)}/dodaty-ogoloshennya`, {
      method: "POST",
      body: form,
      redirect: "manual",
      headers: { cookie: signedIn, Origin: origin(ports.a) },
    });
    expect(posted.status).toBe(302);

    // B hears of the change by NOTIFY (content-notify.server.ts; its poll is 10 minutes away),
    // which arrives just after A's commit: wait for it, and check the page was rebuilt (a miss).
    let after: Response | undefined;
    await expect
      .poll(
        async () => {
          after = await fetch(list);
          return (await after.clone().text()).includes(title);
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(after!.headers.get("x-page-cache")).toBe("miss");
  });

  test("presence counts the visitors of both processes", async () => {
    const heartbeat = (at: number, agent: string) =>
      fetch(`${origin(at)}/api/heartbeat`, {
        method: "POST",
        body: JSON.stringify({ path: "/novyny" }),
        headers: { "content-type": "application/json", "user-agent": agent, Origin: origin(at) },
      });
    const online = async () =>
      (
        await client.query<{ count: number }>(
          "select count(*)::int as count from presence where path = '/novyny' and last_seen_at > now() - interval '2 minutes'",
        )
      ).rows[0]!.count;
    expect(await online()).toBe(0);
    expect((await heartbeat(ports.a, "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0")).status).toBe(204);
    expect(
      (
        await heartbeat(
          ports.b,
          "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
        )
      ).status,
    ).toBe(204);
    expect(await online()).toBe(2);
  });

  test("WEB_CONCURRENCY=2 runs two workers that serve the same port and stop together", async () => {
    test.setTimeout(180_000);
    const cluster = start(ports.cluster, { WEB_CONCURRENCY: "2" });
    await ready(cluster, 2);
    expect(cluster.output()).toContain("starting 2 workers");
    const workers = new Set(cluster.output().match(/worker \d+/g));
    expect(workers.size).toBe(2);
    const pages = await Promise.all(
      Array.from({ length: 6 }, () => fetch(`${origin(ports.cluster)}/novyny`, { headers: { connection: "close" } })),
    );
    expect(pages.map((page) => page.status)).toEqual(Array(6).fill(200));

    const exited = once(cluster.child, "exit");
    cluster.child.kill("SIGTERM");
    const [code] = await exited;
    expect(code).toBe(0);
    expect(cluster.output()).toContain("all workers stopped");
  });
});
