import http from "node:http";
import { once } from "node:events";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressResponse, pickEncoding } from "../../server/compression.ts";

describe("pickEncoding", () => {
  it("prefers brotli, then gzip, honouring q=0", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    for (const header of ["gzip", "br;q=0, gzip"]) expect(pickEncoding(header), header).toBe("gzip");
    for (const header of ["identity", undefined]) expect(pickEncoding(header), header).toBeNull();
  });

  // The static files' choice between their build-time .br and .gz variants.
  it("honours q-values, preferring brotli on a tie", () => {
    for (const header of ["gzip, deflate, br", "*"]) expect(pickEncoding(header), header).toBe("br");
    for (const header of ["gzip;q=1, br;q=0.5", "br;q=0, gzip;q=0.1", "*;q=0.5, br;q=0", "gzip;q=0.5"]) {
      expect(pickEncoding(header), header).toBe("gzip");
    }
    for (const header of ["identity, gzip;q=0.5", "deflate"]) expect(pickEncoding(header), header).toBeNull();
    expect(pickEncoding("br, gzip", ["gzip"])).toBe("gzip");
  });
});

describe("compressResponse", () => {
  async function fetchRaw(type: string, acceptEncoding: string, typeHeader = "content-type") {
    const body = "<p>Привіт, світе</p>".repeat(200);
    const server = http.createServer((req, res) => {
      compressResponse(req, res);
      res.writeHead(200, { [typeHeader]: type, "Content-Length": String(Buffer.byteLength(body)) });
      res.write(body.slice(0, 100));
      res.end(body.slice(100));
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as { port: number };
    try {
      return await new Promise<{ headers: http.IncomingHttpHeaders; raw: Buffer; body: string }>((resolve, reject) => {
        http
          .get({ port, host: "127.0.0.1", headers: { "accept-encoding": acceptEncoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => resolve({ headers: res.headers, raw: Buffer.concat(chunks), body }));
          })
          .on("error", reject);
      });
    } finally {
      server.close();
    }
  }

  it("brotli-compresses HTML and drops the stale length", async () => {
    const { headers, raw, body } = await fetchRaw("text/html; charset=utf-8", "gzip, br");
    expect(headers["content-encoding"]).toBe("br");
    expect(headers["content-length"]).toBeUndefined();
    expect(headers.vary).toContain("Accept-Encoding");
    expect(zlib.brotliDecompressSync(raw).toString()).toBe(body);
    expect(raw.length).toBeLessThan(Buffer.byteLength(body) / 4);
  });

  it("gzips JSON for gzip-only clients", async () => {
    const { headers, raw, body } = await fetchRaw("application/json", "gzip");
    expect(headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(raw).toString()).toBe(body);
  });

  it("reads header names in any case (a static file's writeHead says Content-Type)", async () => {
    const { headers, raw, body } = await fetchRaw("image/svg+xml", "br", "Content-Type");
    expect(headers["content-encoding"]).toBe("br");
    expect(headers["content-length"]).toBeUndefined();
    expect(zlib.brotliDecompressSync(raw).toString()).toBe(body);
  });

  it("leaves images alone", async () => {
    const { headers, raw, body } = await fetchRaw("image/webp", "gzip, br");
    expect(headers["content-encoding"]).toBeUndefined();
    expect(raw.toString()).toBe(body);
  });
});
