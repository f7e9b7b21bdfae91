import { beforeAll, describe, expect, it } from "vitest";
import * as feedsNewsCategory from "#app/routes/feeds-news-category/route.ts";
import * as feedsNews from "#app/routes/feeds-news/route.ts";
import * as feedsPosters from "#app/routes/feeds-posters/route.ts";
import * as robots from "#app/routes/robots/route.ts";
import * as sitemapFile from "#app/routes/sitemap-file/route.ts";
import * as sitemap from "#app/routes/sitemap/route.ts";
import { useTestDatabase } from "../support/db.ts";
import { callAppRoute, thrownStatus } from "../support/app-route.ts";
import { callRoute } from "../support/route.ts";
import { insertFixture, useUnitConfig } from "./content-support.ts";

const t = useTestDatabase();

beforeAll(async () => {
  useUnitConfig();
  await insertFixture(t.db);
  await t.db.insertInto("pages").values({ slug: "pro-nas", title_uk: "Про нас", body_uk: "<p>…</p>", status: "published" }).execute();
});

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
}

describe("sitemap.xml", () => {
  it("lists every public list, category and item page in both locales", async () => {
    const response = await callRoute(sitemap.loader, { url: "/sitemap.xml" });
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    const urls = locs(xml);
    for (const path of [
      "/",
      "/novyny",
      "/novyny/category/kultura",
      "/novyny/sviato-vyshyvanky",
      "/novyny/tilky-ukrainskoiu",
      "/poster",
      "/poster/category/kontserty",
      "/poster/kontsert-nadii",
      "/poster/mynulyi-yarmarok",
      "/services",
      "/services/category/yurysty",
      "/services/yurydychna-pomich",
      "/diaspors",
      "/diaspors/hromada-berlina",
      "/reklama/perekazy",
      "/nashi-kontakty",
      "/pro-nas",
    ]) {
      const uk = `https://portal.example${path}`;
      const en = `https://portal.example${path === "/" ? "/us" : `/us${path}`}`;
      expect(urls, path).toContain(uk);
      expect(urls, path).toContain(en);
    }
    for (const hidden of [
      "chernetka",
      "zaplanovana",
      "arkhivna",
      "vydalena",
      "chernetka-podii",
      "prykhovana-posluha",
      "zakinchena",
      "maibutnia",
    ]) {
      expect(
        urls.some((url) => url.endsWith(`/${hidden}`)),
        hidden,
      ).toBe(false);
    }
    expect(new Set(urls).size).toBe(urls.length);
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/);
  });

  it("has no index file while everything fits one sitemap", async () => {
    expect(await thrownStatus(callRoute(sitemapFile.loader, { url: "/sitemap/1.xml", params: { file: "1.xml" } }))).toBe(404);
    expect(await thrownStatus(callRoute(sitemapFile.loader, { url: "/sitemap/x.xml", params: { file: "x.xml" } }))).toBe(404);
  });

  it("is named in robots.txt", async () => {
    const text = await (await callRoute(robots.loader, { url: "/robots.txt" })).text();
    expect(text).toContain("Sitemap: https://portal.example/sitemap.xml");
    expect(text).toContain("Disallow: /dashboard");
    expect(text).toContain("Disallow: /us/cabinet");
  });
});

describe("RSS feeds", () => {
  it("lists published news, newest first, in the path's language", async () => {
    const response = await callAppRoute(feedsNews.loader, { url: "/us/novyny/rss.xml" });
    expect(response.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toContain("<language>en-us</language>");
    const items = [...xml.matchAll(/<item><title>([^<]+)<\/title><link>([^<]+)<\/link>/g)].map((m) => [m[1], m[2]]);
    expect(items).toEqual([
      ["Embroidery day in Warsaw", "https://portal.example/us/novyny/sviato-vyshyvanky"],
      ["Концерт бандуристів у Берліні", "https://portal.example/us/novyny/tilky-ukrainskoiu"],
    ]);
  });

  it("has a feed per news category, and a 404 for an unknown one", async () => {
    const xml = await (
      await callAppRoute(feedsNewsCategory.loader, { url: "/novyny/category/sport/rss.xml", params: { slug: "sport" } })
    ).text();
    expect(xml).not.toContain("<item>");
    expect(xml).toContain("<link>https://portal.example/novyny/category/sport</link>");
    expect(await thrownStatus(callAppRoute(feedsNewsCategory.loader, { url: "/novyny/category/x/rss.xml", params: { slug: "x" } }))).toBe(
      404,
    );
  });

  it("lists upcoming events", async () => {
    const xml = await (await callAppRoute(feedsPosters.loader, { url: "/poster/rss.xml" })).text();
    expect(xml).toContain("https://portal.example/poster/kontsert-nadii");
    expect(xml).toContain("https://portal.example/poster/vystavka-berlin");
    expect(xml).not.toContain("mynulyi-yarmarok");
  });
});
