// Absolute URLs come from the configured public origin, never from the request (Host,
// X-Forwarded-Host), and the page cache keys on what changes a page, never on who asked.
// Requests here carry the hostile host in their URL too: the worst a server could pass on.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as feedsNews from "#app/routes/feeds-news/route.ts";
import * as login from "#app/routes/login/route.tsx";
import { runQueuedJobs } from "#app/jobs.server.ts";
import * as newsItem from "#app/routes/news-item/route.tsx";
import * as robots from "#app/routes/robots/route.ts";
import * as sitemap from "#app/routes/sitemap/route.ts";
import { loadConfig, publicOrigin } from "#app/platform/config/config.server.ts";
import { resetContentState } from "#app/platform/page-cache/content-state.server.ts";
import { clearPageCache, pageCacheKey } from "#app/platform/page-cache/page-cache.server.ts";
import { loadShellData } from "#app/modules/shell/shell-data.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { callWithSession, makeUser, readOutbox, useAccountConfig } from "../support/auth.ts";
import { buildRequest, callRoute } from "../support/route.ts";
import { insertFixture, servePage } from "./content-support.ts";

const t = useTestDatabase();
// PUBLIC_URL unset: the origin is http://localhost:$PORT.
const ORIGIN = "http://localhost:3917";
const EVIL = { Host: "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https", Forwarded: "host=evil.example" };

beforeAll(async () => {
  useAccountConfig({ PORT: "3917" });
  await insertFixture(t.db);
});

beforeEach(() => {
  clearPageCache();
  resetContentState();
});

describe("the public origin", () => {
  it("is PUBLIC_URL's origin, else http://localhost:$PORT", () => {
    expect(loadConfig({ PUBLIC_URL: "https://portal.example/", SESSION_SECRET: "s".repeat(40) }).origin).toBe("https://portal.example");
    expect(loadConfig({ PUBLIC_URL: "https://portal.example:8443/x", SESSION_SECRET: "s".repeat(40) }).origin).toBe(
      "https://portal.example:8443",
    );
    expect(loadConfig({ PORT: "4000", SESSION_SECRET: "s".repeat(40) }).origin).toBe("http://localhost:4000");
    expect(publicOrigin()).toBe(ORIGIN);
  });

  it("is the origin of the password-reset link, whatever Host the form was posted with", async () => {
    const user = await makeUser({ email: "host-header@example.test" });
    await callWithSession(login.action, { url: "http://evil.example/login", headers: EVIL, form: { intent: "forgot", email: user.email } });
    await runQueuedJobs();
    const mail = readOutbox()
      .filter((message) => message.to.includes(user.email))
      .at(-1);
    expect(mail?.link).toMatch(new RegExp(`^${ORIGIN}/verify-request\\?token=`));
    expect(mail?.raw).not.toContain("evil.example");
  });

  it("is the shell's origin (hreflang, og:url, hydration)", async () => {
    const request = buildRequest({ url: "http://evil.example/novyny", headers: EVIL });
    const { shell } = await loadShellData({ request, url: new URL(request.url), language: "uk", t: (key) => key });
    expect(shell.origin).toBe(ORIGIN);
  });

  it("is robots.txt's sitemap address", async () => {
    const response = await callRoute(robots.loader, { url: "http://evil.example/robots.txt", headers: EVIL });
    expect(await response.text()).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe("one hostile request cannot change what the next visitor gets", () => {
  const cases = [
    {
      name: "an item page (canonical, og:url, JSON-LD)",
      route: newsItem,
      path: "/novyny/sviato-vyshyvanky",
      params: { slug: "sviato-vyshyvanky" },
      expected: `${ORIGIN}/novyny/sviato-vyshyvanky`,
    },
    { name: "the sitemap", route: sitemap, path: "/sitemap.xml", params: {}, expected: `<loc>${ORIGIN}/novyny/sviato-vyshyvanky</loc>` },
    {
      name: "the RSS feed",
      route: feedsNews,
      path: "/us/novyny/rss.xml",
      params: {},
      expected: `<link>${ORIGIN}/us/novyny/sviato-vyshyvanky</link>`,
    },
  ];

  it.each(cases)("$name", async ({ route, path, params, expected }) => {
    const hostile = await servePage(route, { url: `http://evil.example${path}`, headers: EVIL, params });
    expect(hostile.status).toBe(200);
    expect(await hostile.text()).not.toContain("evil.example");
    const ordinary = await servePage(route, { url: path, params });
    expect(ordinary.headers.get("X-Page-Cache")).toBe("hit");
    const body = await ordinary.text();
    expect(body).toContain(expected);
    expect(body).not.toContain("evil.example");
  });
});

describe("the page cache key", () => {
  const consent = [
    "cookie_consent=session~locale~theme~consent~analytics",
    "cookie_consent_enabled=session~locale~theme~consent~analytics",
  ];
  const page = { url: "/novyny/sviato-vyshyvanky", params: { slug: "sviato-vyshyvanky" } };

  it("is shared by visitors with different visitor ids and the same consent", async () => {
    const first = await servePage(newsItem, {
      ...page,
      cookie: [...consent, "visitor_id=11111111-1111-4111-8111-111111111111", "_ga=GA1.1.1"],
    });
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    const second = await servePage(newsItem, {
      ...page,
      cookie: ["visitor_id=22222222-2222-4222-8222-222222222222", ...consent, "other=1"],
    });
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    const declined = await servePage(newsItem, { ...page, cookie: [consent[0]!, "cookie_consent_enabled=session~locale~theme~consent"] });
    expect(declined.headers.get("X-Page-Cache")).toBe("miss");
  });

  it("changes with what changes the page: path, query, locale, theme, consent", () => {
    const key = (url: string, cookie?: string[]) => pageCacheKey(buildRequest({ url, cookie }));
    const base = key("/novyny");
    expect(key("http://evil.example/novyny")).toBe(base);
    expect(key("/novyny", ["visitor_id=abc", "i18n_redirected=us"])).toBe(base);
    expect(
      new Set([
        base,
        key("/novyny?page=2"),
        key("/us/novyny"),
        key("/novyny", ["theme=dark"]),
        key("/novyny", consent),
        key("/novyny.data"),
      ]).size,
    ).toBe(6);
  });
});
