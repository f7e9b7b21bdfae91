import http from "node:http";
import path from "node:path";
import { createRequestListener } from "@react-router/node";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { sql } from "kysely";
import type { Database } from "../db/connection.ts";
import { clientAddressContext, resolveClientAddress } from "../app/modules/http/client-address.server.ts";
import { buildIdContext } from "../app/modules/build-info/build-id.server.ts";
import { compressResponse } from "./compression.ts";
import { serveStatic, type StaticMount } from "./static.ts";

type AppServerOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  database: Database;
  clientDir: string;
  uploadsDir: string;
  log?: (line: string) => void;
  /** Reverse proxies in front (TRUST_PROXY): how far into X-Forwarded-For the client address is. */
  trustProxy?: number;
};

const YEAR = 365 * 24 * 60 * 60;

export function createAppServer({ build, database, clientDir, uploadsDir, log = console.log, trustProxy = 0 }: AppServerOptions) {
  const mounts: StaticMount[] = [
    // Hashed file names never change: cache them for good.
    { prefix: "/assets/", root: path.join(clientDir, "assets"), cacheControl: () => `public, max-age=${YEAR}, immutable` },
    // Uploaded images get a fresh random key on every upload, so they are immutable too.
    { prefix: "/uploads/", root: uploadsDir, cacheControl: () => `public, max-age=${YEAR}, immutable` },
    { prefix: "/", root: clientDir, cacheControl: () => "public, max-age=3600" },
  ];
  // The running build's id answers /builds/latest.json (new-build detection, SPEC §4).
  const buildId = typeof build === "function" ? null : build.assets.version;
  const handleApp = createRequestListener({
    build,
    getLoadContext: (request, client) => {
      const context = new RouterContextProvider();
      context.set(buildIdContext, buildId);
      context.set(clientAddressContext, resolveClientAddress(request.headers.get("x-forwarded-for"), client.address, trustProxy));
      return context;
    },
  });

  const server = http.createServer(async (req, res) => {
    try {
      if (req.url === "/healthz") return await healthCheck(database, res);
      if (await serveStatic(req, res, mounts)) return;
      compressResponse(req, res);
      await handleApp(req, res);
    } catch (error) {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      res.end("Internal Server Error");
    }
  });
  server.keepAliveTimeout = 5_000;

  let stopping: Promise<void> | undefined;
  /** Stop accepting, let in-flight requests finish (up to `graceMs`), then close the database. */
  function shutdown(graceMs = 10_000): Promise<void> {
    stopping ??= new Promise<void>((resolve) => {
      log("shutting down: finishing in-flight requests");
      const force = setTimeout(() => server.closeAllConnections(), graceMs);
      force.unref();
      server.close(async () => {
        clearTimeout(force);
        await database.close().catch((error) => console.error(error));
        log("stopped");
        resolve();
      });
      server.closeIdleConnections();
    });
    return stopping;
  }

  return { server, shutdown };
}

async function healthCheck(database: Database, res: http.ServerResponse) {
  try {
    await sql`select 1`.execute(database.db);
    res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    res.end(JSON.stringify({ status: "ok", database: database.kind }));
  } catch {
    res.writeHead(503, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    res.end(JSON.stringify({ status: "unavailable", database: database.kind }));
  }
}
