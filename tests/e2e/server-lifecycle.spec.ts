// The production server as a process: graceful shutdown with requests in flight, and the
// embedded database refusing a second process. Node only, no browser: runs in one project.
import { spawnSync } from "node:child_process";
import { once } from "node:events";
import net from "node:net";
import path from "node:path";
import { ports } from "./support/env.ts";
import { startPortalProcess, type PortalProcess } from "./support/portal-process.ts";
import { test, expect } from "./support/fixtures.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** What the server logged besides its access line per request: warnings, errors, anything unplanned. */
function loggedBeyondAccess(output: string): string[] {
  return output.split("\n").filter((line) => line.trim() && !/"msg":"request"/.test(line));
}
const PORT = ports.lifecycle;

test.use({ axe: { enabled: false } });

test.describe("server lifecycle @js-only", () => {
  let portal: PortalProcess;

  // Reached at 127.0.0.1: that is its public origin, which form posts are checked against.
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    portal = await startPortalProcess(PORT, "lifecycle");
  });

  test.afterAll(() => portal.stop());

  test("a second process is refused the embedded database with a clear message", () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: portal.dataDir };
    delete env.DATABASE_URL;
    const result = spawnSync(process.execPath, ["scripts/migrate.ts"], { cwd: root, env, encoding: "utf8" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("is in use by process");
  });

  test("a POST to a page without an action answers 405 and logs no error", async () => {
    const before = portal.output().length;
    for (const pathname of ["/", "/us/novyny", "/poster"]) {
      const response = await fetch(`http://127.0.0.1:${PORT}${pathname}`, {
        method: "POST",
        headers: { Origin: `http://127.0.0.1:${PORT}`, "Content-Type": "application/x-www-form-urlencoded" },
        body: "a=1",
      });
      expect(response.status, pathname).toBe(405);
    }
    // A request after them: its answer means their logging, if any, has happened.
    expect((await fetch(`http://127.0.0.1:${PORT}/healthz`)).status).toBe(200);
    expect(loggedBeyondAccess(portal.output().slice(before))).toEqual([]);
  });

  test("TRACE is refused, an absolute-form target is served by its path, and a path that is not valid percent-encoding is sent to its valid form, logging nothing", async () => {
    const before = portal.output().length;
    const base = `http://127.0.0.1:${PORT}`;
    const redirect = await fetch(`${base}/us/novyny/%E0%A4%A?page=2`, { redirect: "manual" });
    expect(redirect.status).toBe(308);
    expect(redirect.headers.get("location")).toBe("/us/novyny/%25E0%25A4%25A?page=2");
    // Never to another host, however the path starts.
    for (const path of ["//evil.example/%E0", "/\\evil.example/%E0"]) {
      const answer = await rawRequest(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, []);
      expect(answer, path).toMatch(/^HTTP\/1\.1 308 .*\r\nlocation: \/evil\.example\/%25E0\r\n/is);
    }
    // The absolute form (as sent to a proxy) is served by its path; its host is not ours to trust.
    const absolute = await rawRequest(
      `GET http://evil.example/us/nashi-kontakty HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
      [],
    );
    expect(absolute).toMatch(/^HTTP\/1\.1 200 /);
    // A method the Fetch API cannot carry (React Router's input) is refused before it (Node's own parser refuses TRACK).
    expect(await rawRequest(`TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, [])).toMatch(/^HTTP\/1\.1 405 /);
    expect(await rawRequest(`OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, [])).toMatch(/^HTTP\/1\.1 400 /);
    const page = await fetch(new URL(redirect.headers.get("location")!, base));
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain("Page Not Found: /us/novyny/%25E0%25A4%25A");
    expect(html).not.toMatch(/rel="canonical"|<link[^>]*hreflang|og:url/i);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(loggedBeyondAccess(portal.output().slice(before))).toEqual([]);
  });

  /** Sends a request (headers, then `chunks` one by one) and resolves with the server's reply as soon as it has one. */
  function rawRequest(head: string, chunks: Iterable<string>): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(PORT, "127.0.0.1");
      let reply = "";
      socket.on("data", (chunk) => {
        reply += chunk;
        // The status line and headers are enough: the server may close before the client finished sending.
        if (reply.includes("\r\n\r\n")) {
          socket.destroy();
          resolve(reply);
        }
      });
      socket.on("error", (error) => (reply ? resolve(reply) : reject(error)));
      socket.on("connect", async () => {
        socket.write(head);
        for (const chunk of chunks) {
          if (socket.destroyed) return;
          if (!socket.write(chunk)) await once(socket, "drain").catch(() => {});
        }
      });
    });
  }

  test("an over-size form is refused with 413 (by Content-Length, and while streaming a chunked body); the server keeps serving", async ({
    request,
  }) => {
    const head = (extra: string) =>
      `POST /report HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nOrigin: http://127.0.0.1:${PORT}\r\nAccept: text/html\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\n${extra}\r\n`;
    // 100 MB announced: refused from the headers, before any of it is read.
    const announced = await rawRequest(head(`Content-Length: ${100 * 1024 * 1024}\r\n`), ["reason=spam&message=", "x".repeat(64 * 1024)]);
    expect(announced).toMatch(/^HTTP\/1\.1 413/);
    // Chunked, no length: refused once the streamed bytes pass the limit (up to 20 MB would follow).
    const chunk = "x".repeat(64 * 1024);
    function* chunked() {
      yield `14\r\nreason=spam&message=\r\n`;
      for (let i = 0; i < 320; i++) yield `${chunk.length.toString(16)}\r\n${chunk}\r\n`;
      yield "0\r\n\r\n";
    }
    const streamed = await rawRequest(head("Transfer-Encoding: chunked\r\n"), chunked());
    expect(streamed).toMatch(/^HTTP\/1\.1 413/);
    // The error page says why, in the page's language, inside the shell.
    const page = await request.post(`http://127.0.0.1:${PORT}/us/report`, {
      headers: { Origin: `http://127.0.0.1:${PORT}`, "Content-Type": "application/x-www-form-urlencoded" },
      data: `reason=spam&message=${"x".repeat(300 * 1024)}`,
    });
    expect(page.status()).toBe(413);
    expect(await page.text()).toContain("Payload Too Large");
    expect((await request.get(`http://127.0.0.1:${PORT}/healthz`)).status()).toBe(200);
    expect((await request.get(`http://127.0.0.1:${PORT}/`)).status()).toBe(200);
  });

  test("SIGTERM lets an in-flight request finish, then the process exits cleanly", async () => {
    const socket = net.connect(PORT, "127.0.0.1");
    await once(socket, "connect");
    const body = "theme=dark&returnTo=%2Fabout";
    let reply = "";
    socket.on("data", (chunk) => (reply += chunk));
    // Send the headers and half the body. With Expect: 100-continue, Node answers "100
    // Continue" once it has parsed the headers and handed the request on: from then on the
    // request is in flight on the server (a condition, not a guessed delay).
    socket.write(
      `POST /set-theme HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nOrigin: http://127.0.0.1:${PORT}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n` +
        `Expect: 100-continue\r\n\r\n` +
        body.slice(0, 10),
    );
    await expect.poll(() => reply).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n/);
    const exited = once(portal.child, "exit");
    portal.child.kill("SIGTERM");
    await expect.poll(() => portal.output()).toContain("shutting down");
    socket.write(body.slice(10));
    await once(socket, "close");
    expect(reply).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 302/);
    expect(reply).toMatch(/location: \/about/i);
    const [code] = await exited;
    expect(code).toBe(0);
    // New connections are refused once it has stopped.
    const refused = await new Promise<boolean>((resolve) => {
      const probe = net.connect(PORT, "127.0.0.1");
      probe.on("error", () => resolve(true));
      probe.on("connect", () => {
        probe.destroy();
        resolve(false);
      });
    });
    expect(refused).toBe(true);
  });
});
