// One plain HTTP request, no browser and no fetch in between: what a cache or a client gets
// on the wire, the body as raw bytes (still compressed when the server compressed it).
import http from "node:http";

export type Reply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

export function httpReply(options: http.RequestOptions): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(options, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}
