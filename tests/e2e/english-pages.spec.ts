import { test, expect } from "./support/fixtures.ts";

// One language per page: English pages of the seeded demo carry no Ukrainian in the
// shell (header, footer, navigation), in taxonomy names, or in titles of content that has an
// English version. Ukrainian shown on purpose (content without an English version, the
// language switcher) is marked lang="uk" and left out; adverts are user text in any language.

test.use({ axe: { enabled: false } }); // many pages: this test is about words, axe runs elsewhere

const CYRILLIC = /[\u0400-\u04ff]/u;
const SKIP =
  /^\/us\/(login|verify-request|dashboard|cabinet|dodaty-ogoloshennya|report|delete-account|search|set-locale)|\.(xml|ics)$|\/click$/;
const MAX_PAGES = 45;

test("English pages speak English in the shell, taxonomy and titles @no-js-only", async ({ page }) => {
  test.setTimeout(180_000);
  const queue = ["/us", "/us/novyny", "/us/poster", "/us/services", "/us/diaspors", "/us/advertisement", "/us/poster?when=past"];
  const seen = new Set<string>(queue);
  const problems: string[] = [];
  let visited = 0;
  while (queue.length && visited < MAX_PAGES) {
    const path = queue.shift()!;
    const response = await page.goto(path);
    if (response?.status() !== 200) continue;
    visited++;
    const found = await page.evaluate((source) => {
      const cyrillic = new RegExp(source, "u");
      const out: string[] = [];
      const markedUkrainian = (node: Node) => (node.parentElement?.closest("[lang]")?.getAttribute("lang") ?? "") === "uk";
      // The shell and every navigation, plus taxonomy wherever it is linked or offered.
      const scopes = [
        ...document.querySelectorAll("body > * header, body header, footer, nav"),
        ...document.querySelectorAll(
          'a[href*="/category/"], select[name="location"], select[name="near"], select[name="category"], [class*="tag"]',
        ),
      ];
      for (const scope of new Set(scopes)) {
        const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent?.trim() ?? "";
          if (text && cyrillic.test(text) && !markedUkrainian(node)) out.push(`${scope.tagName.toLowerCase()}: "${text.slice(0, 60)}"`);
        }
      }
      const links = [...document.querySelectorAll<HTMLAnchorElement>('a[href^="/us"]')].map((a) => a.getAttribute("href")!);
      const mainLang = document.querySelector("main h1")?.closest("[lang]")?.getAttribute("lang");
      return { problems: [...new Set(out)], links, title: document.title, mainLang };
    }, CYRILLIC.source);
    for (const problem of found.problems) problems.push(`${path} ${problem}`);
    const isAdvert = /^\/us\/advertisement\/(?!category\/)[^/?]+$/.test(path);
    if (CYRILLIC.test(found.title) && !isAdvert && !found.title.includes("(in Ukrainian)"))
      problems.push(`${path} title: "${found.title}"`);
    for (const href of found.links) {
      const clean = href.split("#")[0]!;
      if (!seen.has(clean) && !SKIP.test(clean) && !clean.includes("page=")) {
        seen.add(clean);
        queue.push(clean);
      }
    }
  }
  expect(visited).toBeGreaterThan(30);
  expect(problems).toEqual([]);
});

test("an English page of content without an English version says so in its title @no-js-only", async ({ page }) => {
  // The demo's third campaign has Ukrainian text only.
  await page.goto("/us/reklama/yurydychna-konsultatsiia");
  await expect(page).toHaveTitle(/\(in Ukrainian\) — /);
  await expect(page.locator("main h1")).toHaveAttribute("lang", "uk");
});
