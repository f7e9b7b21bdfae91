import { createReadStream, promises as fs } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { compressResponse } from "./compression.ts";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
  ".map": "application/json",
  ".webmanifest": "application/manifest+json",
};

export type StaticMount = { prefix: string; root: string; cacheControl: (relativePath: string) => string };

/** Serves a file under one of the mounts, answering true when it did; never escapes its root. */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, mounts: StaticMount[]): Promise<boolean> {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
  } catch {
    return false;
  }
  if (pathname.includes("\0")) return false;
  for (const mount of mounts) {
    if (!pathname.startsWith(mount.prefix)) continue;
    const relative = pathname.slice(mount.prefix.length);
    const file = path.resolve(mount.root, `.${path.posix.normalize(`/${relative}`)}`);
    if (!file.startsWith(path.resolve(mount.root) + path.sep)) continue;
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) continue;
    const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    res.setHeader("Cache-Control", mount.cacheControl(relative));
    res.setHeader("ETag", etag);
    res.setHeader("Last-Modified", stat.mtime.toUTCString());
    if (req.headers["if-none-match"] === etag) {
      res.writeHead(304);
      res.end();
      return true;
    }
    const type = TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
    compressResponse(req, res);
    res.writeHead(200, { "Content-Type": type, "Content-Length": String(stat.size), "X-Content-Type-Options": "nosniff" });
    if (req.method === "HEAD") {
      res.end();
      return true;
    }
    await new Promise<void>((resolve) => {
      const stream = createReadStream(file);
      stream.on("error", () => {
        res.destroy();
        resolve();
      });
      stream.on("end", resolve);
      stream.pipe(res);
    });
    return true;
  }
  return false;
}
