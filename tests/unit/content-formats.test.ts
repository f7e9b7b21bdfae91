import { describe, expect, it } from "vitest";
import { pageHref } from "#app/components/content/pagination-nav.tsx";
import { pageWindow } from "#app/components/page-links.tsx";
import { searchCategoryFor } from "#app/components/content/header-search.tsx";
import { formatDate, formatEventStart } from "#app/platform/format/dates.ts";
import { checkPage, parsePage } from "#app/platform/lists/pagination.ts";
import { excerpt, stripHtml } from "#app/platform/format/text.ts";
import { escapeIcsText, eventIcs, foldLine } from "#app/modules/posters/ics.ts";
import { scheduleText } from "#app/modules/posters/posters.server.ts";
import { highlight, parseQuery, snippetAround, toTsQuery } from "#app/modules/search/query.ts";
import { chunkEntries, MAX_URLS_PER_FILE, sitemapIndexXml, urlsetXml } from "#app/modules/sitemap/sitemap.server.ts";
import { rssXml } from "#app/modules/feeds/rss.server.ts";
import { SizedLru } from "#app/platform/page-cache/lru.ts";

function statusOf(fn: () => unknown): number | null {
  try {
    fn();
    return null;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? -1;
  }
}

describe("pagination", () => {
  it("reads ?page= strictly", () => {
    expect(parsePage(new URL("http://x/novyny"))).toBe(1);
    expect(parsePage(new URL("http://x/novyny?page=7"))).toBe(7);
    for (const bad of ["0", "-2", "x", "1e3", "03", " 2"])
      expect(
        statusOf(() => parsePage(new URL(`http://x/?page=${bad}`))),
        bad,
      ).toBe(404);
    expect(checkPage(1, 0)).toEqual({ page: 1, pageCount: 1, total: 0 });
    expect(statusOf(() => checkPage(3, 24))).toBe(404);
  });

  it("builds page links that keep the other parameters and drop page=1", () => {
    expect(pageHref("/us/poster", "?when=past&page=3", 4)).toBe("/us/poster?when=past&page=4");
    expect(pageHref("/us/poster", "?when=past&page=3", 1)).toBe("/us/poster?when=past");
    expect(pageWindow(6, 20)).toEqual([1, "gap", 4, 5, 6, 7, 8, "gap", 20]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });
});

describe("text and dates", () => {
  it("turns staff HTML into plain text and cuts excerpts at words", () => {
    expect(stripHtml("<p>Сотні&nbsp;людей &amp; <b>друзів</b></p><script>x()</script>")).toBe("Сотні людей & друзів");
    expect(excerpt("один два три чотири п'ять", 14)).toBe("один два три…");
  });

  it("formats dates as the locales want, in the site's time zone", () => {
    const date = new Date("2026-12-05T18:00:00Z");
    expect(formatDate(date, "uk")).toBe("05.12.26");
    expect(formatDate(date, "en")).toBe("12/05/26");
    expect(formatEventStart(date, "uk")).toMatch(/^сб, 05\.12\.26, 19:00$/);
    expect(scheduleText(date, new Date("2026-12-05T20:30:00Z"), "uk")).toMatch(/19:00 – 21:30$/);
  });
});

describe("iCalendar", () => {
  it("escapes text and folds long lines at 75 octets without splitting characters", () => {
    expect(escapeIcsText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
    const folded = foldLine(`DESCRIPTION:${"ї".repeat(80)}`);
    for (const line of folded.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(`DESCRIPTION:${"ї".repeat(80)}`);
  });

  it("writes one VEVENT with UTC times", () => {
    const ics = eventIcs({
      uid: "poster-1@portal.example",
      start: new Date("2026-12-05T18:00:00Z"),
      end: null,
      title: "Концерт",
      location: null,
      description: "Опис",
      url: "https://portal.example/poster/kontsert",
      stamp: new Date("2026-11-01T10:00:00Z"),
    });
    expect(ics).toContain("DTSTART:20261205T180000Z\r\n");
    expect(ics).not.toContain("DTEND");
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });
});

describe("search query", () => {
  it("validates length and splits words like the 'simple' parser", () => {
    expect(parseQuery(null)).toEqual({ status: "empty", text: "" });
    expect(parseQuery("  П'ять   Київ-Варшава ")).toEqual({
      status: "ok",
      text: "П'ять Київ-Варшава",
      words: ["п", "ять", "київ", "варшава"],
    });
  });

  it("builds a prefix tsquery with alternatives, from letters and digits only", () => {
    expect(toTsQuery([["вишиванки", "вишиванка"], ["2026"]])).toBe("(вишиванки:* | вишиванка:*) & 2026:*");
  });

  it("highlights whole words that start with a query word", () => {
    expect(highlight("Свято вишиванки у Варшаві", ["вишив"])).toEqual([
      { text: "Свято ", hit: false },
      { text: "вишиванки", hit: true },
      { text: " у Варшаві", hit: false },
    ]);
  });

  it("cuts a snippet around the first match", () => {
    const text = `${"слово ".repeat(60)}вишиванка ${"інше ".repeat(60)}`.trim();
    const snippet = snippetAround(text, ["вишиванка"], 100);
    expect(snippet).toContain("вишиванка");
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(102);
  });

  it("searches the section of the page the header is on", () => {
    expect(searchCategoryFor("/us/poster/kontsert")).toBe("poster");
    expect(searchCategoryFor("/services")).toBe("services");
    expect(searchCategoryFor("/search/diaspors")).toBe("diaspors");
    expect(searchCategoryFor("/")).toBe("novyny");
  });
});

describe("sitemap and feed documents", () => {
  const entries = [
    { path: "/novyny", lastmod: new Date("2026-11-20T10:00:00.123Z") },
    { path: "/novyny/a&b", lastmod: null },
  ];

  it("lists every path in both locales with hreflang alternates, after loc and lastmod", () => {
    const xml = urlsetXml("https://portal.example", entries);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    expect(xml.match(/<url>/g)).toHaveLength(4);
    expect(xml).toContain(
      '<url><loc>https://portal.example/us/novyny</loc><lastmod>2026-11-20T10:00:00Z</lastmod><xhtml:link rel="alternate" hreflang="uk" href="https://portal.example/novyny"/><xhtml:link rel="alternate" hreflang="en" href="https://portal.example/us/novyny"/><xhtml:link rel="alternate" hreflang="x-default" href="https://portal.example/novyny"/></url>',
    );
    expect(xml).toContain("<loc>https://portal.example/novyny/a&amp;b</loc>");
  });

  it("splits past 50,000 URLs into files for an index", () => {
    const many = Array.from({ length: MAX_URLS_PER_FILE / 2 + 1 }, (_, i) => ({ path: `/novyny/n-${i}`, lastmod: null }));
    const chunks = chunkEntries(many);
    expect(chunks.map((chunk) => chunk.length)).toEqual([MAX_URLS_PER_FILE / 2, 1]);
    const index = sitemapIndexXml("https://portal.example", [
      { path: "/sitemap/1.xml", lastmod: null },
      { path: "/sitemap/2.xml", lastmod: null },
    ]);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index).toContain("<sitemap><loc>https://portal.example/sitemap/2.xml</loc></sitemap>");
  });

  it("writes RSS 2.0 with a self link", () => {
    const xml = rssXml({
      title: "Новини — Портал",
      link: "https://portal.example/novyny",
      self: "https://portal.example/novyny/rss.xml",
      description: "Опис",
      language: "uk",
      items: [
        {
          title: "A <b>",
          link: "https://portal.example/novyny/a",
          description: "x",
          pubDate: new Date("2026-11-20T10:00:00Z"),
          category: "Культура",
        },
      ],
    });
    expect(xml).toContain('<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">');
    expect(xml).toContain('<atom:link href="https://portal.example/novyny/rss.xml" rel="self" type="application/rss+xml"/>');
    expect(xml).toContain("<title>A &lt;b&gt;</title>");
    expect(xml).toContain("<pubDate>Fri, 20 Nov 2026 10:00:00 GMT</pubDate>");
  });
});

describe("the page cache's LRU", () => {
  it("evicts the least recently used values past its size bound, and refuses oversized ones", () => {
    const lru = new SizedLru<string>(10);
    lru.set("a", "A", 4);
    lru.set("b", "B", 4);
    expect(lru.get("a")).toBe("A"); // a is now the most recently used
    lru.set("c", "C", 4); // full: a new key gets in on its second offer (the doorkeeper, below)
    lru.set("c", "C", 4);
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBe("A");
    expect(lru.size).toEqual({ entries: 2, bytes: 8 });
    expect(lru.set("huge", "H", 11)).toBe(false);
    expect(lru.get("huge")).toBeUndefined();
    expect(lru.size.entries).toBe(2);
  });

  it("once full, lets a new key in on its second offer only; a key already in is replaced at once", () => {
    const lru = new SizedLru<string>(8);
    expect(lru.set("hot", "H1", 4)).toBe(true); // room left: in at once
    expect(lru.set("warm", "W", 4)).toBe(true);
    // Full: one-off keys are turned away and evict nothing.
    for (const key of ["sweep-1", "sweep-2", "sweep-3"]) expect(lru.set(key, "S", 4)).toBe(false);
    expect(lru.get("hot")).toBe("H1");
    expect(lru.get("warm")).toBe("W");
    // A newer render of a kept key replaces it without waiting at the door.
    expect(lru.set("hot", "H2", 4)).toBe(true);
    expect(lru.get("hot")).toBe("H2");
    // Offered again, a key gets in and the least recently used one ("warm") makes room.
    expect(lru.set("sweep-2", "S2", 4)).toBe(true);
    expect(lru.get("sweep-2")).toBe("S2");
    expect(lru.get("warm")).toBeUndefined();
    expect(lru.size).toEqual({ entries: 2, bytes: 8 });
    // Cleared, it has room again, and forgot what it had turned away.
    lru.clear();
    expect(lru.set("sweep-3", "S3", 4)).toBe(true);
    expect(lru.set("a", "A", 4)).toBe(true);
    expect(lru.set("sweep-1", "S1", 4)).toBe(false);
  });
});
