// A rolling restart loses nothing: posts sent just before SIGTERM, and reads waiting for a
// turn, are each answered, and a connection made after it is refused, never reset once
// accepted. Node only, no browser: runs in one project.
import { once } from "node:events";
import net from "node:net";
import { test, expect } from "./support/fixtures.ts";
import { ports } from "./support/env.ts";
import { startPortalProcess, type PortalProcess } from "./support/portal-process.ts";

const PORT = ports.gracefulRestart;
const origin = `http://127.0.0.1:${PORT}`;

test.use({ axe: { enabled: false } });

type Outcome = "answered" | "refused" | "reset";

/**
 * Sends `request` on a new connection. "answered": a status line came back; "refused": the
 * connection was never accepted; "reset": accepted, then closed or reset without an answer.
 */
function send(request: string, sent?: () => void): Promise<{ outcome: Outcome; reply: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(PORT, "127.0.0.1");
    let reply = "";
    let connected = false;
    const settle = (error?: NodeJS.ErrnoException) => {
      if (/^HTTP\/1\.1 \d{3} /.test(reply)) resolve({ outcome: "answered", reply });
      else if (!connected && error?.code === "ECONNREFUSED") resolve({ outcome: "refused", reply });
      else resolve({ outcome: "reset", reply: `${reply}${error ? ` (${error.code})` : ""}` });
    };
    socket.on("data", (chunk) => (reply += chunk));
    socket.on("connect", () => {
      connected = true;
      socket.write(request, () => sent?.());
    });
    socket.on("error", (error) => settle(error));
    socket.on("close", (hadError) => hadError || settle());
  });
}

function post(body: string) {
  return (
    `POST /set-theme HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nOrigin: ${origin}\r\n` +
    `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body}`
  );
}

test.describe("graceful restart @js-only", () => {
  let portal: PortalProcess;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // One page at a time: most reads below wait in the line for a turn when SIGTERM comes.
    portal = await startPortalProcess(PORT, "restart", { MAX_IN_FLIGHT: "1" });
  });

  test.afterAll(() => portal.stop());

  test("posts and queued reads sent just before SIGTERM are all answered; later connections are refused, none reset", async () => {
    test.setTimeout(60_000);
    const posts = 80;
    const reads = 8;
    let written = 0;
    const before = [
      ...Array.from({ length: posts }, (_, i) => send(post(`theme=${i % 2 ? "dark" : "light"}&returnTo=%2Fabout`), () => written++)),
      ...Array.from({ length: reads }, (_, i) =>
        send(`GET /novyny?restart=${i} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\n\r\n`, () => written++),
      ),
    ];
    // Every request is on the wire (the kernel accepted its connection) when the signal goes.
    await expect.poll(() => written, { intervals: [5] }).toBe(posts + reads);
    const exited = once(portal.child, "exit");
    portal.child.kill("SIGTERM");
    // And a wave after it: each is either refused or, if it got in before the listener closed, answered.
    const after = Array.from({ length: 20 }, () => send(post("theme=dark&returnTo=%2Fabout")));

    const early = await Promise.all(before);
    expect(early.filter((r) => r.outcome !== "answered").map((r) => `${r.outcome}: ${r.reply}`)).toEqual([]);
    const statuses = early.map((r) => r.reply.slice(9, 12));
    expect(statuses.slice(0, posts).every((status) => status === "302")).toBe(true);
    // A read waited for its turn and was built, or was told at once to come back (503): never dropped.
    expect(statuses.slice(posts).every((status) => status === "200" || status === "503")).toBe(true);
    const late = await Promise.all(after);
    expect(late.filter((r) => r.outcome === "reset").map((r) => r.reply)).toEqual([]);
    const [code] = await exited;
    expect(code).toBe(0);
    expect(portal.output()).toContain("stopped");
  });
});
