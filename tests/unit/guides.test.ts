// Guides (docs/product.md#guides): the list's topic and place filters, the 404s, a guide's
// contents, steps and outdated notice, the search by a word form, and the report reasons.
import { beforeAll, describe, expect, it } from "vitest";
import { loadGuideItem, loadGuideList } from "#app/modules/guides/guide-page.server.ts";
import * as feedsGuides from "#app/routes/feeds-guides/route.ts";
import { sql } from "kysely";
import { GUIDE_MOMENTS } from "#app/modules/guides/guides.server.ts";
import { buildHomeSections } from "#app/modules/home/sections.server.ts";
import { translatorFor } from "#app/i18n/request.server.ts";
import { parseSteps, relatedPaths, withHeadingIds } from "#app/modules/guides/guide-text.ts";
import { reportReasonsFor } from "#app/modules/reports/limits.ts";
import { searchCategory } from "#app/modules/search/search.server.ts";
import { resetContentState } from "#app/platform/page-cache/content-state.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { callAppRoute, thrownStatus } from "../support/app-route.ts";
import { ago, DAY, insertFixture, useUnitConfig } from "./content-support.ts";

const t = useTestDatabase();
useUnitConfig();

beforeAll(async () => {
  const fixture = await insertFixture(t.db);
  const guide = (slug: string, values: Record<string, unknown>) => ({
    slug,
    title_uk: slug,
    status: "published" as const,
    published_at: ago(DAY),
    topic: "documents" as const,
    ...values,
  });
  await t.db
    .insertInto("guides")
    .values([
      guide("karta-pobytu", {
        title_uk: "Як продовжити карту побиту",
        title_en: "Extending a residence card",
        body_uk: '<h2>Коли подавати</h2><p>До кінця строку.</p><h3 id="old">Збір</h3><p>340 злотих.</p>',
        steps_uk: "1. Заповніть заяву — паспорт, фото\nПрийдіть на прийом",
        location_id: fixture.locations.warsaw,
        checked_at: ago(30 * DAY),
        related: "/dovidnyk/bank\n/services/yurydychna-pomich\nhttps://elsewhere.example",
      }),
      guide("bank", { title_uk: "Банківський рахунок", topic: "money", checked_at: ago(500 * DAY) }),
      guide("berlin-only", { title_uk: "Anmeldung", location_id: fixture.locations.berlin }),
      guide("chernetka", { title_uk: "Чернетка довідки", status: "draft" }),
    ])
    .execute();
});

const slugs = (list: { items: Array<{ slug: string }> }) => list.items.map((item) => item.slug).sort();

describe("the guides list", () => {
  it("lists the published guides and filters them by topic and by place (a place's and everywhere's)", async () => {
    const all = await callAppRoute((args) => loadGuideList(args), { url: "/dovidnyk" });
    expect(slugs(all)).toEqual(["bank", "berlin-only", "karta-pobytu"]);
    const money = await callAppRoute((args) => loadGuideList(args), { url: "/dovidnyk?topic=money" });
    expect(slugs(money)).toEqual(["bank"]);
    const warsaw = await callAppRoute((args) => loadGuideList(args), { url: "/dovidnyk?location=varshava" });
    expect(slugs(warsaw)).toEqual(["bank", "karta-pobytu"]);
    const both = await callAppRoute((args) => loadGuideList(args), { url: "/dovidnyk?topic=documents&location=varshava" });
    expect(slugs(both)).toEqual(["karta-pobytu"]);
  });

  it("is the 404 for an unknown topic or place, a repeated one, or a page past the end", async () => {
    for (const url of ["/dovidnyk?topic=nope", "/dovidnyk?location=atlantis", "/dovidnyk?topic=work&topic=money", "/dovidnyk?page=9"]) {
      expect(await thrownStatus(callAppRoute((args) => loadGuideList(args), { url })), url).toBe(404);
    }
  });
});

describe("a guide's page", () => {
  it("has contents from its headings and steps, the steps with what to bring, and related public pages", async () => {
    const page = await callAppRoute((args) => loadGuideItem(args, "karta-pobytu"), { url: "/dovidnyk/karta-pobytu" });
    expect(page.item.toc).toEqual([
      { id: "section-1", text: "Коли подавати", level: 2 },
      { id: "section-2", text: "Збір", level: 3 },
    ]);
    expect(page.item.body.text).toContain('<h3 id="section-2">Збір</h3>');
    expect(page.item.steps.items).toEqual([
      { text: "Заповніть заяву", bring: "паспорт, фото" },
      { text: "Прийдіть на прийом", bring: null },
    ]);
    expect(page.item.related.map((link) => link.path)).toEqual(["/dovidnyk/bank", "/services/yurydychna-pomich"]);
    expect(page.jsonLd).toMatchObject({ "@type": "HowTo", step: [{ position: 1, name: "Заповніть заяву" }, { position: 2 }] });
    expect(page.outdated).toBe(false);
  });

  it("says it may be outdated when checked longer ago than the setting's months", async () => {
    const old = await callAppRoute((args) => loadGuideItem(args, "bank"), { url: "/dovidnyk/bank" });
    expect(old.outdated).toBe(true);
    // The kept pages end when the next guide turns outdated: karta-pobytu, checked 30 days ago, in 12 months.
    const { rows } = await sql<{ at: Date }>`select (${GUIDE_MOMENTS.nextMoment()}) as at`.execute(t.db);
    const days = (new Date(rows[0]!.at).getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(330);
    expect(days).toBeLessThan(340);
    expect(old.jsonLd["@type"]).toBe("Article");
    await t.db.updateTable("settings").set({ guide_outdated_months: 24 }).execute();
    resetContentState();
    try {
      const later = await callAppRoute((args) => loadGuideItem(args, "bank"), { url: "/dovidnyk/bank" });
      expect(later.outdated).toBe(false);
    } finally {
      await t.db.updateTable("settings").set({ guide_outdated_months: 12 }).execute();
      resetContentState();
    }
  });

  it("is the 404 for a draft and an unknown slug", async () => {
    for (const slug of ["chernetka", "nemaie-takoi"]) {
      expect(await thrownStatus(callAppRoute((args) => loadGuideItem(args, slug), { url: `/dovidnyk/${slug}` })), slug).toBe(404);
    }
  });
});

describe("the guides feed and home section", () => {
  it("lists the published guides in the path's language, the latest checked first", async () => {
    const response = await callAppRoute(feedsGuides.loader, { url: "/dovidnyk/rss.xml" });
    expect(response.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    const links = [...xml.matchAll(/<link>([^<]+)<\/link>/g)].map((match) => match[1]);
    expect(links).toEqual([
      "https://portal.example/dovidnyk",
      "https://portal.example/dovidnyk/karta-pobytu",
      "https://portal.example/dovidnyk/bank",
      "https://portal.example/dovidnyk/berlin-only",
    ]);
    expect(xml).toContain("<category>Гроші й банки</category>");
    const english = await (await callAppRoute(feedsGuides.loader, { url: "/us/dovidnyk/rss.xml" })).text();
    expect(english).toContain("<title>Extending a residence card</title>");
    expect(english).toContain('<atom:link href="https://portal.example/us/dovidnyk/rss.xml"');
    expect(english).not.toContain("chernetka");
  });

  it("links the feed from the list, and shows the latest checked guides on the home page", async () => {
    const list = await callAppRoute((args) => loadGuideList(args), { url: "/us/dovidnyk" });
    expect(list.feed).toEqual({ href: "/us/dovidnyk/rss.xml", title: "Guides: RSS" });
    const section = (await buildHomeSections("uk", translatorFor("uk") as never)).find((each) => each.id === "guides");
    expect(section?.items.map((item) => item.path)).toEqual(["/dovidnyk/karta-pobytu", "/dovidnyk/bank", "/dovidnyk/berlin-only"]);
  });
});

describe("guides in the search", () => {
  it("are found by another form of a word, published ones only", async () => {
    const found = await searchCategory("dovidnyk", ["карти"], 1, "uk");
    expect(found.hits.map((hit) => hit.path)).toEqual(["/dovidnyk/karta-pobytu"]);
    const none = await searchCategory("dovidnyk", ["чернетки"], 1, "uk");
    expect(none.hits).toEqual([]);
  });
});

describe("guide text", () => {
  it("reads steps, headings and related paths", () => {
    expect(parseSteps("  \nКрок один – документ\n2) Крок два")).toEqual([
      { text: "Крок один", bring: "документ" },
      { text: "Крок два", bring: null },
    ]);
    expect(withHeadingIds("<h2><b>A</b></h2><h4>x</h4>").toc).toEqual([{ id: "section-1", text: "A", level: 2 }]);
    expect(relatedPaths("/a/b\njavascript:x\n//evil.example\n /dovidnyk/c ")).toEqual(["/a/b", "/dovidnyk/c"]);
  });

  it("offers a guide's reporters its own reasons, and others none of them", () => {
    expect(reportReasonsFor("guide")).toEqual(["outdated", "question", "other"]);
    expect(reportReasonsFor("news")).not.toContain("outdated");
    expect(reportReasonsFor("news")).toContain("spam");
  });
});
