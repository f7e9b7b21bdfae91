import http from "node:http";
import net from "node:net";
import path from "node:path";
import { createRequestListener } from "@react-router/node";
import { activityAlternate } from "./activity-negotiation.ts";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { sql } from "kysely";
import type { Database } from "#db/connection.ts";
import { isConnectionError, RETRY_AFTER_SECONDS } from "#db/resilience.ts";
import { resolveClientAddress } from "#app/platform/http/client-address.server.ts";
import { runBeforeDatabaseClose } from "#app/platform/db/db.server.ts";
import { HEAD_REQUEST_HEADER } from "#app/platform/http/head-request.ts";
import { CONNECTION_DEFAULTS, DEFAULT_MAX_IN_FLIGHT, DEFAULT_MAX_IN_FLIGHT_EMBEDDED } from "#app/platform/config/config.server.ts";
import { embedContentSecurityPolicy, isEmbedPath, staticSecurityHeaders } from "#app/platform/http/security-headers.server.ts";
import { createAdmission, type AdmissionLimits } from "./admission.ts";
import { sendBusy } from "./busy-page.ts";
import { compressResponse } from "./compression.ts";
import { guardConnections, type ConnectionLimits } from "./connections.ts";
import { originForm, repairedPath, UNSERVED_METHODS } from "./request-target.ts";
import { indexFiles, serveStatic, type StaticMount } from "./static.ts";
import { serveStoredUpload } from "./uploads.ts";
import type { ImageStore } from "#app/platform/images/storage.server.ts";
import { accessLogger, logger as processLogger } from "#app/platform/logger/logger.server.ts";
import { countShed } from "#app/platform/metrics/metrics.server.ts";
import type { Logger } from "pino";
import { loggedPath, routeLabeler, trackRequest } from "./request-log.ts";

type AppServerOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  database: Database;
  clientDir: string;
  uploadsDir: string;
  /** Images in a bucket are streamed from it at /uploads; a local store is the `uploadsDir` mount. */
  imageStore?: ImageStore;
  /** Lines about the server's life (stopping, stopped); the process's logger at info by default. */
  log?: (line: string) => void;
  /** The errors of requests, and the access log unless `accessLog` says: the process's logger by default. */
  logger?: Logger;
  /** The access log (one line per request): the process's buffered access logger, or `logger` when one is given. */
  accessLog?: Logger;
  /** Errors that escaped the app reach the error tracker too (server/main.ts: Sentry when SENTRY_DSN is set). */
  reportError?: (error: unknown) => void;
  /** Reverse proxies in front (TRUST_PROXY): how far into X-Forwarded-For the client address is. */
  trustProxy?: number;
  /** The public origin (config.origin): the origin of every request URL the app sees; https adds HSTS. */
  origin: string;
  /** Load shedding (server/admission.ts); every limit has a default, maxInFlight by database kind. */
  admission?: Partial<AdmissionLimits>;
  /** Timeouts and connection caps (server/connections.ts); every limit has a default. */
  connections?: Partial<ConnectionLimits>;
  /**
   * A request's load context from its own values: the built app's createLoadContext with the
   * services made at start (server/main.ts). Without it (tests of the server alone) an empty one.
   */
  loadContext?: (request: RequestValues) => RouterContextProvider | Promise<RouterContextProvider>;
  /** Work to finish before the database closes: the built app's runBeforeDatabaseClose (tests: this module's). */
  beforeDatabaseClose?: () => Promise<void>;
};

/** What the server knows of a request that the app wants in its context. */
type RequestValues = { buildId: string | null; clientAddress: string };

const YEAR = 365 * 24 * 60 * 60;

/** The line absorbs a burst of 8x the requests in flight, each waiting at most this long. */
const MAX_QUEUE_WAIT_MS = 2_000;
/** How long a keep-alive connection may sit between requests. */
const KEEP_ALIVE_MS = 5_000;

const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: CONNECTION_DEFAULTS.HEADERS_TIMEOUT * 1000,
  bodyIdleTimeoutMs: CONNECTION_DEFAULTS.BODY_IDLE_TIMEOUT * 1000,
  bodyTimeoutMs: CONNECTION_DEFAULTS.BODY_TIMEOUT * 1000,
  maxConnections: CONNECTION_DEFAULTS.MAX_CONNECTIONS,
  maxConnectionsPerAddress: CONNECTION_DEFAULTS.MAX_CONNECTIONS_PER_ADDRESS,
  bodyMinRate: CONNECTION_DEFAULTS.BODY_MIN_RATE,
  maxBodyReaders: CONNECTION_DEFAULTS.MAX_BODY_READERS,
};

/**
 * /healthz says "degraded" while the process refuses pages, and this long after it last did:
 * a load balancer then sees what a visitor sees, not a health check that passes while every
 * page gets a 503.
 */
const DEGRADED_AFTER_REFUSAL_MS = 1_000;

export function createAppServer({
  build,
  database,
  clientDir,
  uploadsDir,
  imageStore,
  log = (line) => processLogger.info(line),
  logger = processLogger,
  accessLog = logger === processLogger ? accessLogger : logger,
  reportError = () => {},
  trustProxy = 0,
  origin,
  admission: limits,
  connections,
  loadContext = () => new RouterContextProvider(),
  beforeDatabaseClose = runBeforeDatabaseClose,
}: AppServerOptions) {
  const securityHeaders = Object.entries(staticSecurityHeaders(origin));
  const embedPolicy = embedContentSecurityPolicy();
  const immutable = `public, max-age=${YEAR}, immutable`;
  const remoteImages = imageStore && imageStore.kind !== "local" ? imageStore : undefined;
  // A built app's files do not change while the server runs: they are listed once.
  const buildFiles = typeof build === "function" ? undefined : indexFiles(clientDir);
  const mounts: StaticMount[] = [
    // Hashed file names never change: cache them for good.
    { prefix: "/assets/", root: path.join(clientDir, "assets"), cacheControl: () => immutable, files: buildFiles },
    // Uploaded images get a fresh random key on every upload, so they are immutable too.
    ...(remoteImages ? [] : [{ prefix: "/uploads/", root: uploadsDir, cacheControl: () => immutable }]),
    { prefix: "/", root: clientDir, cacheControl: () => "public, max-age=3600", files: buildFiles },
  ];
  // The running build's id answers /builds/latest.json (new-build detection).
  const buildId = typeof build === "function" ? null : build.assets.version;
  const maxInFlight = limits?.maxInFlight ?? (database.kind === "pglite" ? DEFAULT_MAX_IN_FLIGHT_EMBEDDED : DEFAULT_MAX_IN_FLIGHT);
  const admission = createAdmission({
    maxInFlight,
    maxQueued: limits?.maxQueued ?? maxInFlight * 8,
    maxWaitMs: limits?.maxWaitMs ?? MAX_QUEUE_WAIT_MS,
  });
  /** A waiting request leaves the line when its client hangs up (or already has: 'close' fires once). */
  const whenClosed = (res: http.ServerResponse) => (onClose: () => void) => {
    if (res.destroyed) {
      onClose();
      return () => {};
    }
    res.once("close", onClose);
    return () => void res.off("close", onClose);
  };
  // Request URLs are built on the public origin, never on Host or X-Forwarded-Host: loaders,
  // the page cache and React Router's action Origin check then all see the configured origin,
  // whatever host name a client (or a DNS-rebinding page) sent. @react-router/node builds the
  // URL from the Host header and the socket's `encrypted`: both are set from the origin below.
  const publicUrl = new URL(origin);
  const secureOrigin = publicUrl.protocol === "https:";
  const routeOf = routeLabeler(build);
  const handleApp = createRequestListener({
    build,
    getLoadContext: (request, client) =>
      loadContext({ buildId, clientAddress: resolveClientAddress(request.headers.get("x-forwarded-for"), client.address, trustProxy) }),
  });

  const connectionLimits = { ...DEFAULT_CONNECTION_LIMITS, ...connections };
  const isHealthy = healthChecker(database);
  let draining = false;

  // Timeouts are checked this often (Node's default, 30 s, would let a 10 s timeout run to 40 s).
  const connectionsCheckingInterval = Math.max(10, Math.min(1_000, Math.floor(connectionLimits.headersTimeoutMs / 4)));
  const server = http.createServer({ connectionsCheckingInterval, keepAliveTimeout: KEEP_ALIVE_MS }, async (req, res) => {
    // Set before any handler writes its head, so static files, pages and errors all carry them.
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    const request = trackRequest(req, res, accessLog);
    try {
      const admitted = guard.admit(req, res);
      // A stopping process answers 503, so a load balancer sends its next requests elsewhere;
      // so does one refusing pages, before asking the database anything.
      if (req.url === "/healthz") {
        request.servedBy("healthz");
        if (draining) return healthCheck(database, res, { status: "unavailable" });
        const degraded = (admission.shedding(DEGRADED_AFTER_REFUSAL_MS) && "shedding pages") || guard.refusing(DEGRADED_AFTER_REFUSAL_MS);
        if (degraded) return healthCheck(database, res, { status: "degraded", reason: degraded });
        return healthCheck(database, res, (await isHealthy()) ? { status: "ok" } : { status: "unavailable" });
      }
      if (!admitted) {
        countShed("connections");
        request.servedBy("shed");
        return sendBusy(req, res);
      }
      request.servedBy("refused");
      if (UNSERVED_METHODS.has(req.method ?? ""))
        return void res.writeHead(405, { Allow: "GET, HEAD, POST", "Content-Type": "text/plain; charset=utf-8" }).end("Method Not Allowed");
      const target = originForm(req.url ?? "/");
      if (target === null) return void res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" }).end("Bad Request");
      req.url = target;
      const repaired = repairedPath(target);
      if (repaired !== null) return void res.writeHead(308, { Location: repaired, "Content-Length": "0" }).end();
      // Only this server may mark a request as a HEAD run as a GET.
      delete req.headers[HEAD_REQUEST_HEADER];
      request.servedBy("static");
      if (remoteImages && (await serveStoredUpload(req, res, remoteImages, immutable))) return;
      if (await serveStatic(req, res, mounts)) return;
      request.servedBy(routeOf(loggedPath(target)));
      // Reads are what a crowd sends; a write may stream a large upload for a long time, and
      // holding a turn meanwhile would let a few slow senders stall every page.
      if (req.method === "GET" || req.method === "HEAD") {
        const release = await admission.acquire(whenClosed(res));
        if (!release) {
          countShed("admission");
          request.servedBy("shed");
          return sendBusy(req, res);
        }
        // A client gone before its turn began never fires 'close' again: the turn would leak.
        if (res.destroyed) return release();
        res.once("close", release);
      }
      // A small body is read whole before the app sees its request: one that trickles in holds
      // a socket and a few bytes, never a request in the app with its session and its memory.
      const arriving = smallBodyArrived(req);
      if (arriving) {
        await arriving;
        // Answered meanwhile (408 from the body watch), or the client left.
        if (res.headersSent || res.destroyed) return;
      }
      compressResponse(req, res);
      drainRefusedBody(req, res);
      if (req.method === "HEAD") {
        // React Router answers HEAD without rendering, so without the headers the page sets
        // (Content-Type, Cache-Control, ETag). As a GET it gets them all; Node decided when
        // the response was created that a HEAD response has no body, and drops it.
        req.method = "GET";
        req.headers[HEAD_REQUEST_HEADER] = "1";
      }
      const alternate = activityAlternate(target.split("?", 1)[0]!, req.headers.accept);
      if (alternate) {
        res.writeHead(303, { Location: alternate, Vary: "Accept", "Cache-Control": "no-store" });
        return void res.end();
      }
      req.headers.host = publicUrl.host;
      // The one page other sites may frame: no X-Frame-Options, and a policy allowing any
      // ancestor (a document the app renders at such a path still sends its own, refusing).
      if (isEmbedPath(target.split("?", 1)[0]!)) {
        res.removeHeader("X-Frame-Options");
        res.setHeader("Content-Security-Policy", embedPolicy);
      }
      // A TLS-ending proxy in front: the request is https for the app, whatever the socket is.
      if (secureOrigin && !("encrypted" in req.socket)) Object.defineProperty(req.socket, "encrypted", { value: true });
      await handleApp(req, res);
    } catch (error) {
      logger.error({ err: error, reqId: request.id }, "request failed");
      reportError(error);
      // A database fault that escaped the app (db/resilience.ts) is an outage, not a bug.
      const unavailable = isConnectionError(error);
      if (!res.headersSent) {
        res.writeHead(unavailable ? 503 : 500, {
          "Content-Type": "text/plain; charset=utf-8",
          ...(unavailable ? { "Retry-After": String(RETRY_AFTER_SECONDS) } : {}),
        });
      }
      if (unavailable) return void res.end("Service Unavailable");
      res.end("Internal Server Error");
    }
  });
  const guard = guardConnections(server, connectionLimits, trustProxy);

  let stopping: Promise<void> | undefined;
  /**
   * Stop accepting, answer every request already received (those waiting for a turn too) within
   * `graceMs`, close keep-alive connections as they fall idle, then close the database.
   */
  function shutdown(graceMs = 10_000): Promise<void> {
    stopping ??= new Promise<void>((resolve) => {
      log("shutting down: finishing in-flight requests");
      draining = true;
      guard.stop();
      const force = setTimeout(() => server.closeAllConnections(), graceMs);
      force.unref();
      // Connections the kernel completed before the stop are taken in first: closing the
      // listening socket resets every one still waiting in its queue, request and all. Then
      // net.Server's close, not http.Server's: that one also closes every connection without a
      // request in progress, including those whose request has arrived but not yet been read.
      // Half the grace at most: the other half is for answering them.
      void acceptQueued(server, graceMs / 2).then(() => {
        net.Server.prototype.close.call(server, async () => {
          clearTimeout(force);
          // Acknowledged but batched work (view counters) goes in before the database closes.
          await beforeDatabaseClose();
          await database.close().catch((error: unknown) => logger.error({ err: error }, "closing the database"));
          log("stopped");
          resolve();
        });
      });
    });
    return stopping;
  }

  return { server, shutdown, load: admission.load, connections: guard.load };
}

/**
 * Waits while the event loop keeps accepting connections (at most `limitMs`): each round lets
 * one poll phase run; a round that accepts nothing means the queue is empty. A busy process
 * takes in only a few connections per turn of its loop, so one round is not enough.
 */
async function acceptQueued(server: http.Server, limitMs: number): Promise<void> {
  let accepted = 0;
  const count = () => void accepted++;
  server.on("connection", count);
  const turn = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));
  const deadline = performance.now() + limitMs;
  let seen = -1;
  while (accepted !== seen && performance.now() < deadline) {
    seen = accepted;
    await turn();
  }
  server.off("connection", count);
}

/**
 * For a body with a Content-Length that fits the request stream's buffer: resolves once all of
 * it waits unread in that buffer (or the request is gone), so the app reads it at once. Larger
 * and chunked bodies (uploads) stream to the app as they come: they would not fit.
 */
function smallBodyArrived(req: http.IncomingMessage): Promise<void> | undefined {
  const length = Number(req.headers["content-length"] ?? 0);
  if (req.complete || !(length > 0) || length > req.readableHighWaterMark || req.headers["transfer-encoding"] !== undefined)
    return undefined;
  return new Promise((resolve) => {
    const check = () => {
      // read(0) takes nothing: it only asks the stream to say 'readable' at the next chunk.
      if (req.readableLength < length && !req.complete && !req.destroyed) return void req.read(0);
      req.off("readable", check);
      req.off("close", check);
      resolve();
    };
    req.on("readable", check);
    req.on("close", check);
    check();
  });
}

/**
 * A body refused unread (413 from its Content-Length, or cut off at the size limit) is
 * drained and dropped once the answer is sent, never buffered: the client reads its answer
 * and the connection stays usable, instead of being reset with the body still in flight.
 */
function drainRefusedBody(req: http.IncomingMessage, res: http.ServerResponse) {
  res.once("finish", () => {
    if (req.complete) return;
    req.removeAllListeners("data");
    req.on("data", () => {});
    req.resume();
  });
}

/** A database check this recent answers /healthz; half that old, a new one starts in the background. */
const HEALTH_FRESH_MS = 2_000;

/**
 * Whether the database answers, from a check at most HEALTH_FRESH_MS old: under a crowd the
 * check's `select 1` waits behind the pages' queries (on the embedded database's single
 * connection, behind all of them), and a load balancer must not read that wait as a dead
 * instance. A failed check counts at once; concurrent probes share one check.
 */
function healthChecker(database: Database): () => Promise<boolean> {
  let okAt = -Infinity;
  let running: Promise<boolean> | undefined;
  const check = () =>
    (running ??= sql`select 1`
      .execute(database.db)
      .then(
        () => ((okAt = performance.now()), true),
        () => ((okAt = -Infinity), false),
      )
      .finally(() => (running = undefined)));
  return async () => {
    const age = performance.now() - okAt;
    if (age >= HEALTH_FRESH_MS) return check();
    if (age >= HEALTH_FRESH_MS / 2) void check();
    return true;
  };
}

/** ok; unavailable (stopping, or the database does not answer); degraded (refusing pages, and why). */
type Health = { status: "ok" } | { status: "unavailable" } | { status: "degraded"; reason: string };

function healthCheck(database: Database, res: http.ServerResponse, health: Health) {
  if (health.status === "ok") {
    res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
  } else {
    res.writeHead(503, { "Content-Type": "application/json", "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_SECONDS) });
  }
  res.end(JSON.stringify({ ...health, database: database.kind }));
}
