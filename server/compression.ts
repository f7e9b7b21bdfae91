import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import zlib from "node:zlib";

const COMPRESSIBLE =
  /^(text\/(html|plain|css|xml|x-script|javascript|calendar)|application\/(json|xml|rss\+xml|javascript|manifest\+json)|image\/svg\+xml)/i;

export type Coding = "br" | "gzip";

/**
 * The best of `available` codings for an Accept-Encoding header (RFC 9110 §12.5.3): the
 * highest q-value wins, brotli before gzip on a tie; null means the raw body. An unlisted
 * identity is acceptable but least preferred; a listed one competes with its q-value.
 */
export function pickEncoding(acceptEncoding: string | undefined, available: readonly Coding[] = ["br", "gzip"]): Coding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [coding = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (!coding) continue;
    const q = params.find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(coding, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get("*") ?? 0;
  let best: Coding | null = null;
  let bestWeight = 0;
  for (const coding of (["br", "gzip"] as const).filter((c) => available.includes(c))) {
    const weight = weightOf(coding);
    if (weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  const identity = weights.get("identity");
  return identity !== undefined && identity > bestWeight ? null : best;
}

/**
 * Compresses what a handler writes through `res` (HTML, JSON, turbo-stream data, XML) when the
 * client accepts br or gzip. It hooks writeHead because the request listener passes headers
 * there; each chunk is flushed so streamed HTML still arrives progressively.
 */
export function compressResponse(req: IncomingMessage, res: ServerResponse): void {
  // HEAD gets the headers GET would get; Node drops its body, so nothing is compressed.
  const head = req.method === "HEAD";
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  if (!encoding) return;
  const originalWriteHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const originalWrite = res.write.bind(res) as (chunk: unknown) => boolean;
  const originalEnd = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let compressor: zlib.BrotliCompress | zlib.Gzip | null = null;

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = (typeof rest[rest.length - 1] === "object" && rest[rest.length - 1] !== null ? rest.pop() : {}) as OutgoingHttpHeaders;
    // Header names are case-insensitive: serveStatic passes "Content-Type", React Router "content-type".
    const header = (name: string) => {
      const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
      return key === undefined ? res.getHeader(name) : headers[key];
    };
    const type = String(header("content-type") ?? "");
    if (COMPRESSIBLE.test(type) && !header("content-encoding") && status !== 204 && status !== 304) {
      for (const key of Object.keys(headers)) if (key.toLowerCase() === "content-length") delete headers[key];
      res.removeHeader("content-length");
      headers["content-encoding"] = encoding;
      const vary = header("vary");
      headers["vary"] = vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
      if (head) return originalWriteHead(status, ...rest, headers);
      compressor =
        encoding === "br"
          ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
          : zlib.createGzip({ level: 6 });
      compressor.on("data", (chunk: Buffer) => originalWrite(chunk));
      compressor.on("drain", () => res.emit("drain"));
      compressor.on("end", () => originalEnd());
      compressor.on("error", (error) => res.destroy(error));
    }
    return originalWriteHead(status, ...rest, headers);
  }) as typeof res.writeHead;

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!compressor) return (originalWrite as (...args: unknown[]) => boolean)(chunk, ...rest);
    const ok = compressor.write(chunk as Buffer);
    compressor.flush();
    return ok;
  }) as typeof res.write;

  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (!compressor) return originalEnd(chunk, ...rest);
    if (chunk != null && typeof chunk !== "function") compressor.end(chunk as Buffer);
    else compressor.end();
    return res;
  }) as typeof res.end;
}
