// Connection limits (server/connections.ts): posts that send their headers and never their
// body, by the thousand, from a few addresses. Each address gets its share, all of them
// together stay under the cap, the rest get a quick 503 and lose their connection, the
// accepted ones get 408 once their body stalls, and /healthz answers all along ("degraded" while
// the process refuses connections).

import net from "node:net";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { listenAppServer } from "../support/app-server.ts";
import type { ConnectionLimits } from "../../server/connections.ts";
import { useTestDatabase } from "../support/db.ts";
import { useClientDir } from "../support/client-dir.ts";

const t = useTestDatabase();
const client = useClientDir("portal-connections-");

/** An app that never answers: a post waits for it as for an action reading a slow body. */
const stalledBuild = () => new Promise<ServerBuild>(() => {});

function listen(connections: Partial<ConnectionLimits>, trustProxy = 0) {
  return listenAppServer({ build: stalledBuild, database: t.database, clientDir: client.path, connections, trustProxy });
}

type Raw = { socket: net.Socket; connected: Promise<void>; reply: Promise<string> };

/** A raw connection from `localAddress` that sends `head` and then nothing; `reply` is all it got until closed. */
function raw(port: number, localAddress: string, head: string): Raw {
  const socket = net.connect({ port, host: "127.0.0.1", localAddress });
  let reply = "";
  socket.on("data", (chunk) => (reply += chunk));
  const connected = new Promise<void>((resolve) => socket.once("connect", () => (socket.write(head), resolve())));
  const reply$ = new Promise<string>((resolve) => {
    socket.on("error", () => {});
    socket.once("close", () => resolve(reply));
  });
  return { socket, connected, reply: reply$ };
}

const idlePost = (port: number) =>
  `POST /report HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 200000\r\n\r\n`;

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const statusOf = (reply: string) => /^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1] ?? "none";

function tally(replies: string[]) {
  const counts: Record<string, number> = {};
  for (const reply of replies) counts[statusOf(reply)] = (counts[statusOf(reply)] ?? 0) + 1;
  return counts;
}

describe("idle posts by the thousand", () => {
  it("are capped per address and in total (a quick 503), answered 408 once their body stalls, while /healthz answers", async () => {
    // The idle timeout is what this measures: the minimum rate would cut these bodies first.
    const perAddress = 300;
    const total = 1_000;
    const batch = 350;
    const { port, stop, connections } = await listen({
      maxConnections: total,
      maxConnectionsPerAddress: perAddress,
      headersTimeoutMs: 5_000,
      bodyIdleTimeoutMs: 5_000,
      bodyTimeoutMs: 60_000,
      bodyMinRate: 0,
      maxBodyReaders: total,
    });
    try {
      const all: Raw[] = [];
      // Four addresses, one after the other so that which cap refuses whom is known: 50 over
      // the cap of each of the first three, and 250 of the fourth over the total.
      for (const address of ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"]) {
        const connecting = Array.from({ length: batch }, () => raw(port, address, idlePost(port)));
        all.push(...connecting);
        await Promise.all(connecting.map((connection) => connection.connected));
        const accepted = Math.min(total, (all.length / batch) * perAddress);
        await until(() => connections().connections === accepted);
      }
      const isRefused = (i: number) => (i < 3 * batch ? i % batch >= perAddress : i % batch >= total - 3 * perAddress);
      const refused = await Promise.all(all.filter((_, i) => isRefused(i)).map((c) => c.reply));
      expect(refused).toHaveLength(400);
      expect(tally(refused)).toEqual({ "503": 400 });
      expect(refused[0]).toMatch(/\r\nretry-after: 5\r\n/i);
      expect(refused[0]).toMatch(/\r\nconnection: close\r\n/i);
      // Refused and closed while every accepted post still waits for its body.
      expect(connections().connections).toBe(total);

      // The process is at its cap: a load balancer's probe still gets its answer, which says
      // what a page would get.
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: "degraded", reason: "connection cap reached" });

      // The accepted posts never send their body: each gets a 408 and its connection closes.
      const accepted = await Promise.all(all.filter((_, i) => !isRefused(i)).map((c) => c.reply));
      expect(tally(accepted)).toEqual({ "408": total });
      expect(accepted[0]).toMatch(/\r\nconnection: close\r\n/i);
      await until(() => connections().connections === 0);
      expect((await fetch(`http://127.0.0.1:${port}/robots.txt`)).status).toBe(200);
      while ((await fetch(`http://127.0.0.1:${port}/healthz`)).status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      stop();
    }
  });
});

describe("a connection's timeouts", () => {
  it("headers that never end, a body that stops and one that trickles past its bound all get 408 and lose their connection", async () => {
    const { port, stop, connections } = await listen({ headersTimeoutMs: 300, bodyIdleTimeoutMs: 300, bodyTimeoutMs: 1_000 });
    try {
      const headers = raw(port, "127.0.0.1", "GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
      const stalled = raw(
        port,
        "127.0.0.1",
        `POST /report HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nreason=spa`,
      );
      // One byte every 50 ms never leaves the body idle, but never finishes it either.
      const trickle = raw(
        port,
        "127.0.0.1",
        `POST /report HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n`,
      );
      const dripping = setInterval(() => trickle.socket.destroyed || trickle.socket.write("x"), 50);
      try {
        expect(statusOf(await headers.reply)).toBe("408");
        expect(statusOf(await stalled.reply)).toBe("408");
        const trickled = await trickle.reply;
        expect(statusOf(trickled)).toBe("408");
        expect(trickled).toContain("Request Timeout");
      } finally {
        clearInterval(dripping);
      }
      await until(() => connections().connections === 0);
    } finally {
      stop();
    }
  });
});

describe("under pressure", () => {
  it("closes keep-alive connections with nothing to do first, then refuses new ones", async () => {
    const { port, stop, connections } = await listen({ maxConnections: 2, bodyIdleTimeoutMs: 30_000 });
    const get = "GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    try {
      const idle = raw(port, "127.0.0.1", get);
      await until(() => connections().idle === 1);
      const busy = raw(port, "127.0.0.1", idlePost(port));
      await until(() => connections().connections === 2);
      // At the cap: the idle keep-alive connection makes room for a new one.
      const next = raw(port, "127.0.0.1", idlePost(port));
      expect(statusOf(await idle.reply)).toBe("200");
      await until(() => connections().connections === 2 && connections().refused === 0);
      // Now both are busy: a third is refused at once.
      const refused = raw(port, "127.0.0.1", get);
      expect(statusOf(await refused.reply)).toBe("503");
      expect(busy.socket.destroyed || next.socket.destroyed).toBe(false);
    } finally {
      stop();
    }
  });

  it("behind a proxy (TRUST_PROXY), counts requests per forwarded address", async () => {
    const { port, stop } = await listen({ maxConnectionsPerAddress: 2, bodyIdleTimeoutMs: 300 }, 1);
    const from = (address: string) =>
      `POST /report HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${address}\r\nContent-Length: 10\r\n\r\n`;
    try {
      const first = [raw(port, "127.0.0.1", from("203.0.113.7")), raw(port, "127.0.0.1", from("203.0.113.7"))];
      await Promise.all(first.map((c) => c.connected));
      const third = raw(port, "127.0.0.1", from("203.0.113.7"));
      const other = raw(port, "127.0.0.1", from("198.51.100.1"));
      expect(statusOf(await third.reply)).toBe("503");
      // The other address was let in: it waited for its body and timed out like the first two.
      expect(tally(await Promise.all([...first, other].map((c) => c.reply)))).toEqual({ "408": 3 });
    } finally {
      stop();
    }
  });
});
