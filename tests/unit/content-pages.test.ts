import { beforeAll, describe, expect, it } from "vitest";
import * as diasporaItem from "#app/routes/diaspora-item/route.tsx";
import * as diaspors from "#app/routes/diaspors/route.tsx";
import * as home from "#app/routes/home/route.tsx";
import * as newsCategory from "#app/routes/news-category/route.tsx";
import * as newsItem from "#app/routes/news-item/route.tsx";
import * as news from "#app/routes/news/route.tsx";
import * as posterIcs from "#app/routes/feeds-poster-ics/route.ts";
import * as posterItem from "#app/routes/poster-item/route.tsx";
import * as posters from "#app/routes/posters/route.tsx";
import * as reklamaClick from "#app/routes/reklama-click/route.ts";
import * as reklamaItem from "#app/routes/reklama-item/route.tsx";
import * as serviceCategory from "#app/routes/service-category/route.tsx";
import * as serviceItem from "#app/routes/service-item/route.tsx";
import * as services from "#app/routes/services/route.tsx";
import { resetContentState } from "#app/platform/page-cache/content-state.server.ts";
import { flushCounters } from "#app/modules/analytics/counters.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { callAppRoute, thrownStatus } from "../support/app-route.ts";
import { catchResponse } from "../support/route.ts";
import { ago, HOUR, insertFixture, useUnitConfig, type Fixture } from "./content-support.ts";

const t = useTestDatabase();
let fixture: Fixture;

beforeAll(async () => {
  useUnitConfig();
  fixture = await insertFixture(t.db);
});

describe("news", () => {
  it("lists published news only, newest first", async () => {
    const data = await callAppRoute(news.loader, { url: "/novyny" });
    expect(data.items.map((item) => item.slug)).toEqual(["sviato-vyshyvanky", "tilky-ukrainskoiu"]);
    expect(data.pagination).toEqual({ page: 1, pageCount: 1, total: 2 });
    expect(data.items[0]!.image?.srcSet).toContain("/uploads/images/2026/11/test-cover-640.webp 640w");
    expect(data.items[0]!.image).toMatchObject({ width: 1280, height: 720, alt: "Обкладинка" });
    expect(data.feed.href).toBe("/novyny/rss.xml");
    expect(data.seo.title).toMatch(/^Новини — /);
  });

  it("shows English text on /us, and the Ukrainian text marked as such where English is missing", async () => {
    const data = await callAppRoute(news.loader, { url: "/us/novyny" });
    expect(data.items[0]!.title).toEqual({ text: "Embroidery day in Warsaw", lang: "en" });
    expect(data.items[1]!.title).toEqual({ text: "Концерт бандуристів у Берліні", lang: "uk" });
    expect(data.items[0]!.date.text).toMatch(/^\d\d\/\d\d\/\d\d$/);
    expect(data.feed.href).toBe("/us/novyny/rss.xml");
  });

  it("pages by 12 and answers 404 past the last page or for a malformed page", async () => {
    await t.db
      .insertInto("news")
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          slug: `extra-${i}`,
          title_uk: `Додаткова новина ${i}`,
          status: "published" as const,
          published_at: ago((3 + i) * HOUR),
        })),
      )
      .execute();
    // Written behind the app's back: forget the polled versions, as the app's own writes do.
    resetContentState();
    const first = await callAppRoute(news.loader, { url: "/novyny" });
    expect(first.items).toHaveLength(12);
    expect(first.pagination).toEqual({ page: 1, pageCount: 2, total: 14 });
    const second = await callAppRoute(news.loader, { url: "/novyny?page=2" });
    expect(second.items.map((item) => item.slug)).toEqual(["extra-10", "extra-11"]);
    for (const page of ["3", "0", "-1", "abc", "1.5", "02", ""]) {
      expect(await thrownStatus(callAppRoute(news.loader, { url: `/novyny?page=${page}` })), `page=${page}`).toBe(404);
    }
    expect(await thrownStatus(callAppRoute(news.loader, { url: "/novyny?page=1&page=2" }))).toBe(404);
    await t.db.deleteFrom("news").where("slug", "like", "extra-%").execute();
    resetContentState();
  });

  it("has category pages, and a 404 for an unknown category", async () => {
    const data = await callAppRoute(newsCategory.loader, { url: "/us/novyny/category/kultura", params: { slug: "kultura" } });
    expect(data.category?.name).toEqual({ text: "Culture", lang: "en" });
    expect(data.items).toHaveLength(2);
    const empty = await callAppRoute(newsCategory.loader, { url: "/novyny/category/sport", params: { slug: "sport" } });
    expect(empty.items).toEqual([]);
    expect(empty.pagination.pageCount).toBe(1);
    expect(await thrownStatus(callAppRoute(newsCategory.loader, { url: "/novyny/category/nope", params: { slug: "nope" } }))).toBe(404);
    // A poster category is not a news category.
    expect(
      await thrownStatus(callAppRoute(newsCategory.loader, { url: "/novyny/category/kontserty", params: { slug: "kontserty" } })),
    ).toBe(404);
  });

  it("shows an article with date, category, tags, related news and NewsArticle JSON-LD", async () => {
    const data = await callAppRoute(newsItem.loader, { url: "/novyny/sviato-vyshyvanky", params: { slug: "sviato-vyshyvanky" } });
    expect(data.article.title.text).toBe("Свято вишиванки у Варшаві");
    expect(data.article.body.text).toContain("Сотні людей");
    expect(data.article.category?.slug).toBe("kultura");
    expect(data.article.tags.map((tag) => tag.name.text)).toEqual(["Вишиванка"]);
    expect(data.related.map((item) => item.slug)).toEqual(["tilky-ukrainskoiu"]);
    expect(data.pageUrl).toBe("https://portal.example/novyny/sviato-vyshyvanky");
    expect(data.jsonLd).toMatchObject({ "@type": "NewsArticle", headline: "Свято вишиванки у Варшаві", mainEntityOfPage: data.pageUrl });
    expect(data.jsonLd.image).toEqual(["https://portal.example/uploads/images/2026/11/test-cover-1024.webp"]);
    expect(data.seo).toMatchObject({ type: "article", image: "/uploads/images/2026/11/test-cover-1024.webp" });
  });

  it("lists an article's tags by Ukrainian name, each in the page's language", async () => {
    const article = await t.db.selectFrom("news").select("id").where("slug", "=", "sviato-vyshyvanky").executeTakeFirstOrThrow();
    const added = await t.db
      .insertInto("tags")
      .values([
        { slug: "yarmarok", name_uk: "Ярмарок", name_en: "Fair" },
        { slug: "arkhiv", name_uk: "Архів", name_en: null },
      ])
      .returning("id")
      .execute();
    await t.db
      .insertInto("news_tags")
      .values(added.map((tag) => ({ news_id: article.id, tag_id: tag.id })))
      .execute();
    resetContentState();
    const data = await callAppRoute(newsItem.loader, { url: "/us/novyny/sviato-vyshyvanky", params: { slug: "sviato-vyshyvanky" } });
    expect(data.article.tags).toEqual([
      { slug: "arkhiv", name: { text: "Архів", lang: "uk" } },
      { slug: "vyshyvanka", name: { text: "Embroidery", lang: "en" } },
      { slug: "yarmarok", name: { text: "Fair", lang: "en" } },
    ]);
    await t.db.deleteFrom("tags").where("slug", "in", ["yarmarok", "arkhiv"]).execute();
    resetContentState();
  });

  it.each(["chernetka", "zaplanovana", "arkhivna", "vydalena", "no-such-news"])("answers 404 for the %s article", async (slug) => {
    expect(await thrownStatus(callAppRoute(newsItem.loader, { url: `/novyny/${slug}`, params: { slug } }))).toBe(404);
  });
});

describe("posters", () => {
  it("lists upcoming events soonest first, and past ones on request", async () => {
    const upcoming = await callAppRoute(posters.loader, { url: "/poster" });
    expect(upcoming.items.map((item) => item.slug)).toEqual(["kontsert-nadii", "vystavka-berlin"]);
    const past = await callAppRoute(posters.loader, { url: "/poster?when=past" });
    expect(past.items.map((item) => item.slug)).toEqual(["mynulyi-yarmarok"]);
    expect(await thrownStatus(callAppRoute(posters.loader, { url: "/poster?when=tomorrow" }))).toBe(404);
  });

  it("filters by location; an unknown location is a 404", async () => {
    const berlin = await callAppRoute(posters.loader, { url: "/poster?location=berlin" });
    expect(berlin.items.map((item) => item.slug)).toEqual(["vystavka-berlin"]);
    expect(berlin.near).toEqual({ near: "berlin", radius: null, sort: null });
    // An empty filter is sent on to the clean address.
    const all = await catchResponse(callAppRoute(posters.loader, { url: "/poster?location=" }));
    expect(all.status).toBe(302);
    expect(all.headers.get("Location")).toBe("/poster");
    expect(await thrownStatus(callAppRoute(posters.loader, { url: "/poster?location=paris" }))).toBe(404);
  });

  it("shows an event with schedule, venue, price, tickets, Event JSON-LD and an .ics link", async () => {
    const data = await callAppRoute(posterItem.loader, { url: "/us/poster/kontsert-nadii", params: { slug: "kontsert-nadii" } });
    expect(data.poster.title.text).toBe("“Voices of hope” concert");
    expect(data.poster.venue).toEqual({ text: "Philharmonic hall", lang: "en" });
    expect(data.poster.price).toEqual({ text: "від 60 злотих", lang: "uk" });
    expect(data.poster.ticketUrl).toBe("https://tickets.example/nadia");
    expect(data.poster.schedule).toMatch(/ – \d{1,2}:\d\d [AP]M$/);
    expect(data.icsHref).toBe("/us/poster/kontsert-nadii/event.ics");
    expect(data.jsonLd).toMatchObject({ "@type": "Event", location: { "@type": "Place", name: "Philharmonic hall" } });
    expect(data.jsonLd.startDate).toBe(data.poster.startsAt);
  });

  it("serves the event as an iCalendar file", async () => {
    const response = await callAppRoute(posterIcs.loader, { url: "/poster/kontsert-nadii/event.ics", params: { slug: "kontsert-nadii" } });
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toContain('filename="kontsert-nadii.ics"');
    const ics = await response.text();
    expect(ics).toContain("BEGIN:VEVENT\r\n");
    expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z\r\n/);
    expect(ics).toContain("SUMMARY:Концерт «Голоси надії»");
    expect(ics).toContain("LOCATION:Філармонія\\, вул. Ясна 5\\, Варшава");
    expect(
      await thrownStatus(callAppRoute(posterIcs.loader, { url: "/poster/chernetka-podii/event.ics", params: { slug: "chernetka-podii" } })),
    ).toBe(404);
  });
});

describe("services and diaspora", () => {
  it("lists services with a category and a location filter", async () => {
    const data = await callAppRoute(services.loader, { url: "/services?location=varshava" });
    expect(data.items.map((item) => item.slug)).toEqual(["yurydychna-pomich"]);
    const none = await callAppRoute(services.loader, { url: "/services?location=berlin" });
    expect(none.items).toEqual([]);
    const category = await callAppRoute(serviceCategory.loader, { url: "/services/category/yurysty", params: { slug: "yurysty" } });
    expect(category.items).toHaveLength(1);
  });

  it("shows a service's contacts, website and a map link; unsafe links are dropped", async () => {
    const data = await callAppRoute(serviceItem.loader, { url: "/services/yurydychna-pomich", params: { slug: "yurydychna-pomich" } });
    expect(data.item.contacts).toMatchObject({
      phone: "+48 600 100 200",
      email: "pravo@example.com",
      website: "https://pravo.example.com/",
      social: [{ network: "facebook", url: "https://facebook.com/pravo" }],
    });
    expect(data.item.contacts.mapUrl).toMatch(/^https:\/\/www\.openstreetmap\.org\/search\?query=/);
    expect(data.jsonLd).toMatchObject({ "@type": "LocalBusiness", telephone: "+48 600 100 200" });
    expect(
      await thrownStatus(callAppRoute(serviceItem.loader, { url: "/services/prykhovana-posluha", params: { slug: "prykhovana-posluha" } })),
    ).toBe(404);
  });

  it("lists diaspora organisations alphabetically in the page's language", async () => {
    const uk = await callAppRoute(diaspors.loader, { url: "/diaspors" });
    expect(uk.items.map((item) => item.slug)).toEqual(["hromada-berlina", "plast-varshava"]);
    const en = await callAppRoute(diaspors.loader, { url: "/us/diaspors" });
    // "Berlin community" sorts before "Пласт Варшава" (no English name: the Ukrainian one counts).
    expect(en.items.map((item) => item.name.text)).toEqual(["Berlin community", "Пласт Варшава"]);
    const item = await callAppRoute(diasporaItem.loader, { url: "/diaspors/plast-varshava", params: { slug: "plast-varshava" } });
    expect(item.item.location?.text).toBe("Варшава");
  });
});

describe("reklama", () => {
  it("shows active reklama in its placement on the home page, with the home sections", async () => {
    const data = await callAppRoute(home.loader, { url: "/" });
    expect(data.reklama.home_top.map((banner) => banner.slug)).toEqual(["perekazy"]);
    expect(data.sections.map((section) => section.id)).toEqual(["news", "posters", "adverts", "services", "diaspors"]);
    expect(data.sections[0]!.items[0]!.path).toBe("/novyny/sviato-vyshyvanky");
  });

  it("has a landing page for active campaigns only", async () => {
    const data = await callAppRoute(reklamaItem.loader, { url: "/us/reklama/perekazy", params: { slug: "perekazy" } });
    expect(data.reklama.title).toEqual({ text: "Transfers without fees", lang: "en" });
    for (const slug of ["zakinchena", "maibutnia", "nope"]) {
      expect(await thrownStatus(callAppRoute(reklamaItem.loader, { url: `/reklama/${slug}`, params: { slug } }))).toBe(404);
    }
  });

  it("counts a click and redirects to the target, or to the landing page without one; crawlers are not counted", async () => {
    const clicks = async () => {
      await flushCounters();
      const rows = await t.db
        .selectFrom("reklama")
        .select(["slug", "click_count"])
        .where("slug", "in", ["perekazy", "kursy"])
        .orderBy("slug")
        .execute();
      return Object.fromEntries(rows.map((row) => [row.slug, row.click_count]));
    };
    const click = (slug: string, userAgent?: string, locale = "") =>
      catchResponse(
        callAppRoute(reklamaClick.loader, {
          url: `${locale}/reklama/${slug}/click`,
          params: { slug },
          headers: userAgent ? { "User-Agent": userAgent } : {},
        }),
      );
    const away = await click("perekazy", "Mozilla/5.0 Firefox/130");
    expect(away.status).toBe(302);
    expect(away.headers.get("Location")).toBe("https://bank.example/ua");
    const landing = await click("kursy", "Mozilla/5.0 Firefox/130", "/us");
    expect(landing.headers.get("Location")).toBe("/us/reklama/kursy");
    // The same visitor 50 times counts once; another visitor once more; crawlers and requests without a user agent never.
    for (let i = 1; i < 50; i++) await click("perekazy", "Mozilla/5.0 Firefox/130");
    expect(await clicks()).toEqual({ kursy: 1, perekazy: 1 });
    await click("perekazy", "Mozilla/5.0 (Windows NT 10.0) Chrome/131.0");
    await click("perekazy", "Mozilla/5.0 (Windows NT 10.0) Chrome/131.0");
    for (let i = 0; i < 5; i++) {
      await click("perekazy", "Googlebot/2.1 (+http://www.google.com/bot.html)");
      await click("perekazy");
    }
    expect(await clicks()).toEqual({ kursy: 1, perekazy: 2 });
    expect(
      await thrownStatus(callAppRoute(reklamaClick.loader, { url: "/reklama/zakinchena/click", params: { slug: "zakinchena" } })),
    ).toBe(404);
    expect(fixture.reklama.perekazy).toBeGreaterThan(0);
  });
});
