// What the server sends over HTTP, independent of the browser (runs in the js project only):
// build-time brotli/gzip variants of hashed assets, and HEAD answering GET's headers.
import http from "node:http";
import { urlToHttpOptions } from "node:url";
import zlib from "node:zlib";
import { httpReply, type Reply } from "../support/http-reply.ts";
import { expect, test } from "./support/fixtures.ts";
import { baseURL } from "./support/env.ts";

function send(method: "GET" | "HEAD", pathname: string, headers: http.OutgoingHttpHeaders = {}): Promise<Reply> {
  return httpReply({ ...urlToHttpOptions(new URL(pathname, baseURL)), method, headers });
}

/**
 * Headers a cache or browser acts on. Left out: per-message ones (Date, connection handling,
 * chunking) and X-Page-Cache, which says "miss" on the first request and "hit" after it.
 */
function representation(headers: http.IncomingHttpHeaders) {
  // x-request-id: each response names its own request.
  const skip = new Set(["date", "connection", "keep-alive", "transfer-encoding", "x-page-cache", "x-request-id"]);
  // An uncached page's CSP carries a fresh script nonce per response: the same policy, another nonce.
  const sameNonce = (name: string, value: unknown) =>
    name === "content-security-policy" && typeof value === "string" ? value.replace(/'nonce-[^']+'/g, "'nonce-*'") : value;
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !skip.has(name))
      .map(([name, value]) => [name, sameNonce(name, value)]),
  );
}

test.describe("HTTP delivery @js-only", () => {
  test.use({ axe: { enabled: false } });

  test("a hashed asset comes precompressed as br or gzip when accepted, raw otherwise", async () => {
    const html = (await send("GET", "/")).body.toString();
    // The page's largest script (the runtime chunk): tiny files are not worth precompressing.
    const scripts = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? [])];
    expect(scripts.length, "the page loads scripts").toBeGreaterThan(0);
    const sizes = await Promise.all(
      scripts.map(async (path) => Number((await send("HEAD", path, { "accept-encoding": "identity" })).headers["content-length"])),
    );
    const asset = scripts[sizes.indexOf(Math.max(...sizes))];

    const raw = await send("GET", asset!, { "accept-encoding": "identity" });
    expect(raw.status).toBe(200);
    expect(raw.headers["content-encoding"]).toBeUndefined();
    expect(raw.headers.vary).toBe("Accept-Encoding");
    expect(Number(raw.headers["content-length"])).toBe(raw.body.length);

    const br = await send("GET", asset!, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(zlib.brotliDecompressSync(br.body).equals(raw.body)).toBe(true);

    const gzip = await send("GET", asset!, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).equals(raw.body)).toBe(true);
    expect(br.body.length).toBeLessThan(gzip.body.length);
    expect(gzip.body.length).toBeLessThan(raw.body.length / 2);

    for (const reply of [raw, br, gzip]) expect(reply.headers["cache-control"]).toContain("immutable");
    const notModified = await send("GET", asset!, { "accept-encoding": "br", "if-modified-since": br.headers["last-modified"]! });
    expect(notModified.status).toBe(304);
  });

  for (const accept of ["br, gzip", "identity"]) {
    test(`HEAD answers the headers of GET, for a static asset and app pages (Accept-Encoding: ${accept})`, async () => {
      const html = (await send("GET", "/")).body.toString();
      const asset = html.match(/\/assets\/[\w.-]+\.css/)?.[0];
      expect(asset, "the page links a stylesheet").toBeTruthy();
      // A page the cache keeps, pages it does not (a form, a redirect), and a 404.
      for (const path of [asset!, "/novyny", "/login", "/cabinet", "/no-such-page"]) {
        const get = await send("GET", path, { "accept-encoding": accept });
        const head = await send("HEAD", path, { "accept-encoding": accept });
        expect(head.status, path).toBe(get.status);
        expect(head.body.length, path).toBe(0);
        expect(representation(head.headers), path).toEqual(representation(get.headers));
        if (get.status === 200) expect(head.headers["content-type"], path).toBeTruthy();
      }
      const cachedPage = await send("HEAD", "/novyny", { "accept-encoding": accept });
      expect(cachedPage.headers["cache-control"]).toContain("public");
      expect(cachedPage.headers.etag).toBeTruthy();
    });
  }
});
