import { createReadStream, existsSync, promises as fs, readdirSync, statSync, type Stats } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { compressResponse, pickEncoding, type Coding } from "./compression.ts";
import { PRECOMPRESSED_EXTENSIONS } from "./precompress.ts";
import { ifNoneMatchHolds } from "#app/platform/http/etag.ts";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".xml": "application/xml",
  ".map": "application/json",
  ".webmanifest": "application/manifest+json",
};

export type StaticMount = {
  prefix: string;
  root: string;
  cacheControl: (relativePath: string) => string;
  /**
   * Every file under a root that does not change while the server runs (the build), from
   * indexFiles: a page request then costs no stat call (docs/adr/0033-uncached-pages.md).
   */
  files?: ReadonlyMap<string, Stats>;
};

/** The stat of every file below `root`, by absolute path, read once. */
export function indexFiles(root: string): Map<string, Stats> {
  const files = new Map<string, Stats>();
  if (!existsSync(root)) return files;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(file, statSync(file));
  }
  return files;
}

function statOf(file: string, files: ReadonlyMap<string, Stats> | undefined): Promise<Stats | null> | Stats | null {
  return files ? (files.get(file) ?? null) : fs.stat(file).catch(() => null);
}

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
    const stat = await statOf(file, mount.files);
    if (!stat?.isFile()) continue;
    await sendFile(req, res, file, stat, mount.cacheControl(relative), mount.files);
    return true;
  }
  return false;
}

const SUFFIX: Record<Coding, string> = { br: ".br", gzip: ".gz" };

/** What every response of a file shares: its build-time variants, validator parts and type. */
type FileInfo = { variants: Map<Coding, Stats>; codings: Coding[]; codingsKey: string; tag: string; lastModified: string; type: string };

/**
 * FileInfo of the files of an index, made once per file: the index does not change while the
 * server runs, and a revalidation then builds no strings but its ETag (the measured cost is in
 * docs/adr/0012-static-files-and-compression.md).
 */
const infoByIndex = new WeakMap<ReadonlyMap<string, Stats>, Map<string, FileInfo>>();

async function fileInfo(file: string, stat: Stats, files: ReadonlyMap<string, Stats> | undefined): Promise<FileInfo> {
  const known = files ? infoByIndex.get(files)?.get(file) : undefined;
  if (known) return known;
  const variants = await variantsOf(file, files);
  const info: FileInfo = {
    variants,
    codings: [...variants.keys()],
    codingsKey: [...variants.keys()].join(),
    tag: `${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}`,
    lastModified: stat.mtime.toUTCString(),
    type: TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream",
  };
  if (files) {
    let byFile = infoByIndex.get(files);
    if (!byFile) infoByIndex.set(files, (byFile = new Map()));
    byFile.set(file, info);
  }
  return info;
}

/** The precompressed variants written at build time (server/precompress.ts) next to `file`. */
async function variantsOf(file: string, files: ReadonlyMap<string, Stats> | undefined): Promise<Map<Coding, Stats>> {
  const variants = new Map<Coding, Stats>();
  if (!PRECOMPRESSED_EXTENSIONS.has(path.extname(file).toLowerCase())) return variants;
  for (const coding of ["br", "gzip"] as const) {
    const stat = await statOf(file + SUFFIX[coding], files);
    if (stat?.isFile()) variants.set(coding, stat);
  }
  return variants;
}

/** pickEncoding by Accept-Encoding value: browsers send a handful of distinct ones. */
const encodingOf = new Map<string, Coding | null>();

function negotiate(acceptEncoding: string | undefined, info: FileInfo): Coding | null {
  if (!acceptEncoding) return null;
  const key = `${info.codingsKey}|${acceptEncoding}`;
  let coding = encodingOf.get(key);
  if (coding === undefined) {
    // Bounded: a client inventing a new header per request must not grow it without end.
    if (encodingOf.size >= 256) encodingOf.clear();
    encodingOf.set(key, (coding = pickEncoding(acceptEncoding, info.codings)));
  }
  return coding;
}

/** RFC 9110 §13.1.3: If-Modified-Since counts only without If-None-Match, to the second. */
function notModified(req: IncomingMessage, etag: string, mtime: Date): boolean {
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch) return ifNoneMatch === etag || ifNoneMatchHolds(ifNoneMatch, etag);
  const since = Date.parse(req.headers["if-modified-since"] ?? "");
  return Number.isFinite(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
}

async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  stat: Stats,
  cacheControl: string,
  files: ReadonlyMap<string, Stats> | undefined,
): Promise<void> {
  const info = await fileInfo(file, stat, files);
  const coding = info.codings.length ? negotiate(req.headers["accept-encoding"], info) : null;
  const sent = coding ? { file: file + SUFFIX[coding], size: info.variants.get(coding)!.size } : { file, size: stat.size };
  // One ETag per representation: a cache must not answer a gzip request with brotli bytes.
  const etag = `W/"${info.tag}${coding ? `-${coding}` : ""}"`;
  res.setHeader("Cache-Control", cacheControl);
  res.setHeader("ETag", etag);
  res.setHeader("Last-Modified", info.lastModified);
  if (info.codings.length) res.setHeader("Vary", "Accept-Encoding");
  if (notModified(req, etag, stat.mtime)) {
    res.writeHead(304);
    res.end();
    return;
  }
  // Files without build-time variants (public files in a dev build, uploaded SVG) are compressed on the fly.
  if (!info.codings.length) compressResponse(req, res);
  const headers: Record<string, string> = {
    "Content-Type": info.type,
    "Content-Length": String(sent.size),
    "X-Content-Type-Options": "nosniff",
  };
  if (coding) headers["Content-Encoding"] = coding;
  res.writeHead(200, headers);
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  await new Promise<void>((resolve) => {
    const stream = createReadStream(sent.file);
    stream.on("error", () => {
      res.destroy();
      resolve();
    });
    stream.on("end", resolve);
    stream.pipe(res);
  });
}
