// Connection limits (docs/adr/0001-connection-limits.md). Facing the internet directly,
// connections that sent a POST's headers and never its body used up every file descriptor:
// Node's default request timeout held each one for minutes, and nothing capped connections per
// address or in total. Now a request whose headers or body stall is answered 408 and its
// connection closed, one address may hold only so many connections, and all of them together
// stay below the descriptor limit: past a cap, keep-alive connections with nothing to do are
// closed first, and only then is a new connection refused (a quick 503, or nothing when it
// sends nothing).
// A body that trickles in (a byte every few seconds never trips the idle timeout) must keep a
// minimum rate, and the bodies being read at once are capped: a new one closes the oldest slow
// one, or is refused when every body being read arrives fast.
import { readFileSync } from "node:fs";
import type http from "node:http";
import type { Socket } from "node:net";
import { resolveClientAddress } from "#app/platform/http/client-address.server.ts";
import { countShed } from "#app/platform/metrics/metrics.server.ts";

export type ConnectionLimits = {
  /** A request's headers must be complete this long after the connection opened or went active. */
  headersTimeoutMs: number;
  /** A body that sends nothing for this long is answered 408. */
  bodyIdleTimeoutMs: number;
  /** A body not complete this long after its headers is answered 408. */
  bodyTimeoutMs: number;
  /** Open connections of the process. */
  maxConnections: number;
  /** Open connections of one client address (requests in progress behind TRUST_PROXY). */
  maxConnectionsPerAddress: number;
  /** Bytes per second a body must keep up after its first second (see `sweep`); 0 turns the check off. */
  bodyMinRate: number;
  /** Requests of the process whose body is still arriving. */
  maxBodyReaders: number;
};

/** How long a refused connection may take to send a request that is then answered 503. */
const REFUSED_GRACE_MS = 1_000;
/** How long, after a stop, a connection that has sent nothing yet may still send its request. */
const STOP_FRESH_MS = 2_000;
/** Descriptors kept for everything else: the database, files being served, refused connections. */
const RESERVED_DESCRIPTORS = 1_024;
/** A body's first second is not held to the minimum rate: a form's last packet may be late. */
const RATE_GRACE_MS = 1_000;
/**
 * A body may be ahead of the minimum rate by this many seconds of it, no more: the rate is
 * averaged over about this long, so a fast upload may pause this long and no longer.
 */
const RATE_WINDOW_SECONDS = 10;
/** A body arriving slower than this many times the minimum rate is "slow": the first to make room. */
const SLOW_READER_FACTOR = 8;
/** The minimum rate's default, for telling slow bodies from fast ones when the check is off. */
const DEFAULT_MIN_RATE = 1_024;

/** The process's open-file limit (Linux), or undefined where it cannot be read. */
function descriptorLimit(): number | undefined {
  try {
    const line = /^Max open files\s+(\d+)/m.exec(readFileSync("/proc/self/limits", "utf8"));
    return line ? Number(line[1]) : undefined;
  } catch {
    return undefined;
  }
}

type Connection = {
  address: string;
  /** Requests on it still being answered. */
  active: number;
  /** Requests it has sent. */
  requests: number;
  /** Over a cap: it gets a 503 (or /healthz) and is closed. */
  refused: boolean;
  /** No longer counted against the caps (closed, or being closed to make room). */
  released: boolean;
  /** The socket's bytes read when its last answer ended: where the next request began. */
  bytesBeforeRequest: number;
};

type Watched = {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  /** The socket's bytes read at the last sweep. */
  lastBytes: number;
  lastProgress: number;
  lastSweep: number;
  started: number;
  /** Body bytes seen so far (those that came with the headers too). */
  bodyBytes: number;
  /** Time counted against the client: not while the app left the body unread. */
  clientMs: number;
  /** Bytes ahead of the minimum rate (at most RATE_WINDOW_SECONDS of it); below zero, too slow. */
  credit: number;
};

const normalized = (address: string | undefined) => (address ?? "unknown").replace(/^::ffff:/, "");

export function guardConnections(server: http.Server, limits: ConnectionLimits, trustProxy: number) {
  const fdLimit = descriptorLimit();
  const maxConnections = fdLimit ? Math.max(1, Math.min(limits.maxConnections, fdLimit - RESERVED_DESCRIPTORS)) : limits.maxConnections;
  const connections = new Map<Socket, Connection>();
  /** Keep-alive connections between requests, oldest first: the first to go under pressure. */
  const idle = new Set<Socket>();
  /** Connections (or, behind proxies, requests in progress) per client address. */
  const perAddress = new Map<string, number>();
  let accepted = 0;
  let stopping = false;
  /** When the connection cap, or the cap on bodies being read, last refused someone. */
  let connectionCapRefusedAt = -Infinity;
  let bodyCapRefusedAt = -Infinity;

  // Node refuses outright (no answer) past this: a backstop for a flood of refused connections.
  server.maxConnections = maxConnections + Math.max(64, Math.ceil(maxConnections / 10));
  server.headersTimeout = limits.headersTimeoutMs;
  // Node's own bound for the whole request: only a backstop behind the body watch below.
  server.requestTimeout = limits.headersTimeoutMs + limits.bodyTimeoutMs + 1_000;

  const count = (address: string, delta: number) => {
    const next = (perAddress.get(address) ?? 0) + delta;
    if (next > 0) perAddress.set(address, next);
    else perAddress.delete(address);
  };

  server.on("connection", (socket: Socket) => {
    const address = normalized(socket.remoteAddress);
    if (accepted >= maxConnections) closeOldestIdle();
    const overCap = accepted >= maxConnections;
    if (overCap) connectionCapRefusedAt = performance.now();
    const refused = overCap || (trustProxy === 0 && (perAddress.get(address) ?? 0) >= limits.maxConnectionsPerAddress);
    const connection: Connection = { address, active: 0, requests: 0, refused, released: refused, bytesBeforeRequest: 0 };
    connections.set(socket, connection);
    if (refused) {
      setTimeout(() => socket.destroy(), REFUSED_GRACE_MS).unref();
    } else {
      accepted++;
      if (trustProxy === 0) count(address, 1);
    }
    socket.once("close", () => {
      connections.delete(socket);
      idle.delete(socket);
      release(connection);
    });
  });

  function release(connection: Connection) {
    if (connection.released) return;
    connection.released = true;
    accepted--;
    if (trustProxy === 0) count(connection.address, -1);
  }

  /** Makes room at once: the socket's 'close' comes later. */
  function closeOldestIdle() {
    const oldest = idle.values().next();
    if (oldest.done) return;
    idle.delete(oldest.value);
    const connection = connections.get(oldest.value);
    if (connection) release(connection);
    oldest.value.destroy();
  }

  // The body watch: one sweep over the requests whose body is still arriving.
  const watched = new Set<Watched>();
  const tick = Math.max(10, Math.min(1_000, Math.floor(limits.bodyIdleTimeoutMs / 4)));
  let sweeper: NodeJS.Timeout | undefined;

  const minRate = limits.bodyMinRate;
  const maxCredit = minRate * RATE_WINDOW_SECONDS;
  const slowRate = SLOW_READER_FACTOR * (minRate || DEFAULT_MIN_RATE);

  /**
   * The minimum rate, as a credit: every body byte adds one, every second after the body's
   * first takes `bodyMinRate`, and the credit is capped at RATE_WINDOW_SECONDS of the rate. A
   * body whose credit falls below zero is too slow. A form that arrives at once is complete
   * before any sweep; a 60 MB upload at 0.8 Mbit/s (100 KB/s) earns its full credit in a
   * tenth of a second and may then pause as long as the idle timeout allows. While the app
   * leaves the body unread (the socket is paused), the clock does not run against the client.
   */
  function sweep() {
    const now = performance.now();
    for (const entry of watched) {
      const { req, res } = entry;
      if (req.complete || req.socket.destroyed) {
        watched.delete(entry);
        continue;
      }
      const bytes = req.socket.bytesRead;
      const received = bytes - entry.lastBytes;
      const elapsed = now - entry.lastSweep;
      entry.lastBytes = bytes;
      entry.lastSweep = now;
      entry.bodyBytes += received;
      // Bytes the app has not read yet are the app's delay, not the client's.
      if (received > 0 || req.readableLength > 0) entry.lastProgress = now;
      // Node stops reading the socket once this much waits unread.
      const appBehind = req.readableLength >= req.readableHighWaterMark;
      const charged = appBehind ? 0 : Math.max(0, entry.clientMs + elapsed - RATE_GRACE_MS) - Math.max(0, entry.clientMs - RATE_GRACE_MS);
      if (!appBehind) entry.clientMs += elapsed;
      entry.credit = Math.min(maxCredit, entry.credit + received - (minRate * charged) / 1_000);
      const tooSlow = minRate > 0 && entry.credit < 0;
      if (tooSlow || now - entry.lastProgress >= limits.bodyIdleTimeoutMs || now - entry.started >= limits.bodyTimeoutMs) {
        watched.delete(entry);
        timeOut(req, res);
      }
    }
    if (watched.size === 0) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  }

  /** A body's average rate so far, in bytes per second of the time counted against its client. */
  const rateOf = (entry: Watched) =>
    ((entry.bodyBytes + entry.req.socket.bytesRead - entry.lastBytes) * 1_000) / Math.max(entry.clientMs, RATE_GRACE_MS);

  const done = (entry: Watched) => entry.req.complete || entry.req.socket.destroyed;

  /** Bodies still being read: those complete since the last sweep are let go first. */
  function readers(): number {
    if (watched.size >= limits.maxBodyReaders) for (const entry of watched) if (done(entry)) watched.delete(entry);
    return watched.size;
  }

  /** The body being read that is to make room: the oldest slow one, if any. */
  function slowestToClose(): Watched | undefined {
    for (const entry of watched) if (!done(entry) && rateOf(entry) < slowRate) return entry;
    return undefined;
  }

  /**
   * Watches a request's body. At the cap, the oldest slow body being read is answered 408 to
   * make room; when every one arrives fast, returns false: the new request is refused (503),
   * since cutting an upload that keeps up would waste all it sent.
   */
  function watchBody(req: http.IncomingMessage, res: http.ServerResponse, connection: Connection | undefined): boolean {
    const hasBody = req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
    if (!hasBody || req.complete) return true;
    if (readers() >= limits.maxBodyReaders) {
      const slow = slowestToClose();
      if (!slow) {
        bodyCapRefusedAt = performance.now();
        return false;
      }
      watched.delete(slow);
      timeOut(slow.req, slow.res);
    }
    const now = performance.now();
    const bytes = req.socket.bytesRead;
    // The part of the body that came with the headers counts: it is in bytesRead already.
    const withHeaders = Math.max(0, bytes - (connection?.bytesBeforeRequest ?? bytes) - headersLength(req));
    watched.add({
      req,
      res,
      lastBytes: bytes,
      lastProgress: now,
      lastSweep: now,
      started: now,
      bodyBytes: withHeaders,
      clientMs: 0,
      credit: Math.min(maxCredit, withHeaders),
    });
    sweeper ??= setInterval(sweep, tick).unref();
    return true;
  }

  /**
   * Tracks a request from its connection's point of view. Returns false when the connection
   * or the address is over its cap: the caller answers it at once (503) and the connection closes.
   */
  function admit(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const socket = req.socket;
    const connection = connections.get(socket);
    if (!connection) return true;
    idle.delete(socket);
    // No new request keeps a connection open past a stop; behind a balancer it reconnects elsewhere.
    if (stopping || connection.refused) res.setHeader("Connection", "close");
    if (connection.refused) return false;
    let address: string | undefined;
    if (trustProxy > 0) {
      address = resolveClientAddress(req.headers["x-forwarded-for"]?.toString() ?? null, socket.remoteAddress, trustProxy);
      if ((perAddress.get(address) ?? 0) >= limits.maxConnectionsPerAddress) {
        res.setHeader("Connection", "close");
        return false;
      }
      count(address, 1);
    }
    connection.active++;
    connection.requests++;
    res.once("close", () => {
      connection.active--;
      connection.bytesBeforeRequest = socket.bytesRead;
      if (address !== undefined) count(address, -1);
      if (connection.active > 0 || socket.destroyed) return;
      if (stopping) socket.destroySoon();
      else idle.add(socket);
    });
    if (watchBody(req, res, connection)) return true;
    res.setHeader("Connection", "close");
    return false;
  }

  /**
   * Why the process refuses pages now, or did within `recentMs`: every connection taken (none
   * idle to close), or every body being read arriving fast. The refusals of one address over
   * its own cap do not count: they say nothing of the process.
   */
  function refusing(recentMs: number): string | undefined {
    const now = performance.now();
    if ((accepted >= maxConnections && idle.size === 0) || now - connectionCapRefusedAt < recentMs) return "connection cap reached";
    if ((readers() >= limits.maxBodyReaders && !slowestToClose()) || now - bodyCapRefusedAt < recentMs) return "body reader cap reached";
    return undefined;
  }

  /**
   * A stop: every answer from now on closes its connection, and keep-alive connections with
   * nothing to do close now. One that has sent nothing at all gets a moment, then closes; one
   * whose request has begun to arrive is answered (or timed out by the headers timeout).
   */
  function stop() {
    stopping = true;
    for (const socket of idle) socket.destroy();
    idle.clear();
    const fresh = [...connections.entries()].filter(([, connection]) => connection.requests === 0);
    setTimeout(
      () => {
        for (const [socket, connection] of fresh) if (connection.requests === 0 && socket.bytesRead === 0) socket.destroy();
      },
      Math.min(STOP_FRESH_MS, limits.headersTimeoutMs),
    ).unref();
  }

  return {
    admit,
    stop,
    refusing,
    load: () => ({
      connections: accepted,
      refused: [...connections.values()].filter((c) => c.refused).length,
      idle: idle.size,
      watched: watched.size,
    }),
    maxConnections,
  };
}

/** The length of a request's head as sent (its request line and header lines), near enough. */
function headersLength(req: http.IncomingMessage): number {
  let length = (req.method?.length ?? 0) + (req.url?.length ?? 0) + 12;
  for (const part of req.rawHeaders) length += Buffer.byteLength(part) + 2;
  return length + 2;
}

/**
 * 408, and the connection closed once the answer is out: the rest of the body will never be
 * read. An answer already under way (a 413 draining its body) just loses its connection.
 */
function timeOut(req: http.IncomingMessage, res: http.ServerResponse) {
  const socket = req.socket;
  if (res.headersSent) return void socket.destroy();
  countShed("body_timeout");
  res.writeHead(408, { "Content-Type": "text/plain; charset=utf-8", Connection: "close", "Cache-Control": "no-store" });
  res.end("Request Timeout");
  setTimeout(() => socket.destroy(), REFUSED_GRACE_MS).unref();
}
