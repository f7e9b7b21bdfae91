// A new content type needs no public code of its own: a type added to the registry's records
// (throwaway-content-type.ts, imported first, before anything derives from the registry) and
// given a table shows in the sitemap, the search, its list and item pages, the home page, the
// header, the reserved page slugs and the dashboard list, with no source file edited.
import { THROWAWAY, THROWAWAY_SEGMENT, createThrowawayTable } from "./throwaway-content-type.ts";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { NAV_SECTIONS } from "#app/components/shell/nav-sections.ts";
import { searchCategoryFor } from "#app/components/content/header-search.tsx";
import { DIRECTORY_PAGE_DEPS, loadDirectoryItem, loadDirectoryList } from "#app/modules/directory/directory-page.server.ts";
import { buildHomeSections, HOME_DEPS } from "#app/modules/home/sections.server.ts";
import { SEARCH_CATEGORIES } from "#app/modules/search/query.ts";
import { searchCategory } from "#app/modules/search/search.server.ts";
import { RESERVED_PAGE_SLUGS } from "#app/modules/staff-content/slug.server.ts";
import { sitemapDocument } from "#app/modules/sitemap/sitemap.server.ts";
import { CONTENT_TABLES } from "#app/modules/content/versioned-tables.server.ts";
import { translatorFor } from "#app/i18n/request.server.ts";
import * as contentList from "#app/routes/dashboard-content-list/route.tsx";
import { useTestDatabase } from "../support/db.ts";
import { useAccountConfig } from "../support/auth.ts";
import { callAppRoute, thrownStatus } from "../support/app-route.ts";
import { asStaff, staff } from "./dashboard-support.ts";
import { ago, DAY, insertFixture } from "./content-support.ts";

const t = useTestDatabase();
useAccountConfig();

beforeAll(async () => {
  await insertFixture(t.db);
  await createThrowawayTable(t.db);
  await sql`insert into clubs (slug, name_uk, name_en, description_uk, status, published_at) values
    ('shakhovyi-klub', 'Шаховий клуб Кракова', 'Krakow chess club', '<p>Турніри щосуботи.</p>', 'published', ${ago(DAY)}),
    ('chernetka-klubu', 'Шаховий гурток', null, '<p>Ще не готовий.</p>', 'draft', null)`.execute(t.db);
});

describe("a content type added to the registry only", () => {
  it("is in the header, the search tabs, the page cache's tables and the reserved page slugs", () => {
    expect(NAV_SECTIONS.at(-1)).toEqual({ to: `/${THROWAWAY_SEGMENT}`, label: "content:nav.diaspors" });
    expect(SEARCH_CATEGORIES.at(-1)).toBe(THROWAWAY_SEGMENT);
    expect(searchCategoryFor(`/us/${THROWAWAY_SEGMENT}/shakhovyi-klub`)).toBe(THROWAWAY_SEGMENT);
    expect(CONTENT_TABLES).toContain(THROWAWAY);
    expect(RESERVED_PAGE_SLUGS.has(THROWAWAY_SEGMENT)).toBe(true);
    expect(DIRECTORY_PAGE_DEPS[THROWAWAY]).toEqual([THROWAWAY, "locations", "images", "reklama"]);
    expect(HOME_DEPS).toContain(THROWAWAY);
  });

  it("is in the sitemap: its list after the other lists, its published item after the other items", async () => {
    const xml = await sitemapDocument("https://portal.example");
    const locs = [...xml.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((match) => match[1]!);
    expect(locs).toContain(`/${THROWAWAY_SEGMENT}`);
    expect(locs).toContain(`/us/${THROWAWAY_SEGMENT}/shakhovyi-klub`);
    expect(locs.some((loc) => loc.endsWith("/chernetka-klubu"))).toBe(false);
    expect(locs.indexOf(`/${THROWAWAY_SEGMENT}`)).toBe(locs.indexOf("/dovidnyk") + 2);
    expect(locs.indexOf(`/${THROWAWAY_SEGMENT}/shakhovyi-klub`)).toBeGreaterThan(locs.indexOf("/diaspors/plast-varshava"));
  });

  it("is searched in its own category, published items only", async () => {
    const found = await searchCategory(THROWAWAY_SEGMENT as never, ["шахов"], 1, "uk");
    expect(found.hits.map((hit) => hit.path)).toEqual([`/${THROWAWAY_SEGMENT}/shakhovyi-klub`]);
  });

  it("has a list page and item pages; a draft is the 404", async () => {
    const list = await callAppRoute((args) => loadDirectoryList(THROWAWAY, args), { url: `/${THROWAWAY_SEGMENT}` });
    expect(list.section).toBe(`/${THROWAWAY_SEGMENT}`);
    expect(list.items.map((item) => item.slug)).toEqual(["shakhovyi-klub"]);
    const item = await callAppRoute((args) => loadDirectoryItem(THROWAWAY, args, "shakhovyi-klub"), {
      url: `/us/${THROWAWAY_SEGMENT}/shakhovyi-klub`,
    });
    expect(item.item.name.text).toBe("Krakow chess club");
    expect(item.jsonLd["@type"]).toBe("Organization");
    expect(item.reportTarget).toBeNull();
    expect(
      await thrownStatus(
        callAppRoute((args) => loadDirectoryItem(THROWAWAY, args, "chernetka-klubu"), { url: `/${THROWAWAY_SEGMENT}/chernetka-klubu` }),
      ),
    ).toBe(404);
  });

  it("has a home page section after the others", async () => {
    const sections = await buildHomeSections("uk", translatorFor("uk") as never);
    expect(sections.at(-1)).toMatchObject({
      id: THROWAWAY,
      more: { path: `/${THROWAWAY_SEGMENT}` },
      items: [{ path: `/${THROWAWAY_SEGMENT}/shakhovyi-klub` }],
    });
  });

  it("is listed in the dashboard for editors", async () => {
    const editor = await staff("editor");
    const data = await asStaff(editor, contentList.loader, { url: `/dashboard/${THROWAWAY}`, params: { type: THROWAWAY } });
    expect((data as { rows: Array<{ slug: string }> }).rows.map((row) => row.slug).sort()).toEqual(["chernetka-klubu", "shakhovyi-klub"]);
  });
});
