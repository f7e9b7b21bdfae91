// Bodies that trickle in (server/connections.ts): a post that sends one byte now and then never
// lets the idle timeout fire, and thousands of them from many addresses, each under the
// per-address cap, used to fill the connection cap, so pages got 503 while /healthz said 200.
// Now a body must keep a minimum rate, the connections reading a body are capped (the oldest
// slow one makes room), and /healthz says "degraded" exactly when the process refuses pages.

import net from "node:net";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { listenAppServer } from "../support/app-server.ts";
import type { ConnectionLimits } from "../../server/connections.ts";
import { useTestDatabase } from "../support/db.ts";
import { loaderOnlyBuild } from "../support/loader-build.ts";
import { useClientDir } from "../support/client-dir.ts";

const t = useTestDatabase();
const client = useClientDir("portal-slow-bodies-");

/** Posts that reached the app's action. */
let actionsStarted = 0;

/** Every page answers "page"; every post reads its whole form first, as the sign-in action does. */
function formReadingBuild(): ServerBuild {
  const build = loaderOnlyBuild(() => new Response("page", { headers: { "Content-Type": "text/plain" } }), { clientDir: client.path });
  const page = build.routes.page as unknown as { module: Record<string, unknown> };
  page.module = {
    ...page.module,
    action: async ({ request }: { request: Request }) => {
      actionsStarted++;
      const form = await request.formData();
      return new Response(`read ${String(form.get("text") ?? "").length}`, { headers: { "Content-Type": "text/plain" } });
    },
  };
  return build;
}

async function listen(connections: Partial<ConnectionLimits>) {
  actionsStarted = 0;
  const app = await listenAppServer({ build: formReadingBuild(), database: t.database, clientDir: client.path, connections });
  let requests = 0;
  app.server.on("request", () => void requests++);
  return { ...app, requests: () => requests };
}

type Post = { socket: net.Socket; connected: Promise<void>; reply: Promise<string> };

/** A post of `length` bytes from `localAddress`: headers and `first` at once, then what the caller writes. */
function post(port: number, localAddress: string, length: number, first = ""): Post {
  const socket = net.connect({ port, host: "127.0.0.1", localAddress });
  let reply = "";
  socket.on("data", (chunk) => (reply += chunk));
  socket.on("error", () => {});
  const head = `POST /login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n\r\n`;
  const connected = new Promise<void>((resolve) => socket.once("connect", () => (socket.write(head + first), resolve())));
  const closed = new Promise<string>((resolve) => socket.once("close", () => resolve(reply)));
  // A keep-alive answer leaves the connection open: its reply is complete once its body is.
  const answered = new Promise<string>((resolve) => {
    socket.on("data", () => {
      const [head = "", ...rest] = reply.split("\r\n\r\n");
      const body = rest.join("\r\n\r\n");
      const length = /\r\ncontent-length: (\d+)/i.exec(head)?.[1];
      if (
        length !== undefined
          ? Buffer.byteLength(body) >= Number(length)
          : /\r\ntransfer-encoding: chunked/i.test(head) && body.endsWith("0\r\n\r\n")
      )
        resolve(reply);
    });
  });
  return { socket, connected, reply: Promise.race([closed, answered]) };
}

const statusOf = (reply: string) => /^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1] ?? "none";

function tally(replies: string[]) {
  const counts: Record<string, number> = {};
  for (const reply of replies) counts[statusOf(reply)] = (counts[statusOf(reply)] ?? 0) + 1;
  return counts;
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("posts whose body trickles in, from 80 addresses", () => {
  it("get 408 and lose their connection, while a page answers 200 and /healthz agrees with the pages", async () => {
    const addresses = Array.from({ length: 80 }, (_, i) => `127.0.0.${2 + i}`);
    const perAddress = 6;
    // 480 posts: each address under its cap of 8, all of them over the process's cap of 400.
    const { port, stop, requests } = await listen({
      maxConnections: 400,
      maxConnectionsPerAddress: 8,
      headersTimeoutMs: 5_000,
      // One byte every 100 ms: the idle timeout never fires, nor the bound on the whole body.
      bodyIdleTimeoutMs: 2_000,
      bodyTimeoutMs: 120_000,
      bodyMinRate: 1_024,
      maxBodyReaders: 100,
    });
    const replies: string[] = [];
    const open = new Set<net.Socket>();
    let reopening = true;
    /** One attacker's slot: a trickling post, opened again when closed, at most three times. */
    const slot = (address: string, round = 1): Post => {
      const trickle = post(port, address, 10_000);
      let drip: NodeJS.Timeout | undefined;
      void trickle.connected.then(() => {
        open.add(trickle.socket);
        drip = setInterval(() => trickle.socket.destroyed || trickle.socket.write("a"), 100);
      });
      void trickle.reply.then((reply) => {
        clearInterval(drip);
        trickle.socket.destroy();
        open.delete(trickle.socket);
        replies.push(reply);
        if (reopening && round < 3) slot(address, round + 1);
      });
      return trickle;
    };
    try {
      // Address by address, each batch read by the server before the next is sent.
      let sent = 0;
      for (const address of addresses) {
        const batch = Array.from({ length: perAddress }, () => slot(address));
        await Promise.all(batch.map((trickle) => trickle.connected));
        sent += perAddress;
        await until(() => requests() >= sent);
      }

      // Meanwhile a visitor's page and a balancer's probe, one after the other, three times.
      for (let probe = 0; probe < 3; probe++) {
        const page = await fetch(`http://127.0.0.1:${port}/novyny`);
        const health = await fetch(`http://127.0.0.1:${port}/healthz`);
        expect({ page: page.status, health: health.status }).toEqual({ page: 200, health: 200 });
        expect(await page.text()).toBe("page");
        expect(await health.json()).toMatchObject({ status: "ok" });
      }

      // The attack stops reopening; every post it made is answered 408 and its connection closed.
      reopening = false;
      await until(() => open.size === 0 && replies.length >= addresses.length * perAddress);
      expect(tally(replies)).toEqual({ "408": replies.length });
      expect(replies[0]).toMatch(/\r\nconnection: close\r\n/i);
      // A small body is read whole before the app sees its post: none of these reached it.
      expect(actionsStarted).toBe(0);
    } finally {
      reopening = false;
      for (const socket of open) socket.destroy();
      stop();
    }
  });
});

describe("the minimum rate of a body", () => {
  it("spares a form sent at once and a steady upload, and cuts a body slower than the rate", async () => {
    const { port, stop } = await listen({ bodyIdleTimeoutMs: 30_000, bodyTimeoutMs: 120_000, bodyMinRate: 1_024 });
    try {
      const form = "text=" + "a".repeat(1_995);
      const atOnce = post(port, "127.0.0.1", form.length, form);
      expect(statusOf(await atOnce.reply)).toBe("200");
      expect(await atOnce.reply).toContain("read 1995");

      // 4 KB/s, four times the minimum, for about two seconds.
      const steadyBody = "text=" + "b".repeat(8_187);
      const steady = post(port, "127.0.0.1", steadyBody.length, steadyBody.slice(0, 512));
      let sent = 512;
      const sending = setInterval(() => {
        if (sent >= steadyBody.length) return clearInterval(sending);
        steady.socket.write(steadyBody.slice(sent, sent + 512));
        sent += 512;
      }, 125);
      // 200 bytes a second: never idle, far below the rate.
      const slow = post(port, "127.0.0.2", 10_000, "text=");
      const dripping = setInterval(() => slow.socket.destroyed || slow.socket.write("c".repeat(20)), 100);
      try {
        const slowReply = await slow.reply;
        expect(statusOf(slowReply)).toBe("408");
        expect(slowReply).toContain("Request Timeout");
        expect(slowReply).toMatch(/\r\nconnection: close\r\n/i);
        const steadyReply = await steady.reply;
        expect(statusOf(steadyReply)).toBe("200");
        expect(steadyReply).toContain("read 8187");
      } finally {
        clearInterval(sending);
        clearInterval(dripping);
        steady.socket.destroy();
      }
    } finally {
      stop();
    }
  });
});

describe("the cap on bodies being read", () => {
  it("closes the oldest slow body for a new one, and refuses a new one (with /healthz degraded) when every body is fast", async () => {
    const { port, stop, connections } = await listen({
      bodyIdleTimeoutMs: 30_000,
      bodyTimeoutMs: 120_000,
      bodyMinRate: 0,
      maxBodyReaders: 2,
    });
    const health = async () => {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      return { status: response.status, body: (await response.json()) as { status: string; reason?: string } };
    };
    const all: Post[] = [];
    try {
      // Two posts that sent their headers and nothing more fill the cap.
      const oldest = post(port, "127.0.0.1", 100_000);
      all.push(oldest);
      await until(() => connections().watched === 1);
      const older = post(port, "127.0.0.1", 100_000);
      all.push(older);
      await until(() => connections().watched === 2);
      // At the cap, but a slow body can make room: nothing is refused.
      expect((await health()).status).toBe(200);
      // A third makes room: the oldest slow one gets 408.
      const fast = post(port, "127.0.0.1", 1_000_000, "text=" + "d".repeat(200_000));
      all.push(fast);
      expect(statusOf(await oldest.reply)).toBe("408");
      expect(older.socket.destroyed).toBe(false);
      await until(() => connections().watched === 2);
      // A fourth: the slow one left goes.
      const faster = post(port, "127.0.0.1", 1_000_000, "text=" + "e".repeat(200_000));
      all.push(faster);
      expect(statusOf(await older.reply)).toBe("408");
      await until(() => connections().watched === 2);

      // Both bodies being read arrive fast: a new post would be refused, and /healthz says so
      // before any database work; the post is refused, not either of them cut.
      expect(await health()).toEqual({
        status: 503,
        body: expect.objectContaining({ status: "degraded", reason: expect.stringMatching(/bod/) }),
      });
      const refused = post(port, "127.0.0.1", 1_000, "text=");
      const refusedReply = await refused.reply;
      expect(statusOf(refusedReply)).toBe("503");
      expect(refusedReply).toMatch(/\r\nretry-after: 5\r\n/i);
      expect(fast.socket.destroyed || faster.socket.destroyed).toBe(false);
      expect(await health()).toEqual({
        status: 503,
        body: expect.objectContaining({ status: "degraded", reason: expect.stringMatching(/bod/) }),
      });

      // The bodies end: the posts are answered, and the process is healthy again.
      fast.socket.write("d".repeat(1_000_000 - 200_005));
      faster.socket.write("e".repeat(1_000_000 - 200_005));
      expect(statusOf(await fast.reply)).toBe("200");
      expect(statusOf(await faster.reply)).toBe("200");
      while ((await health()).status !== 200) await pause(50);
    } finally {
      for (const { socket } of all) socket.destroy();
      stop();
    }
  });
});
