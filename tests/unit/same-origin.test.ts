// Every state-changing request is checked against the public origin, resource routes
// (consent, theme, beacons, the auth API) included, through the root's middleware.
import { describe, expect, it, beforeAll } from "vitest";
import type { MiddlewareFunction } from "react-router";
import { handleError } from "#app/entry.server.tsx";
import { middleware as rootMiddleware } from "#app/root.tsx";
import * as apiAuth from "#app/routes/api-auth/route.ts";
import * as heartbeat from "#app/routes/api-heartbeat/route.ts";
import * as consent from "#app/routes/consent/route.ts";
import * as login from "#app/routes/login/route.tsx";
import * as setTheme from "#app/routes/set-theme/route.ts";
import * as visitorsLog from "#app/routes/api-visitors-log/route.ts";
import { clientAddressContext } from "#app/platform/http/client-address.server.ts";
import { isSameOrigin } from "#app/platform/http/same-origin.server.ts";
import { redirectLogs } from "#app/platform/logger/logger.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { useAccountConfig } from "../support/auth.ts";
import { buildContext, buildRequest, type RouteCallOptions } from "../support/route.ts";

useTestDatabase();
const ORIGIN = "https://portal.example";

beforeAll(() => {
  useAccountConfig({ PUBLIC_URL: ORIGIN });
});

describe("isSameOrigin", () => {
  const request = (headers: Record<string, string>) => new Request(`${ORIGIN}/consent`, { method: "POST", headers });
  it.each([
    [{ Origin: ORIGIN }, true],
    [{ Origin: "https://evil.example" }, false],
    [{ Origin: "null" }, false],
    [{ Origin: "http://portal.example" }, false],
    [{ Origin: "https://portal.example:8443" }, false],
    [{ Origin: "https://sub.portal.example" }, false],
    [{ Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin", Referer: `${ORIGIN}/` }, false],
    [{ "Sec-Fetch-Site": "same-origin" }, true],
    [{ "Sec-Fetch-Site": "none" }, true],
    [{ "Sec-Fetch-Site": "same-site" }, false],
    [{ "Sec-Fetch-Site": "cross-site" }, false],
    [{ "Sec-Fetch-Site": "cross-site", Referer: `${ORIGIN}/novyny` }, false],
    [{ Referer: `${ORIGIN}/novyny?x=1` }, true],
    [{ Referer: "https://evil.example/novyny" }, false],
    [{ Referer: "not a url" }, false],
    [{}, true],
  ])("%j → %s", (headers, expected) => {
    expect(isSameOrigin(request(headers))).toBe(expected);
  });
});

type Route = { action?: (args: any) => unknown };

/** Runs the root's middleware, then the action, as the app does; the status that comes out. */
async function post(route: Route, options: RouteCallOptions): Promise<{ status: number; ran: boolean }> {
  const built = buildRequest({ method: "POST", ...options, url: `${ORIGIN}${options.url}` });
  // buildRequest adds the page's own Origin; the fallback cases need a request without one.
  const headers = new Headers(built.headers);
  if (!new Headers(options.headers).has("Origin")) headers.delete("Origin");
  const request = new Request(built.url, { method: "POST", headers, body: await built.arrayBuffer() });
  const url = new URL(request.url);
  const context = buildContext([[clientAddressContext, "203.0.113.250"]]);
  const args = { request, url, pattern: url.pathname, params: options.params ?? {}, context };
  let ran = false;
  const chain = rootMiddleware as MiddlewareFunction<Response>[];
  const run = async (index: number): Promise<Response> => {
    if (index === chain.length) {
      ran = true;
      const result = await route.action!(args);
      return result instanceof Response ? result : new Response(null, { status: (result as { init?: ResponseInit })?.init?.status ?? 200 });
    }
    return (await chain[index]!(args, () => run(index + 1))) ?? new Response(null);
  };
  try {
    return { status: (await run(0)).status, ran };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, ran };
    const status = (error as { init?: ResponseInit | null })?.init?.status;
    if (typeof status === "number") return { status, ran };
    throw error;
  }
}

const beacon = {
  json: { path: "/novyny" },
  headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0" },
};
const ROUTES: Array<[string, Route, RouteCallOptions]> = [
  ["/consent", consent, { url: "/consent", form: { intent: "decline", returnTo: "/" } }],
  ["/set-theme", setTheme, { url: "/set-theme", form: { theme: "dark", returnTo: "/" } }],
  ["/api/visitors/log", visitorsLog, { url: "/api/visitors/log", ...beacon }],
  ["/api/heartbeat", heartbeat, { url: "/api/heartbeat", ...beacon }],
  ["/api/auth/signout", apiAuth, { url: "/api/auth/signout", params: { "*": "signout" }, form: { csrfToken: "x", callbackUrl: "/" } }],
  ["/login", login, { url: "/login", form: { intent: "signin", email: "nobody@example.test", password: "whatever-123" } }],
];

describe("state-changing requests from elsewhere", () => {
  it.each(ROUTES)("POST %s with a foreign Origin is refused with 403 before the action runs", async (_name, route, options) => {
    const foreign: Array<Record<string, string>> = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
      { Referer: "https://evil.example/" },
    ];
    for (const headers of foreign) {
      const outcome = await post(route, { ...options, headers: { ...options.headers, ...headers } });
      expect(outcome, JSON.stringify(headers)).toEqual({ status: 403, ran: false });
    }
  });

  it.each(ROUTES)("POST %s from the portal's own pages goes through", async (_name, route, options) => {
    const outcome = await post(route, { ...options, headers: { ...options.headers, Origin: ORIGIN } });
    expect(outcome.ran).toBe(true);
    expect(outcome.status).not.toBe(403);
  });
});

describe("the error log", () => {
  // An Error reported for a refused post (React Router reports its own origin check's so).
  const refusal = new Error(
    "The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action.",
  );
  // handleError writes through the app's logger (silent under tests unless redirected).
  const logged = (headers: Record<string, string>, method = "POST") => {
    const lines: string[] = [];
    const restoreLogs = redirectLogs({ write: (line: string) => void lines.push(line) }, "error");
    try {
      handleError(refusal, {
        request: new Request(`${ORIGIN}/login`, { method, headers }),
        params: {},
        context: buildContext([]),
      } as never);
      return lines.length > 0;
    } finally {
      restoreLogs();
    }
  };

  it("stays quiet about a forged post, which was answered 4xx, and keeps every other error", () => {
    expect(logged({ Origin: "https://evil.example" })).toBe(false);
    expect(logged({ Origin: "null" })).toBe(false);
    expect(logged({ Origin: ORIGIN })).toBe(true);
    // A foreign Origin on a read is no forgery: an error there is the server's own.
    expect(logged({ Origin: "https://evil.example" }, "GET")).toBe(true);
  });
});
