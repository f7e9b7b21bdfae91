// Load shedding (server/admission.ts, docs/adr/0034-overload.md): a bounded number of pages
// is built at once, a bounded line waits for a turn, and the rest get a cheap 503 at once,
// while health checks, static files and writes are never held back by it.

import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAdmission } from "../../server/admission.ts";
import { createAppServer } from "../../server/app-server.ts";
import { useTestDatabase } from "../support/db.ts";
import { loaderOnlyBuild } from "../support/loader-build.ts";
import { useClientDir } from "../support/client-dir.ts";

describe("admission", () => {
  afterEach(() => void vi.useRealTimers());

  it("grants turns up to the limit, queues in order, and refuses past the line", async () => {
    const admission = createAdmission({ maxInFlight: 2, maxQueued: 2, maxWaitMs: 60_000 });
    const first = await admission.acquire();
    const second = await admission.acquire();
    expect(first).toBeTypeOf("function");
    expect(second).toBeTypeOf("function");
    const order: string[] = [];
    const third = admission.acquire().then((release) => (order.push("third"), release));
    const fourth = admission.acquire().then((release) => (order.push("fourth"), release));
    expect(await admission.acquire()).toBeNull();
    expect(admission.load()).toEqual({ inFlight: 2, queued: 2 });

    first!();
    first!(); // a second call of the same release changes nothing
    const thirdRelease = await third;
    expect(order).toEqual(["third"]);
    expect(admission.load()).toEqual({ inFlight: 2, queued: 1 });
    second!();
    const fourthRelease = await fourth;
    expect(order).toEqual(["third", "fourth"]);
    thirdRelease!();
    fourthRelease!();
    expect(admission.load()).toEqual({ inFlight: 0, queued: 0 });
  });

  it("refuses a request that waited too long, or whose client left, and frees its place", async () => {
    vi.useFakeTimers();
    const admission = createAdmission({ maxInFlight: 1, maxQueued: 1, maxWaitMs: 2_000 });
    const held = await admission.acquire();
    const late = admission.acquire();
    vi.advanceTimersByTime(1_999);
    expect(admission.load().queued).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await late).toBeNull();
    expect(admission.load()).toEqual({ inFlight: 1, queued: 0 });

    let hangUp = () => {};
    let stoppedWatching = false;
    const leaving = admission.acquire((onLeave) => {
      hangUp = onLeave;
      return () => void (stoppedWatching = true);
    });
    expect(admission.load().queued).toBe(1);
    hangUp();
    expect(await leaving).toBeNull();
    expect(stoppedWatching).toBe(true);
    expect(admission.load()).toEqual({ inFlight: 1, queued: 0 });

    // A client already gone when it joins the line leaves it at once.
    const gone = admission.acquire((onLeave) => (onLeave(), () => {}));
    expect(await gone).toBeNull();
    expect(admission.load()).toEqual({ inFlight: 1, queued: 0 });

    // A turn handed over stops the watch and the timer: neither refuses it later.
    const next = admission.acquire((onLeave) => ((hangUp = onLeave), () => {}));
    held!();
    const release = await next;
    hangUp();
    vi.advanceTimersByTime(5_000);
    expect(release).toBeTypeOf("function");
    expect(admission.load()).toEqual({ inFlight: 1, queued: 0 });
  });
});

describe("the server under more requests than it may build at once", () => {
  const t = useTestDatabase();
  const client = useClientDir("portal-overload-");

  /** The first request to reach the app waits for `open()`; later ones fail at once (a 500). */
  function gatedApp() {
    let open = () => {};
    const gate = new Promise<never>((_, reject) => (open = () => reject(new Error("gate opened"))));
    let calls = 0;
    const build = () => (++calls === 1 ? gate : Promise.reject(new Error("no app build in this test"))) as Promise<ServerBuild>;
    return { build, open, calls: () => calls };
  }

  async function listen(app: ReturnType<typeof gatedApp>, admission: { maxInFlight: number; maxQueued: number; maxWaitMs: number }) {
    const { server, load } = createAppServer({
      build: app.build,
      database: t.database,
      clientDir: client.path,
      uploadsDir: client.path,
      log: () => {},
      origin: "http://localhost:3000",
      admission,
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const stop = () => {
      server.closeAllConnections();
      server.close();
      vi.restoreAllMocks();
    };
    return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop, load };
  }

  async function until(condition: () => boolean) {
    while (!condition()) await new Promise((resolve) => setImmediate(resolve));
  }

  /** A server whose first read is being built, held at the gate, when this returns. */
  async function busyServer(admission: { maxInFlight: number; maxQueued: number; maxWaitMs: number }) {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const app = gatedApp();
    const server = await listen(app, admission);
    const building = fetch(`${server.base}/novyny`);
    await until(() => app.calls() === 1);
    return { ...server, app, building };
  }

  it("answers 503 in the address's language at once, and keeps health checks (degraded), files and writes going", async () => {
    const { base, stop, load, app, building } = await busyServer({ maxInFlight: 1, maxQueued: 1, maxWaitMs: 60_000 });
    try {
      const waiting = new AbortController();
      const queued = fetch(`${base}/poster`, { signal: waiting.signal }).catch(() => null);
      await until(() => load().queued === 1);

      const refused = await fetch(`${base}/novyny?page=2`);
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("5");
      expect(refused.headers.get("cache-control")).toBe("no-store");
      expect(refused.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(refused.headers.get("x-content-type-options")).toBe("nosniff");
      // The same policy as every page: no script runs on it, nothing may frame it.
      expect(refused.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{24}'.*frame-ancestors 'none'/);
      const page = await refused.text();
      expect(page).toContain('<html lang="uk">');
      expect(page).toContain("<h1>Сайт перевантажений</h1>");
      expect(page).toContain('name="viewport"');
      const english = await fetch(`${base}/us/novyny`);
      expect(english.status).toBe(503);
      expect(await english.text()).toContain("<h1>The site is busy</h1>");
      const head = await fetch(`${base}/us`, { method: "HEAD" });
      expect(head.status).toBe(503);
      expect(head.headers.get("content-length")).toBe(String(Buffer.byteLength(await (await fetch(`${base}/us`)).text())));

      // A load balancer's probe sees what a page gets.
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: "degraded", reason: "shedding pages" });
      expect((await fetch(`${base}/robots.txt`)).status).toBe(200);
      // A write is not held in the line: it reaches the app (which has no build here: 500).
      const post = await fetch(`${base}/login`, { method: "POST", body: new URLSearchParams({ a: "b" }) });
      expect(post.status).toBe(500);
      expect(load()).toEqual({ inFlight: 1, queued: 1 });

      // The waiting client hangs up: its place is free, so the next read waits instead of a 503.
      waiting.abort();
      await queued;
      await until(() => load().queued === 0);
      const next = fetch(`${base}/diaspors`);
      await until(() => load().queued === 1);
      app.open();
      expect((await building).status).toBe(500);
      expect((await next).status).toBe(500);
      await until(() => load().inFlight === 0);
    } finally {
      stop();
    }
  });

  it("refuses a read that waited longer than the limit", async () => {
    const { base, stop, load, app, building } = await busyServer({ maxInFlight: 1, maxQueued: 4, maxWaitMs: 50 });
    try {
      const waited = await fetch(`${base}/poster`);
      expect(waited.status).toBe(503);
      expect(load()).toEqual({ inFlight: 1, queued: 0 });
      app.open();
      expect((await building).status).toBe(500);
    } finally {
      stop();
    }
  });

  /**
   * A build of one resource route whose loader runs `queries` queries one after another, as a
   * page's loaders do: on the embedded database each runs on this thread.
   */
  function queryingApp(queries: number): ServerBuild {
    const loader = async () => {
      for (let i = 0; i < queries; i++) await sql`select count(*) from generate_series(1, 2000)`.execute(t.db);
      return new Response("page", { headers: { "Content-Type": "text/plain" } });
    };
    return loaderOnlyBuild(loader, { clientDir: client.path });
  }

  it("sheds a crowd of reads with quick 503s on either database, and /healthz answers while the crowd waits", async () => {
    const { server } = createAppServer({
      build: queryingApp(20),
      database: t.database,
      clientDir: client.path,
      uploadsDir: client.path,
      log: () => {},
      origin: "http://localhost:3000",
      admission: { maxInFlight: 2, maxQueued: 4, maxWaitMs: 2_000 },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${base}/warm`)).text()).toBe("page");
      let pending = 60;
      const crowd = Array.from({ length: pending }, (_, i) =>
        fetch(`${base}/novyny?crowd=${i}`).then(async (response) => {
          pending--;
          return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.text() };
        }),
      );
      const health = await fetch(`${base}/healthz`);
      const stillWaiting = pending;
      // Answered at once: "ok", or "degraded" when the crowd already filled the line.
      expect(await health.json()).toMatchObject(
        health.status === 200 ? { status: "ok" } : { status: "degraded", reason: "shedding pages" },
      );
      const answers = await Promise.all(crowd);
      const refused = answers.filter((answer) => answer.status === 503);
      const served = answers.filter((answer) => answer.status === 200);
      // Two built, four waiting: most of the crowd is told at once to come back.
      expect(refused.length).toBeGreaterThan(30);
      expect(refused.every((answer) => answer.retryAfter === "5")).toBe(true);
      expect(served.length + refused.length).toBe(answers.length);
      // Without a turn of the event loop between queries, PGlite served the crowd one by one
      // and answered the probe after all of it.
      expect(stillWaiting).toBeGreaterThan(0);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
