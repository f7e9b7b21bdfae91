// The server process as the public internet sees it: security headers on every
// response, Secure cookies under an https PUBLIC_URL, and batched counters written on a
// graceful stop before the database closes. CSP in a real browser: tests/e2e/security-headers.spec.ts.

import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createAppServer } from "../../server/app-server.ts";
import { issueCsrfToken } from "#app/modules/auth/csrf.server.ts";
import { commitSessionCookie } from "#app/modules/auth/session.server.ts";
import { loadConfig, setConfig } from "#app/platform/config/config.server.ts";
import { consentCookies } from "#app/platform/consent/consent.server.ts";
import { flashHeader } from "#app/platform/http/flash.server.ts";
import { serializeLocaleCookie, serializeThemeCookie } from "#app/platform/http/cookies.server.ts";
import { contentSecurityPolicy, newNonce } from "#app/platform/http/security-headers.server.ts";
import { countViews } from "#app/modules/analytics/counters.server.ts";
import { buildContext, buildRequest } from "../support/route.ts";
import { useTestDatabase } from "../support/db.ts";
import { useClientDir } from "../support/client-dir.ts";

const t = useTestDatabase();
const noBuild = () => Promise.reject(new Error("no app build in this test"));
const client = useClientDir("portal-headers-");

async function listen(publicUrl: string | undefined) {
  const { server, shutdown } = createAppServer({
    build: noBuild,
    database: t.database,
    clientDir: client.path,
    uploadsDir: client.path,
    log: () => {},
    origin: publicUrl ?? "http://localhost:3000",
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, server, shutdown };
}

describe("security headers", () => {
  it("go on static files and health checks; HSTS only with an https PUBLIC_URL", async () => {
    for (const publicUrl of [undefined, "https://portal.example"]) {
      const { base, server } = await listen(publicUrl);
      try {
        for (const pathname of ["/robots.txt", "/healthz"]) {
          const response = await fetch(base + pathname);
          expect(response.status, pathname).toBe(200);
          expect(response.headers.get("x-content-type-options")).toBe("nosniff");
          expect(response.headers.get("x-frame-options")).toBe("DENY");
          expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
          expect(response.headers.get("permissions-policy")).toMatch(/camera=\(\)/);
          expect(response.headers.get("strict-transport-security")).toBe(publicUrl ? "max-age=31536000; includeSubDomains" : null);
        }
      } finally {
        server.close();
      }
    }
  });

  it("a CSP allows scripts by nonce only, no framing, no plugins", () => {
    const nonce = newNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/);
    expect(newNonce()).not.toBe(nonce);
    // Cut from a refilled pool of random bytes: across several refills, none repeats.
    const many = Array.from({ length: 1000 }, newNonce);
    expect(new Set(many).size).toBe(1000);
    expect(many.every((value) => /^[A-Za-z0-9+/]{24}$/.test(value))).toBe(true);
    const directives = Object.fromEntries(
      contentSecurityPolicy(nonce)
        .split("; ")
        .map((part) => [part.split(" ")[0], part.split(" ").slice(1)]),
    );
    expect(directives["script-src"]).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(directives["frame-ancestors"]).toEqual(["'none'"]);
    expect(directives["object-src"]).toEqual(["'none'"]);
    expect(directives["default-src"]).toEqual(["'self'"]);
  });
});

describe("cookies under an https PUBLIC_URL", () => {
  it("every cookie the app sets is Secure (also outside NODE_ENV=production)", async () => {
    for (const [publicUrl, secure] of [
      ["https://portal.example", true],
      ["http://localhost:3000", false],
    ] as const) {
      setConfig(loadConfig({ DATA_DIR: "/tmp/portal-unit-headers", SESSION_SECRET: "h".repeat(40), PUBLIC_URL: publicUrl }));
      const request = buildRequest({ url: "/" });
      const cookies = [
        await commitSessionCookie("token-value"),
        await flashHeader({ severity: "info", message: "auth:flash.signed_out" }),
        serializeThemeCookie("dark"),
        serializeLocaleCookie("us"),
        ...consentCookies(["analytics"], request),
        issueCsrfToken(request, buildContext(undefined)).setCookie!,
      ];
      expect(cookies.map((cookie) => cookie.split("=")[0])).toEqual(
        expect.arrayContaining(["__session", "__flash", "theme", "i18n_redirected", "__csrf"]),
      );
      for (const cookie of cookies) expect(/;\s*Secure\b/i.test(cookie), `${publicUrl}: ${cookie}`).toBe(secure);
    }
  });
});

describe("graceful stop", () => {
  it("writes batched view counts before the database closes", async () => {
    const news = await t.db
      .insertInto("news")
      .values({ slug: "stop-counted", title_uk: "Лічильник", status: "published", published_at: new Date(0) })
      .returning("id")
      .executeTakeFirstOrThrow();
    let viewsWhenClosed: number | undefined;
    const database = {
      ...t.database,
      // The test's database stays open for the other tests; record what closing would find.
      close: async () => {
        const row = await t.db.selectFrom("news").select("view_count").where("id", "=", news.id).executeTakeFirstOrThrow();
        viewsWhenClosed = row.view_count;
      },
    };
    const { server, shutdown } = createAppServer({
      build: noBuild,
      database,
      clientDir: client.path,
      uploadsDir: client.path,
      log: () => {},
      origin: "http://localhost:3000",
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    // Two visitors (one view each): the marks and the counts are written on the way out.
    const day = new Date().toISOString().slice(0, 10);
    countViews([{ table: "news", id: news.id }], Promise.resolve({ day, hash: "visitor-a" }));
    countViews([{ table: "news", id: news.id }], Promise.resolve({ day, hash: "visitor-b" }));
    await shutdown(1_000);
    expect(viewsWhenClosed).toBe(2);
  });
});
