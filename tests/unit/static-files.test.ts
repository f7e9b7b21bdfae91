// Static files: build-time brotli/gzip variants chosen by Accept-Encoding, validators, HEAD.
import http from "node:http";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDirectory } from "../../server/precompress.ts";
import { serveStatic } from "../../server/static.ts";
import { HEAD_REQUEST_HEADER } from "#app/platform/http/head-request.ts";
import { isCountableVisit } from "#app/platform/page-cache/request-effects.server.ts";
import { httpReply, type Reply } from "../support/http-reply.ts";

const root = mkdtempSync(path.join(os.tmpdir(), "portal-static-"));
const script = `export function greet(name) { return "Привіт, " + name; }\n`.repeat(400);
const modified = new Date("2026-03-01T10:00:00Z");
let server: http.Server;
let port: number;

function request(pathname: string, headers: http.OutgoingHttpHeaders = {}, method = "GET"): Promise<Reply> {
  return httpReply({ host: "127.0.0.1", port, path: pathname, method, headers });
}

/** End-to-end headers: what a cache or a browser keys on (not Date or connection handling). */
function endToEnd(headers: http.IncomingHttpHeaders) {
  const { date: _date, connection: _connection, "keep-alive": _keepAlive, "transfer-encoding": _te, ...rest } = headers;
  return rest;
}

beforeAll(async () => {
  mkdirSync(path.join(root, "assets"));
  writeFileSync(path.join(root, "assets/entry.client-AbC123.js"), script);
  writeFileSync(path.join(root, "assets/photo-XyZ.webp"), Buffer.alloc(4000, 7));
  writeFileSync(path.join(root, "assets/tiny-Q1.css"), "a{}");
  for (const file of ["assets/entry.client-AbC123.js", "assets/photo-XyZ.webp", "assets/tiny-Q1.css"]) {
    utimesSync(path.join(root, file), modified, modified);
  }
  await precompressDirectory(root);
  server = http.createServer(async (req, res) => {
    const mounts = [{ prefix: "/assets/", root: path.join(root, "assets"), cacheControl: () => "public, max-age=31536000, immutable" }];
    if (!(await serveStatic(req, res, mounts))) res.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as { port: number }).port;
});

afterAll(() => {
  server?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("precompressDirectory", () => {
  it("writes brotli and gzip files next to compressible files only", () => {
    expect(existsSync(path.join(root, "assets/entry.client-AbC123.js.br"))).toBe(true);
    expect(existsSync(path.join(root, "assets/entry.client-AbC123.js.gz"))).toBe(true);
    expect(existsSync(path.join(root, "assets/photo-XyZ.webp.br"))).toBe(false);
    // Three bytes do not shrink: no variant, no Vary.
    expect(existsSync(path.join(root, "assets/tiny-Q1.css.gz"))).toBe(false);
  });
});

describe("serving a hashed asset", () => {
  const asset = "/assets/entry.client-AbC123.js";

  it("sends the brotli file to a browser that accepts br", async () => {
    const reply = await request(asset, { "accept-encoding": "gzip, deflate, br" });
    expect(reply.status).toBe(200);
    expect(reply.headers["content-encoding"]).toBe("br");
    expect(reply.headers.vary).toBe("Accept-Encoding");
    expect(reply.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(Number(reply.headers["content-length"])).toBe(reply.body.length);
    expect(reply.body.length).toBeLessThan(Buffer.byteLength(script) / 10);
    expect(zlib.brotliDecompressSync(reply.body).toString()).toBe(script);
  });

  it("sends the gzip file when gzip is preferred or the only one accepted", async () => {
    for (const accept of ["gzip", "br;q=0.2, gzip;q=0.8"]) {
      const reply = await request(asset, { "accept-encoding": accept });
      expect(reply.headers["content-encoding"]).toBe("gzip");
      expect(zlib.gunzipSync(reply.body).toString()).toBe(script);
    }
  });

  it("sends the raw file otherwise, still saying it varies", async () => {
    for (const headers of [{}, { "accept-encoding": "identity" }, { "accept-encoding": "br;q=0, gzip;q=0" }]) {
      const reply = await request(asset, headers);
      expect(reply.headers["content-encoding"]).toBeUndefined();
      expect(reply.headers.vary).toBe("Accept-Encoding");
      expect(reply.body.toString()).toBe(script);
    }
  });

  it("gives each encoding its own ETag and answers If-None-Match with 304", async () => {
    const br = await request(asset, { "accept-encoding": "br" });
    const gzip = await request(asset, { "accept-encoding": "gzip" });
    expect(br.headers.etag).not.toBe(gzip.headers.etag);
    const again = await request(asset, { "accept-encoding": "br", "if-none-match": br.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.vary).toBe("Accept-Encoding");
    // A gzip ETag does not validate the brotli representation.
    expect((await request(asset, { "accept-encoding": "br", "if-none-match": gzip.headers.etag! })).status).toBe(200);
  });

  it("answers If-Modified-Since with 304 unless the file changed later", async () => {
    const first = await request(asset, { "accept-encoding": "br" });
    expect(first.headers["last-modified"]).toBe(modified.toUTCString());
    expect((await request(asset, { "if-modified-since": modified.toUTCString() })).status).toBe(304);
    expect((await request(asset, { "if-modified-since": new Date(modified.getTime() + 60_000).toUTCString() })).status).toBe(304);
    expect((await request(asset, { "if-modified-since": new Date(modified.getTime() - 60_000).toUTCString() })).status).toBe(200);
    expect((await request(asset, { "if-modified-since": "not a date" })).status).toBe(200);
    // If-None-Match wins over If-Modified-Since (RFC 9110 §13.1.3).
    expect((await request(asset, { "if-none-match": '"other"', "if-modified-since": modified.toUTCString() })).status).toBe(200);
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    for (const accept of ["br, gzip", "gzip", "identity"]) {
      const get = await request(asset, { "accept-encoding": accept });
      const head = await request(asset, { "accept-encoding": accept }, "HEAD");
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(endToEnd(head.headers)).toEqual(endToEnd(get.headers));
    }
  });

  it("serves files that cannot shrink as they are, without Vary", async () => {
    const reply = await request("/assets/photo-XyZ.webp", { "accept-encoding": "br, gzip" });
    expect(reply.headers["content-encoding"]).toBeUndefined();
    expect(reply.headers.vary).toBeUndefined();
    expect(reply.body.length).toBe(4000);
  });
});

describe("a HEAD request the server runs through the app as a GET", () => {
  it("is not counted as a visit", () => {
    const browser = {
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    };
    expect(isCountableVisit(new Request("http://portal.test/novyny/x", { headers: browser }))).toBe(true);
    expect(isCountableVisit(new Request("http://portal.test/novyny/x", { headers: { ...browser, [HEAD_REQUEST_HEADER]: "1" } }))).toBe(
      false,
    );
  });
});
