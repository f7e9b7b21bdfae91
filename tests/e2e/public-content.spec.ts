import { test, expect } from "./support/fixtures.ts";
import { seededCardLinks } from "./support/content.ts";

// Public content against the seeded demo database, with and without JavaScript.

const sections = [
  { path: "/novyny", uk: "Новини", en: "News" },
  { path: "/poster", uk: "Афіша", en: "Events" },
  { path: "/services", uk: "Послуги", en: "Services" },
  { path: "/diaspors", uk: "Діаспора", en: "Diaspora" },
];

test.describe("public content", () => {
  for (const section of sections) {
    test(`${section.path} lists items and opens one, in both languages`, async ({ page }) => {
      for (const [prefix, heading, lang] of [
        ["", section.uk, "uk"],
        ["/us", section.en, "en"],
      ] as const) {
        const response = await page.goto(`${prefix}${section.path}`);
        expect(response?.status()).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
        const cards = seededCardLinks(page);
        expect(await cards.count()).toBeGreaterThan(0);
        const first = cards.first();
        const title = (await first.innerText()).trim();
        await first.click();
        await expect(page).toHaveURL(new RegExp(`${prefix}${section.path}/[a-z0-9-]+$`));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
        await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
      }
    });
  }

  test("news pages by 12, with working page links and a 404 past the end", async ({ page }) => {
    await page.goto("/novyny");
    await expect(page.locator("main .content-grid .content-card")).toHaveCount(12);
    await page.getByRole("link", { name: /Наступна/ }).click();
    await expect(page).toHaveURL(/\/novyny\?page=2$/);
    await expect(page.locator('.pagination [aria-current="page"]')).toContainText("2");
    const missing = await page.goto("/novyny?page=999");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Сторінку не знайдено: /novyny");
    expect((await page.goto("/novyny?page=abc"))?.status()).toBe(404);
    expect((await page.goto("/novyny/no-such-article"))?.status()).toBe(404);
    expect((await page.goto("/us/poster/category/no-such-category"))?.status()).toBe(404);
  });

  test("English pages mark the Ukrainian fallback text", async ({ page }) => {
    // The demo content has news without English text from the second page on.
    await page.goto("/us/novyny?page=2");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator('main .content-card__title [lang="uk"]').first()).toBeVisible();
  });

  test("the poster list filters by city and shows past events", async ({ page }) => {
    await page.goto("/poster");
    await page.getByLabel("Місто").selectOption("varshava");
    await page.getByRole("button", { name: "Показати" }).click();
    await expect(page).toHaveURL(/\/poster\?location=varshava$/);
    await expect(page.getByLabel("Місто")).toHaveValue("varshava");
    await page.getByRole("link", { name: "Минулі" }).click();
    await expect(page).toHaveURL(/when=past/);
    await expect(page.getByRole("link", { name: "Минулі" })).toHaveAttribute("aria-current", "page");
  });

  test("an event offers an .ics download", async ({ page, request }) => {
    await page.goto("/poster");
    await seededCardLinks(page).first().click();
    const href = await page.getByRole("link", { name: "Додати до календаря" }).getAttribute("href");
    expect(href).toMatch(/^\/poster\/[a-z0-9-]+\/event\.ics$/);
    const ics = await request.get(href!);
    expect(ics.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(await ics.text()).toContain("BEGIN:VEVENT");
  });

  test("the header search finds news by a title word, and by the word misspelt", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("search", { name: "Пошук на сайті" });
    await search.getByRole("searchbox").fill("вишиванок");
    await search.getByRole("button").click();
    await expect(page).toHaveURL(/\/search\/novyny\?q=/);
    await expect(page.locator(".search-result mark").first()).toHaveText(/вишиван/i);
    const results = page.locator(".search-result");
    expect(await results.count()).toBeGreaterThan(0);

    await page.goto("/search/novyny?q=" + encodeURIComponent("вишеванок"));
    await expect(page.locator(".search-page__corrected")).toContainText("вишиванок");
    await expect(page.locator(".search-result").first()).toBeVisible();

    await page.goto("/us/search/novyny?q=a");
    await expect(page.locator("#search-message")).toContainText("too short");
    expect((await page.goto("/search/nope?q=test"))?.status()).toBe(404);
  });

  test("the header search looks in the section it is on", async ({ page }) => {
    await page.goto("/us/services");
    const search = page.getByRole("search", { name: "Site search" });
    await search.getByRole("searchbox").fill("Toronto");
    await search.getByRole("button").click();
    await expect(page).toHaveURL(/\/us\/search\/services\?q=Toronto$/);
    await expect(page.getByRole("link", { name: "Services" }).and(page.locator('[aria-current="page"]'))).toBeVisible();
  });
});

test.describe("machine-readable documents @no-js-only", () => {
  test("sitemap.xml lists both locales with alternates, and every URL in it answers 200", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"')).toBe(
      true,
    );
    const urls = [
      ...xml.matchAll(
        /<url><loc>([^<]+)<\/loc>(?:<lastmod>[^<]+<\/lastmod>)?(?:<xhtml:link rel="alternate" hreflang="(?:uk|en|x-default)" href="[^"]+"\/>){3}<\/url>/g,
      ),
    ].map((m) => m[1]!);
    expect(urls.length).toBe((xml.match(/<url>/g) ?? []).length);
    expect(urls.length).toBeGreaterThan(100);
    expect(urls.filter((url) => new URL(url).pathname.startsWith("/us")).length).toBe(urls.length / 2);
    // Hundreds of uncached pages: a few at a time, and the time that takes is not the test's limit.
    test.setTimeout(120_000);
    for (let start = 0; start < urls.length; start += 6) {
      const batch = urls.slice(start, start + 6);
      const statuses = await Promise.all(
        batch.map((url) => request.get(new URL(url).pathname, { maxRedirects: 0 }).then((page) => page.status())),
      );
      batch.forEach((url, index) => expect(statuses[index], url).toBe(200));
    }
    const robots = await request.get("/robots.txt");
    expect(await robots.text()).toContain("/sitemap.xml");
  });

  test("RSS feeds are linked from their pages and valid RSS 2.0", async ({ request, page }) => {
    await page.goto("/novyny");
    const href = await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute("href");
    expect(href).toBe("/novyny/rss.xml");
    for (const feed of ["/novyny/rss.xml", "/us/poster/rss.xml", "/novyny/category/kultura/rss.xml"]) {
      const response = await request.get(feed);
      expect(response.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
      const xml = await response.text();
      expect(xml).toContain('<rss version="2.0"');
      expect(xml).toContain("<item>");
    }
  });

  test("public pages are shareable by a CDN and answer 304 to a matching ETag", async ({ request }) => {
    const first = await request.get("/us/novyny");
    expect(first.headers()["cache-control"]).toMatch(/^public, .*s-maxage=\d+, stale-while-revalidate=\d+/);
    const etag = first.headers()["etag"]!;
    expect(etag).toBeTruthy();
    const again = await request.get("/us/novyny", { headers: { "If-None-Match": etag } });
    expect(again.status()).toBe(304);
    const image = (await first.text()).match(/\/uploads\/images\/[^" ]+\.webp/)![0];
    expect((await request.get(image)).headers()["cache-control"]).toContain("immutable");
  });

  test("reklama clicks redirect through a counting link", async ({ request }) => {
    const home = await (await request.get("/")).text();
    const click = home.match(/href="(\/reklama\/[a-z0-9-]+\/click)"/)![1]!;
    const response = await request.get(click, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBeTruthy();
  });
});
