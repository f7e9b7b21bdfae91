// A server process for bench/static-files.ts: serves `<dir>/assets/` and a compressed page at
// `/page` with the portal's own code (server/static.ts, server/compression.ts) or with the
// libraries it is compared against (sirv, compression), so the bench can read its CPU time.
//
//   node bench/static-server.ts <ours|library> <port> <dir>
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import compression from "compression";
import sirv from "sirv";
import { compressResponse } from "../server/compression.ts";
import { indexFiles, serveStatic, type StaticMount } from "../server/static.ts";

const [kind, portArg, dir] = process.argv.slice(2);
if ((kind !== "ours" && kind !== "library") || !portArg || !dir) throw new Error("usage: static-server.ts <ours|library> <port> <dir>");
const IMMUTABLE = "public, max-age=31536000, immutable";
const STREAM_PAUSE_MS = 100;
const page = readFileSync(path.join(dir, "page.html"));

function sendPage(res: http.ServerResponse): void {
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": String(page.length) });
  res.end(page);
}

/** A page streamed like a server render: the shell at once, the rest when its data is there. */
function streamPage(res: http.ServerResponse): void {
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
  res.write(page.subarray(0, 4096));
  setTimeout(() => res.end(page.subarray(4096)), STREAM_PAUSE_MS);
}

function oursHandler(): http.RequestListener {
  const root = path.join(dir!, "assets");
  const mounts: StaticMount[] = [{ prefix: "/assets/", root, cacheControl: () => IMMUTABLE, files: indexFiles(root) }];
  return async (req, res) => {
    if (req.url === "/page" || req.url === "/stream") {
      compressResponse(req, res);
      return req.url === "/page" ? sendPage(res) : streamPage(res);
    }
    if (!(await serveStatic(req, res, mounts))) res.writeHead(404).end();
  };
}

function libraryHandler(): http.RequestListener {
  // sirv indexes the files once (dev: false) like indexFiles, and picks the build's .br/.gz.
  const assets = sirv(dir, { brotli: true, gzip: true, etag: true, maxAge: 31_536_000, immutable: true, dev: false });
  const compress = compression({ threshold: 0 });
  return (req, res) => {
    if (req.url === "/page" || req.url === "/stream") {
      compress(req as never, res as never, () => (req.url === "/page" ? sendPage(res) : streamPage(res)));
      return;
    }
    assets(req, res, () => {
      res.writeHead(404).end();
    });
  };
}

http.createServer(kind === "ours" ? oursHandler() : libraryHandler()).listen(Number(portArg), "127.0.0.1", () => process.send?.("ready"));
