import type { IncomingMessage, ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import { isSafeName, type ImageStore } from "#app/platform/images/storage.server.ts";

const PREFIX = "/uploads/";
const TYPES: Record<string, string> = { webp: "image/webp", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg" };

/**
 * `/uploads/...` streamed from an object store (S3_BUCKET without S3_PUBLIC_URL, or an old
 * link): the same immutable caching as the local directory. Answers true when it did.
 */
export async function serveStoredUpload(
  req: IncomingMessage,
  res: ServerResponse,
  store: ImageStore,
  cacheControl: string,
): Promise<boolean> {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  let name: string;
  try {
    name = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
  } catch {
    return false;
  }
  if (!name.startsWith(PREFIX)) return false;
  name = name.slice(PREFIX.length);
  const type = TYPES[name.slice(name.lastIndexOf(".") + 1).toLowerCase()];
  if (!type || !isSafeName(name)) return false;

  const ifNoneMatch = req.headers["if-none-match"];
  const object = await store.get(name, typeof ifNoneMatch === "string" ? ifNoneMatch : undefined);
  if (object === null) return false;
  if (object === "not-modified") {
    res.writeHead(304, { "Cache-Control": cacheControl, ETag: ifNoneMatch });
    res.end();
    return true;
  }
  res.writeHead(200, {
    "Content-Type": type,
    "Content-Length": String(object.size),
    "Cache-Control": cacheControl,
    ETag: object.etag,
    "Last-Modified": object.lastModified.toUTCString(),
    "X-Content-Type-Options": "nosniff",
  });
  if (req.method === "HEAD") {
    object.body.destroy();
    res.end();
    return true;
  }
  // A client gone mid-stream is no server error; the object stream is closed by pipeline.
  await pipeline(object.body, res).catch(() => res.destroy());
  return true;
}
