// Connection limits (docs/adr/0001-connection-limits.md). Facing the internet directly,
// connections that sent a POST's headers and never its body used up every file descriptor:
// Node's default request timeout held each one for minutes, and nothing capped connections per
// address or in total. Now a request whose headers or body stall is answered 408 and its
// connection closed, one address may hold only so many connections, and all of them together
// stay below the descriptor limit: past a cap, keep-alive connections with nothing to do are
// closed first, and only then is a new connection refused (a quick 503, or nothing when it
// sends nothing).
import { readFileSync } from "node:fs";
import type http from "node:http";
import type { Socket } from "node:net";
import { resolveClientAddress } from "#app/modules/http/client-address.server.ts";

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
};

/** How long a refused connection may take to send a request that is then answered 503. */
const REFUSED_GRACE_MS = 1_000;
/** How long, after a stop, a connection that has sent nothing yet may still send its request. */
const STOP_FRESH_MS = 2_000;
/** Descriptors kept for everything else: the database, files being served, refused connections. */
const RESERVED_DESCRIPTORS = 1_024;

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
};

type Watched = { req: http.IncomingMessage; res: http.ServerResponse; lastBytes: number; lastProgress: number; started: number };

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
    const refused = accepted >= maxConnections || (trustProxy === 0 && (perAddress.get(address) ?? 0) >= limits.maxConnectionsPerAddress);
    const connection: Connection = { address, active: 0, requests: 0, refused, released: refused };
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

  function sweep() {
    const now = Date.now();
    for (const entry of watched) {
      const { req, res } = entry;
      if (req.complete || req.socket.destroyed) {
        watched.delete(entry);
        continue;
      }
      const bytes = req.socket.bytesRead;
      // Bytes the app has not read yet are the app's delay, not the client's.
      if (bytes !== entry.lastBytes || req.readableLength > 0) {
        entry.lastBytes = bytes;
        entry.lastProgress = now;
      }
      if (now - entry.lastProgress >= limits.bodyIdleTimeoutMs || now - entry.started >= limits.bodyTimeoutMs) {
        watched.delete(entry);
        timeOut(req, res);
      }
    }
    if (watched.size === 0) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  }

  function watchBody(req: http.IncomingMessage, res: http.ServerResponse) {
    const hasBody = req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
    if (!hasBody || req.complete) return;
    const now = Date.now();
    watched.add({ req, res, lastBytes: req.socket.bytesRead, lastProgress: now, started: now });
    sweeper ??= setInterval(sweep, tick).unref();
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
      if (address !== undefined) count(address, -1);
      if (connection.active > 0 || socket.destroyed) return;
      if (stopping) socket.destroySoon();
      else idle.add(socket);
    });
    watchBody(req, res);
    return true;
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
    setTimeout(() => {
      for (const [socket, connection] of fresh) if (connection.requests === 0 && socket.bytesRead === 0) socket.destroy();
    }, Math.min(STOP_FRESH_MS, limits.headersTimeoutMs)).unref();
  }

  return { admit, stop, load: () => ({ connections: accepted, refused: [...connections.values()].filter((c) => c.refused).length, idle: idle.size, watched: watched.size }), maxConnections };
}

/**
 * 408, and the connection closed once the answer is out: the rest of the body will never be
 * read. An answer already under way (a 413 draining its body) just loses its connection.
 */
function timeOut(req: http.IncomingMessage, res: http.ServerResponse) {
  const socket = req.socket;
  if (res.headersSent) return void socket.destroy();
  res.writeHead(408, { "Content-Type": "text/plain; charset=utf-8", Connection: "close", "Cache-Control": "no-store" });
  res.end("Request Timeout");
  setTimeout(() => socket.destroy(), REFUSED_GRACE_MS).unref();
}
