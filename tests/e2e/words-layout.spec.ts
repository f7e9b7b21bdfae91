// Layout and wording found by a usability test: the header shows names whole at 1366 px and
// a short site name on phones; the cookie settings keep their title, close button and
// actions on screen at 360x640 and 1366x768; card grids fill their rows and the in-feed
// reklama spans the grid; an event under way reads "until <end>". JS on and off.
import type { Page } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";

/** Header texts that are drawn narrower than they are: cut with an ellipsis or clipped. */
async function cutTexts(page: Page): Promise<string[]> {
  return page
    .locator(".site-header")
    .evaluate((header) =>
      [
        ...header.querySelectorAll<HTMLElement>(
          ".site-header__name, .account-menu__link span, .language-switch span, .site-header__nav a, .account-menu button",
        ),
      ]
        .filter((element) => element.getClientRects().length > 0 && element.clientWidth > 1 && element.scrollWidth > element.clientWidth)
        .map((element) => `${element.textContent} (${element.scrollWidth} > ${element.clientWidth})`),
    );
}

test.describe("header", () => {
  for (const role of ["admin", "user"] as const) {
    test(`at 1366 px nothing in the header is cut short, signed in as ${role}, both languages`, async ({ page, login }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await login(role);
      for (const path of ["/", "/us"]) {
        await page.goto(path);
        await expect(page.locator(".account-menu__link").first()).toBeVisible();
        // The name, the inbox and the dashboard.
        if (role === "admin") await expect(page.locator(".account-menu__link")).toHaveCount(3);
        expect(await cutTexts(page), path).toEqual([]);
      }
    });
  }

  test("on a 360 px phone the site name is the short one, whole; the language switch names the language", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    for (const [path, short, full, other] of [
      ["/", "Діаспора", "Українська діаспора", "English"],
      ["/us", "Diaspora", "Ukrainian Diaspora", "Українська"],
    ] as const) {
      await page.goto(path);
      const brand = page.locator(".site-header__brand");
      await expect(brand.locator(".site-header__name--short")).toHaveText(short);
      await expect(brand.locator(".site-header__name--short")).toBeVisible();
      // The full name stays the link's name for screen readers.
      await expect(brand).toHaveAccessibleName(full);
      expect(await cutTexts(page), path).toEqual([]);
      await page.locator(".site-menu__toggle").click(); // phones keep the switch in the menu
      const language = page.locator(".language-switch");
      await expect(language).toBeVisible();
      await expect(language).toHaveAccessibleName(other);
      await expect(language).toHaveAttribute("lang", path === "/" ? "en" : "uk");
    }
  });
});

test.describe("cookie settings dialog", () => {
  for (const viewport of [
    { width: 360, height: 640 },
    { width: 1366, height: 768 },
  ]) {
    test(`stays within a ${viewport.width}x${viewport.height} screen with its title, close button and actions in view`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto("/poster?consent=manage");
      const dialog = page.getByRole("dialog", { name: "Налаштування cookie" });
      await expect(dialog).toBeVisible();
      const inView = async (what: string, box: { x: number; y: number; width: number; height: number } | null) => {
        expect(box, what).not.toBeNull();
        expect(box!.y, `${what} top`).toBeGreaterThanOrEqual(0);
        expect(box!.x, `${what} left`).toBeGreaterThanOrEqual(0);
        expect(box!.y + box!.height, `${what} bottom`).toBeLessThanOrEqual(viewport.height);
        expect(box!.x + box!.width, `${what} right`).toBeLessThanOrEqual(viewport.width);
      };
      await inView("dialog", await dialog.boundingBox());
      await inView("title", await dialog.getByRole("heading", { name: "Налаштування cookie" }).boundingBox());
      // Opened by its address, the close control is a link back to the page (JS or not).
      await inView("close", await dialog.getByRole("link", { name: "Закрити" }).boundingBox());
      await inView("save", await dialog.getByRole("button", { name: "Зберегти" }).boundingBox());
      // The last toggle is reached by scrolling the body, and the title stays where it was.
      const title = await dialog.getByRole("heading").boundingBox();
      await dialog.getByRole("switch", { name: /Аналітика/ }).scrollIntoViewIfNeeded();
      await inView("analytics switch", await dialog.getByRole("switch", { name: /Аналітика/ }).boundingBox());
      expect((await dialog.getByRole("heading").boundingBox())?.y).toBe(title?.y);
    });
  }
});

test.describe("card grids", () => {
  for (const width of [360, 768, 1366]) {
    test(`at ${width} px the cards before the in-feed reklama fill whole rows and the reklama spans the grid @no-js-only`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ["/poster", "/novyny", "/"]) {
        await page.goto(path);
        const grids = page.locator(".content-grid");
        expect(await grids.count(), path).toBeGreaterThan(0);
        for (const grid of await grids.all()) {
          const shape = await grid.evaluate((list) => {
            const columns = getComputedStyle(list).gridTemplateColumns.split(" ").length;
            const items = [...list.children] as HTMLElement[];
            const wide = items.findIndex((item) => item.classList.contains("content-grid__wide"));
            const reklama = wide >= 0 ? items[wide]!.querySelector(".reklama")?.getBoundingClientRect().width : undefined;
            return { columns, cards: items.length - (wide >= 0 ? 1 : 0), before: wide, reklama, grid: list.getBoundingClientRect().width };
          });
          // A full page or a home section fills its rows; a short last page may not.
          if (path === "/" || shape.cards === 12)
            expect(shape.cards % shape.columns, `${path}: ${shape.cards} cards in ${shape.columns} columns`).toBe(0);
          if (shape.before >= 0) {
            expect(shape.before % shape.columns, `${path}: reklama after ${shape.before} cards`).toBe(0);
            expect(shape.reklama, `${path}: reklama width`).toBeCloseTo(shape.grid, 0);
          }
        }
      }
    });
  }
});

test("an event that has started and not ended is listed as ongoing, with its end", async ({ page }) => {
  await page.goto("/poster");
  const ongoing = page.locator(".content-card__meta time").filter({ hasText: /^Триває до \d\d(\.\d\d|:\d\d)$/ });
  await expect(ongoing.first()).toBeVisible();
  await page.goto("/us/poster");
  await expect(
    page
      .locator(".content-card__meta time")
      .filter({ hasText: /^Ongoing until (\d\d\/\d\d|\d+:\d\d [AP]M)$/ })
      .first(),
  ).toBeVisible();
});
