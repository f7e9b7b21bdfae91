import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as home from "#app/routes/home/route.tsx";
import * as newsItem from "#app/routes/news-item/route.tsx";
import * as news from "#app/routes/news/route.tsx";
import * as search from "#app/routes/search/route.tsx";
import { flushCounters } from "#app/modules/analytics/counters.server.ts";
import { resetContentState } from "#app/platform/page-cache/content-state.server.ts";
import { clearPageCache, etagOf, pageCacheSize } from "#app/platform/page-cache/page-cache.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { ahead, DAY, insertFixture, servePage, useUnitConfig } from "./content-support.ts";

const t = useTestDatabase();
const BROWSER = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0" };
const OTHER_BROWSER = { "User-Agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36" };

beforeAll(async () => {
  useUnitConfig();
  await insertFixture(t.db);
});

beforeEach(() => {
  clearPageCache();
  resetContentState();
});

async function views(slug: string): Promise<number> {
  await flushCounters();
  const row = await t.db.selectFrom("news").select("view_count").where("slug", "=", slug).executeTakeFirstOrThrow();
  return row.view_count;
}

describe("anonymous page cache", () => {
  it("serves a public GET with shared-cache headers, then from memory", async () => {
    const first = await servePage(news, { url: "/novyny" });
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
    expect(first.headers.get("Vary")).toContain("Cookie");
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    const body = await first.text();
    const second = await servePage(news, { url: "/novyny" });
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    expect(await second.text()).toBe(body);
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
  });

  it("answers a matching If-None-Match with 304 and no body", async () => {
    const first = await servePage(news, { url: "/novyny" });
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await servePage(news, { url: "/novyny", headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("ETag")).toBe(etag);
    const other = await servePage(news, { url: "/novyny", headers: { "If-None-Match": 'W/"something-else"' } });
    expect(other.status).toBe(200);
  });

  it("keys on the URL and the cookies (the theme changes the page)", async () => {
    await servePage(news, { url: "/novyny" });
    const dark = await servePage(news, { url: "/novyny", cookie: "theme=dark" });
    expect(dark.headers.get("X-Page-Cache")).toBe("miss");
    const english = await servePage(news, { url: "/us/novyny" });
    expect(english.headers.get("X-Page-Cache")).toBe("miss");
    expect(await english.text()).toContain("Embroidery day in Warsaw");
  });

  it("is invalidated by a content change, but not by a view count", async () => {
    await servePage(news, { url: "/novyny" });
    await t.db
      .updateTable("news")
      .set((eb) => ({ view_count: eb("view_count", "+", 5) }))
      .execute();
    resetContentState(); // another process would see the versions within a second
    expect((await servePage(news, { url: "/novyny" })).headers.get("X-Page-Cache")).toBe("hit");

    await t.db.updateTable("news").set({ title_uk: "Свято вишиванки у Варшаві — фото" }).where("slug", "=", "sviato-vyshyvanky").execute();
    resetContentState();
    const fresh = await servePage(news, { url: "/novyny" });
    expect(fresh.headers.get("X-Page-Cache")).toBe("miss");
    expect(await fresh.text()).toContain("Свято вишиванки у Варшаві — фото");
  });

  it("depends only on the tables a page reads", async () => {
    await servePage(news, { url: "/novyny" });
    await t.db.updateTable("diaspors").set({ name_uk: "Громада Берліна (оновлено)" }).where("slug", "=", "hromada-berlina").execute();
    resetContentState();
    expect((await servePage(news, { url: "/novyny" })).headers.get("X-Page-Cache")).toBe("hit");
    // The home page shows diaspora teasers: it is rebuilt.
    await servePage(home, { url: "/" });
    await t.db.updateTable("diaspors").set({ name_uk: "Громада Берліна" }).where("slug", "=", "hromada-berlina").execute();
    resetContentState();
    expect((await servePage(home, { url: "/" })).headers.get("X-Page-Cache")).toBe("miss");
  });

  it("expires when a scheduled item is due, without any write", async () => {
    const due = ahead(DAY);
    await t.db.updateTable("news").set({ published_at: due }).where("slug", "=", "zaplanovana").execute();
    resetContentState();
    await servePage(news, { url: "/novyny" });
    expect((await servePage(news, { url: "/novyny" })).headers.get("X-Page-Cache")).toBe("hit");
    // The process clock passes the publication time (the database's does not: only the cache is under test).
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(due.getTime() + 1000);
      expect((await servePage(news, { url: "/novyny" })).headers.get("X-Page-Cache")).toBe("miss");
    } finally {
      vi.useRealTimers();
    }
  });

  it("never caches or shares pages of signed-in users", async () => {
    const response = await servePage(news, { url: "/novyny", cookie: "__session=abc" });
    expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(response.headers.get("X-Page-Cache")).toBeNull();
    const again = await servePage(news, { url: "/novyny", cookie: "__session=abc" });
    expect(again.headers.get("X-Page-Cache")).toBeNull();
  });

  it("does not keep a page that carries a one-time message", async () => {
    const response = await servePage(news, { url: "/novyny", cookie: "__flash=xyz" });
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await servePage(news, { url: "/novyny", cookie: "__flash=xyz" })).headers.get("X-Page-Cache")).toBeNull();
  });

  it("does not keep 404s", async () => {
    expect((await servePage(news, { url: "/novyny?page=9" })).status).toBe(404);
    expect((await servePage(news, { url: "/novyny?page=9" })).headers.get("X-Page-Cache")).toBeNull();
  });

  it("keeps search results in their own partition, invalidated like pages", async () => {
    const url = "/search/novyny?q=%D0%B2%D0%B8%D1%88%D0%B8%D0%B2";
    const first = await servePage(search, { url, params: { category: "novyny" } });
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toContain("s-maxage=60");
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    expect((await servePage(search, { url, params: { category: "novyny" } })).headers.get("X-Page-Cache")).toBe("hit");
    expect(pageCacheSize().search.entries).toBe(1);
    await t.db.updateTable("news").set({ title_uk: "Свято вишиванки у Варшаві" }).where("slug", "=", "sviato-vyshyvanky").execute();
    resetContentState();
    expect((await servePage(search, { url, params: { category: "novyny" } })).headers.get("X-Page-Cache")).toBe("miss");
  });
});

describe("the ETag of a rendered page", () => {
  const page = (nonce: string, text = "Новини") =>
    new TextEncoder().encode(`<script nonce="${nonce}">a</script><p>${text}</p><link nonce="${nonce}" rel="x"/>`);

  it("ignores the per-render CSP nonce and nothing else", () => {
    expect(etagOf(page("abc"))).toBe(etagOf(page("a-much-longer-nonce-value")));
    expect(etagOf(page("abc"))).not.toBe(etagOf(page("abc", "Новина")));
    expect(etagOf(page("abc"))).toMatch(/^W\/"[\w-]{27}"$/);
  });

  it("hashes an unterminated nonce attribute as ordinary text", () => {
    const cut = new TextEncoder().encode('<p>x</p><script nonce="abc');
    expect(etagOf(cut)).not.toBe(etagOf(new TextEncoder().encode("<p>x</p><script")));
  });
});

describe("view and impression counts", () => {
  it("counts a visitor once a day per item, cached or not; another visitor again; never crawlers, prefetches or requests without a user agent", async () => {
    const before = await views("sviato-vyshyvanky");
    const page = { url: "/novyny/sviato-vyshyvanky", params: { slug: "sviato-vyshyvanky" }, headers: BROWSER };
    const first = await servePage(newsItem, page);
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    for (let i = 1; i < 50; i++) await servePage(newsItem, page);
    // Counting keeps the page shareable: still served from memory, public, and setting no cookie.
    const again = await servePage(newsItem, page);
    expect(again.headers.get("X-Page-Cache")).toBe("hit");
    expect(again.headers.get("Cache-Control")).toMatch(/^public,/);
    expect(again.headers.get("Set-Cookie")).toBeNull();
    expect(await views("sviato-vyshyvanky")).toBe(before + 1);

    for (let i = 0; i < 5; i++) await servePage(newsItem, { ...page, headers: OTHER_BROWSER });
    expect(await views("sviato-vyshyvanky")).toBe(before + 2);

    for (let i = 0; i < 5; i++) {
      await servePage(newsItem, {
        ...page,
        headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      });
      await servePage(newsItem, { ...page, headers: { "User-Agent": `Mozilla/5.0 Firefox/${i}`, "Sec-Purpose": "prefetch" } });
      await servePage(newsItem, { ...page, headers: {} });
    }
    expect(await views("sviato-vyshyvanky")).toBe(before + 2);
  });

  it("a visitor counts once per item, not once in all: two items each count the same visitor", async () => {
    const before = [await views("sviato-vyshyvanky"), await views("tilky-ukrainskoiu")];
    for (const slug of ["sviato-vyshyvanky", "tilky-ukrainskoiu", "sviato-vyshyvanky"]) {
      await servePage(newsItem, {
        url: `/novyny/${slug}`,
        params: { slug },
        headers: { "User-Agent": "Mozilla/5.0 (Macintosh) Safari/605.1.15" },
      });
    }
    expect([await views("sviato-vyshyvanky"), await views("tilky-ukrainskoiu")]).toEqual([before[0]! + 1, before[1]! + 1]);
  });

  it("counts reklama impressions on every serve of a page that shows it", async () => {
    const impressions = async () => {
      await flushCounters();
      return (await t.db.selectFrom("reklama").select("impression_count").where("slug", "=", "perekazy").executeTakeFirstOrThrow())
        .impression_count;
    };
    const before = await impressions();
    await servePage(home, { url: "/", headers: BROWSER });
    await servePage(home, { url: "/", headers: BROWSER });
    expect(await impressions()).toBe(before + 2);
  });
});
