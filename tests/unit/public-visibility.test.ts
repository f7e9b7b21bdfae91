// One rule for public staff content (modules/content/visibility.server.ts): every public
// surface shows the published item of each type and none of its draft, scheduled, archived
// or trashed twins (nor, for news, a published item without a publication time).
import type { ReportTargetType } from "#db/schema.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { listFooterPages } from "#app/modules/pages/pages.server.ts";
import { reklamaFor } from "#app/modules/reklama/reklama.server.ts";
import { publicReportTarget } from "#app/modules/reports/reports.server.ts";
import * as diasporaItem from "#app/routes/diaspora-item/route.tsx";
import * as diaspors from "#app/routes/diaspors/route.tsx";
import * as feedsNews from "#app/routes/feeds-news/route.ts";
import * as posterIcs from "#app/routes/feeds-poster-ics/route.ts";
import * as feedsPosters from "#app/routes/feeds-posters/route.ts";
import * as home from "#app/routes/home/route.tsx";
import * as newsItem from "#app/routes/news-item/route.tsx";
import * as news from "#app/routes/news/route.tsx";
import * as posterItem from "#app/routes/poster-item/route.tsx";
import * as posters from "#app/routes/posters/route.tsx";
import * as reklamaItem from "#app/routes/reklama-item/route.tsx";
import * as search from "#app/routes/search/route.tsx";
import * as serviceItem from "#app/routes/service-item/route.tsx";
import * as services from "#app/routes/services/route.tsx";
import * as sitemap from "#app/routes/sitemap/route.ts";
import * as staticPage from "#app/routes/static-page/route.tsx";
import { useTestDatabase } from "../support/db.ts";
import { callAppRoute, thrownStatus } from "../support/app-route.ts";
import { callRoute } from "../support/route.ts";
import { ago, ahead, DAY, HOUR, useUnitConfig } from "./content-support.ts";

const t = useTestDatabase();

const STATES = {
  published: { status: "published", published_at: ago(HOUR), deleted_at: null },
  draft: { status: "draft", published_at: ago(HOUR), deleted_at: null },
  scheduled: { status: "published", published_at: ahead(DAY), deleted_at: null },
  archived: { status: "archived", published_at: ago(HOUR), deleted_at: null },
  trashed: { status: "published", published_at: ago(HOUR), deleted_at: ago(1000) },
} as const;
type State = keyof typeof STATES;
const HIDDEN = ["draft", "scheduled", "archived", "trashed"] as const;

const TYPES = ["news", "posters", "services", "diaspors", "pages", "reklama"] as const;
type Type = (typeof TYPES)[number];

const slug = (type: Type, state: State | "undated") => `${type}-${state}`;
/** A word in every title, for search. */
const WORD = "Зорепад";

beforeAll(async () => {
  useUnitConfig();
  for (const [state, columns] of Object.entries(STATES) as Array<[State, (typeof STATES)[State]]>) {
    const title = `${WORD} ${state}`;
    await t.db
      .insertInto("news")
      .values({ slug: slug("news", state), title_uk: title, body_uk: "<p>…</p>", ...columns })
      .execute();
    await t.db
      .insertInto("posters")
      .values({ slug: slug("posters", state), title_uk: title, starts_at: ahead(3 * DAY), ...columns })
      .execute();
    await t.db
      .insertInto("services")
      .values({ slug: slug("services", state), name_uk: title, ...columns })
      .execute();
    await t.db
      .insertInto("diaspors")
      .values({ slug: slug("diaspors", state), name_uk: title, ...columns })
      .execute();
    await t.db
      .insertInto("pages")
      .values({ slug: slug("pages", state), title_uk: title, body_uk: "<p>…</p>", show_in_footer: true, ...columns })
      .execute();
    await t.db
      .insertInto("reklama")
      .values({ slug: slug("reklama", state), title_uk: title, placement: "home_top", starts_at: ago(DAY), ...columns })
      .execute();
  }
  // News is dated by its publication time: without one it is not public (the sitemap listed it).
  await t.db
    .insertInto("news")
    .values({ slug: slug("news", "undated"), title_uk: `${WORD} undated`, body_uk: "<p>…</p>", status: "published", published_at: null })
    .execute();
});

function hiddenStates(type: Type): Array<State | "undated"> {
  return type === "news" ? [...HIDDEN, "undated"] : [...HIDDEN];
}

/** `found` (slugs, paths or URLs) holds the published item of `type` and none of its hidden ones. */
function expectOnlyPublished(found: readonly string[], type: Type, surface: string) {
  const has = (state: State | "undated") => found.some((entry) => entry === slug(type, state) || entry.endsWith(`/${slug(type, state)}`));
  expect(has("published"), `${surface}: published ${type}`).toBe(true);
  for (const state of hiddenStates(type)) expect(has(state), `${surface}: ${state} ${type}`).toBe(false);
}

/** The slugs a public list page shows. */
async function listedSlugs(loader: (args: any) => Promise<{ items: Array<{ slug: string }> }>, url: string) {
  return (await callAppRoute(loader, { url })).items.map((item) => item.slug);
}

describe("public lists", () => {
  it("list only the published item of each type", async () => {
    for (const [loader, url, type] of [
      [news.loader, "/novyny", "news"],
      [posters.loader, "/poster", "posters"],
      [services.loader, "/services", "services"],
      [diaspors.loader, "/diaspors", "diaspors"],
    ] as const) {
      expectOnlyPublished(await listedSlugs(loader, url), type, url);
    }
    expectOnlyPublished(
      (await listFooterPages()).map((page) => page.slug),
      "pages",
      "footer",
    );
    expectOnlyPublished(
      (await reklamaFor(["home_top"], "uk")).home_top.map((banner) => banner.slug),
      "reklama",
      "placement",
    );
  });

  it("the home page's sections and banners too", async () => {
    const data = await callAppRoute(home.loader, { url: "/" });
    const paths = data.sections.flatMap((section) => section.items.map((item) => item.path));
    for (const type of ["news", "posters", "services", "diaspors"] as const) expectOnlyPublished(paths, type, "home");
    expectOnlyPublished(
      data.reklama.home_top.map((banner) => banner.slug),
      "reklama",
      "home banners",
    );
  });
});

describe("item pages", () => {
  const ITEM_ROUTES: Array<[Type, (args: any) => unknown, string]> = [
    ["news", newsItem.loader, "/novyny"],
    ["posters", posterItem.loader, "/poster"],
    ["posters", posterIcs.loader, "/poster"],
    ["services", serviceItem.loader, "/services"],
    ["diaspors", diasporaItem.loader, "/diaspors"],
    ["pages", staticPage.loader, ""],
    ["reklama", reklamaItem.loader, "/reklama"],
  ];

  it("answer the published item and 404 for every hidden one", async () => {
    for (const [type, loader, prefix] of ITEM_ROUTES) {
      const call = (state: State | "undated") =>
        callAppRoute(loader, { url: `${prefix}/${slug(type, state)}`, params: { slug: slug(type, state) } });
      await expect(call("published"), `${type} published`).resolves.toBeTruthy();
      for (const state of hiddenStates(type)) expect(await thrownStatus(call(state)), `${prefix} ${state}`).toBe(404);
    }
  });

  it("take reports about the published item only", async () => {
    const targets: Array<[ReportTargetType, "news" | "posters" | "services" | "diaspors"]> = [
      ["news", "news"],
      ["poster", "posters"],
      ["service", "services"],
      ["diaspora", "diaspors"],
    ];
    for (const [type, table] of targets) {
      const ids = Object.fromEntries((await t.db.selectFrom(table).select(["id", "slug"]).execute()).map((row) => [row.slug, row.id]));
      expect(await publicReportTarget(type, ids[slug(table, "published")]!), type).toEqual({ slug: slug(table, "published") });
      for (const state of hiddenStates(table)) {
        if (ids[slug(table, state)] !== undefined)
          expect(await publicReportTarget(type, ids[slug(table, state)]!), `${type} ${state}`).toBeNull();
      }
    }
  });
});

describe("sitemap, feeds and search", () => {
  it("the sitemap lists the published item of each type only", async () => {
    const xml = await (await callRoute(sitemap.loader, { url: "/sitemap.xml" })).text();
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    for (const type of TYPES) expectOnlyPublished(urls, type, "sitemap");
  });

  it("the RSS feeds carry the published item only", async () => {
    const links = (xml: string) => [...xml.matchAll(/<link>([^<]+)<\/link>/g)].map((match) => match[1]!);
    const newsXml = await (await callAppRoute(feedsNews.loader, { url: "/novyny/rss.xml" })).text();
    expectOnlyPublished(links(newsXml), "news", "news feed");
    const postersXml = await (await callAppRoute(feedsPosters.loader, { url: "/poster/rss.xml" })).text();
    expectOnlyPublished(links(postersXml), "posters", "posters feed");
  });

  it("search finds the published item only", async () => {
    const categories = { novyny: "news", poster: "posters", services: "services", diaspors: "diaspors" } as const;
    for (const [category, type] of Object.entries(categories)) {
      const data = await callAppRoute(search.loader, { url: `/search/${category}?q=${encodeURIComponent(WORD)}`, params: { category } });
      expectOnlyPublished(
        (data.results?.hits ?? []).map((hit) => hit.path),
        type,
        `search ${category}`,
      );
    }
  });
});
