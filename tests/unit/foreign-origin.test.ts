// Posts from an address the portal is not configured for: which origins a local start
// accepts, and what a refused post gets (a page in the shell, a small page of its own, or one
// sentence), naming PUBLIC_URL; and the log, one line per origin per minute.
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { isRouteErrorResponse, type MiddlewareFunction } from "react-router";
import routes from "#app/routes.ts";
import { acceptedOrigins, loadConfig, setConfig } from "#app/platform/config/config.server.ts";
import { foreignOriginRefusal } from "#app/platform/http/foreign-origin.ts";
import { isPageRoute, isSameOrigin, logRefusedOrigin, sameOriginMiddleware } from "#app/platform/http/same-origin.server.ts";
import { redirectLogs } from "#app/platform/logger/logger.server.ts";
import { buildContext } from "../support/route.ts";

const configWith = (env: NodeJS.ProcessEnv) =>
  loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/portal-foreign-origin", SESSION_SECRET: "s".repeat(40), ...env });

afterEach(() => vi.restoreAllMocks());

describe("accepted origins", () => {
  it("without PUBLIC_URL: every loopback name of the port; with it: that origin alone", () => {
    expect(acceptedOrigins(configWith({ PORT: "3000" }))).toEqual(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]);
    expect(acceptedOrigins(configWith({ PORT: "3000", PUBLIC_URL: "http://localhost:3000" }))).toEqual(["http://localhost:3000"]);
    expect(acceptedOrigins(configWith({ PUBLIC_URL: "https://portal.example/" }))).toEqual(["https://portal.example"]);
  });

  it("a post from 127.0.0.1 or [::1] passes at a local start, not from another port or host", () => {
    setConfig(configWith({ PORT: "3000" }));
    const from = (origin: string) =>
      isSameOrigin(new Request("http://localhost:3000/login", { method: "POST", headers: { Origin: origin } }));
    expect(from("http://127.0.0.1:3000")).toBe(true);
    expect(from("http://[::1]:3000")).toBe(true);
    expect(from("http://localhost:3000")).toBe(true);
    expect(from("http://127.0.0.1:3001")).toBe(false);
    expect(from("http://192.168.1.5:3000")).toBe(false);
    setConfig(configWith({ PORT: "3000", PUBLIC_URL: "http://localhost:3000" }));
    expect(from("http://127.0.0.1:3000")).toBe(false);
  });
});

describe("a refused post", () => {
  const EXPECTED = "http://localhost:3000";
  const refuse = async (path: string, pattern: string, headers: Record<string, string>) => {
    setConfig(configWith({ PORT: "3000", PUBLIC_URL: EXPECTED }));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const request = new Request(`${EXPECTED}${path}`, { method: "POST", headers: { Origin: "http://127.0.0.1:3000", ...headers } });
    const next = vi.fn(async () => new Response("ran"));
    const run = (sameOriginMiddleware as MiddlewareFunction<Response>)(
      { request, url: new URL(request.url), pattern, params: {}, context: buildContext([]) },
      next,
    );
    const thrown = await Promise.resolve(run).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(next).not.toHaveBeenCalled();
    return thrown;
  };

  it("to a page or through the app's script (.data): the error page's data, naming the portal's address", async () => {
    for (const [path, pattern] of [
      ["/login", "us?/login"],
      ["/us/login", "us?/login"],
      ["/", "us?"],
      ["/consent.data", "consent"],
    ] as const) {
      const thrown = await refuse(path, pattern, { Accept: "text/html" });
      expect(thrown && typeof thrown === "object" && "init" in thrown ? (thrown as { init: ResponseInit }).init.status : null, path).toBe(
        403,
      );
      const data = (thrown as { data: unknown }).data;
      expect(data, path).toEqual({ refusal: "foreign-origin", expected: EXPECTED });
    }
  });

  it("to a route without a page: a page of its own from a form, a sentence for a script, both naming PUBLIC_URL", async () => {
    const form = (await refuse("/consent", "consent", {
      Accept: "text/html,application/xhtml+xml",
      Referer: "http://127.0.0.1:3000/us/novyny",
    })) as Response;
    expect(form.status).toBe(403);
    expect(form.headers.get("content-type")).toContain("text/html");
    const html = await form.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("PUBLIC_URL");
    expect(html).toContain(EXPECTED);
    const beacon = (await refuse("/api/visitors/log", "api/visitors/log", { Accept: "*/*" })) as Response;
    expect(beacon.status).toBe(403);
    expect(beacon.headers.get("content-type")).toContain("text/plain");
    expect(await beacon.text()).toMatch(/PUBLIC_URL.*\n$/);
  });

  it("is recognised by the error page only with its status and shape", () => {
    const response = (status: number, data: unknown) => ({ status, statusText: "", internal: false, data });
    expect(isRouteErrorResponse(response(403, { refusal: "foreign-origin", expected: EXPECTED }))).toBe(true);
    expect(foreignOriginRefusal(response(403, { refusal: "foreign-origin", expected: EXPECTED }))).toEqual({
      refusal: "foreign-origin",
      expected: EXPECTED,
    });
    expect(foreignOriginRefusal(response(403, null))).toBeNull();
    expect(foreignOriginRefusal(response(400, { refusal: "foreign-origin", expected: EXPECTED }))).toBeNull();
    expect(foreignOriginRefusal(new Error("x"))).toBeNull();
  });
});

describe("the log", () => {
  it("has one line per refused origin per minute", () => {
    setConfig(configWith({ PORT: "3000" }));
    const lines: string[] = [];
    const restoreLogs = redirectLogs({ write: (line: string) => void lines.push(line) }, "warn");
    onTestFinished(restoreLogs);
    const warned = () => lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    const post = (origin: string) => new Request("http://localhost:3000/login", { method: "POST", headers: { Origin: origin } });
    const t0 = 1_000_000_000;
    expect(logRefusedOrigin(post("http://a.example"), "/login", t0)).toBe(true);
    expect(logRefusedOrigin(post("http://a.example"), "/login", t0 + 59_000)).toBe(false);
    expect(logRefusedOrigin(post("http://b.example"), "/login", t0 + 59_000)).toBe(true);
    expect(logRefusedOrigin(post("http://a.example"), "/login", t0 + 60_000)).toBe(true);
    expect(warned()).toHaveLength(3);
    expect(warned()[0]).toBe(
      "Refused a POST to /login from http://a.example: the portal's address is http://localhost:3000 (set PUBLIC_URL if it is reached under another one)",
    );
    // The header is the sender's text: the line stays printable ASCII.
    logRefusedOrigin(post("http://x.example\tfake\u00ff"), "/login", t0);
    expect(lines.at(-1)!.trimEnd()).toMatch(/^[\x20-\x7e]+$/);
  });
});

describe("which routes have a page", () => {
  // The refusal is drawn in the shell for a route with a page; a route posted to that has none
  // (consent, theme, favourites, beacons, auth) gets its own answer. Patterns as React Router
  // joins them: the matched paths, without a leading slash.
  type Entry = { path?: string; file: string; children?: Entry[] };
  const leaves = (entries: Entry[], prefix: string[] = []): Array<{ pattern: string; file: string }> =>
    entries.flatMap((entry) => {
      const paths = entry.path ? [...prefix, entry.path] : prefix;
      return entry.children?.length ? leaves(entry.children, paths) : [{ pattern: paths.join("/") || "/", file: entry.file }];
    });

  it("tells every page route from every route without a page that takes posts", () => {
    const all = leaves(routes as Entry[]);
    const pages = all.filter((route) => route.file.endsWith(".tsx"));
    expect(pages.length).toBeGreaterThan(30);
    for (const page of pages) expect(isPageRoute(page.pattern), `${page.file} ${page.pattern}`).toBe(true);
    const posted = [
      "routes/consent/route.ts",
      "routes/set-theme/route.ts",
      "routes/favourite-toggle/route.ts",
      "routes/api-visitors-log/route.ts",
      "routes/api-heartbeat/route.ts",
      "routes/api-auth/route.ts",
    ];
    for (const file of posted) {
      const route = all.find((candidate) => candidate.file === file);
      expect(route, file).toBeDefined();
      expect(isPageRoute(route!.pattern), file).toBe(false);
    }
  });
});
