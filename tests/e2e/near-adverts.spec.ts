// The advert list near a place, with JavaScript on and off: an address with a place and a
// radius lists the adverts of the cities within it and shows how far each is (the demo's
// Wieliczka advert ~12 km from Kraków; Kraków's own say nothing more), and the filter form
// sets the place, the radius and "nearest first" in both languages; a search saved near a place
// says "Kraków + 20 km" in the cabinet and opens with its radius.
import type { TestInfo } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";

const WIELICZKA_ADVERT = "Кавоварка DeLonghi Magnifica, гарний стан";
const KATOWICE_ADVERT = "Гірський велосипед Kross Hexagon, рама M";

/** One account per project, so the two projects' saved searches do not meet. */
const accountFor = (testInfo: TestInfo) => (testInfo.project.name === "no-js" ? "editor" : "admin");

const cardOf = (page: import("@playwright/test").Page, title: string) =>
  page.locator("article.advert-card", { has: page.getByRole("link", { name: title }) });

test.describe("adverts near a place", () => {
  test("an address with a place and a radius lists the cities within it, with distances", async ({ page }) => {
    await page.goto("/advertisement?near=krakiv&radius=20");
    const filters = page.getByRole("search", { name: "Фільтри оголошень" });
    await expect(filters.getByLabel("Місто", { exact: true })).toHaveValue("krakiv");
    await expect(filters.getByLabel("Відстань", { exact: true })).toHaveValue("20");
    const near = cardOf(page, WIELICZKA_ADVERT);
    await expect(near.locator(".content-card__meta")).toContainText("Величка · 12 км");
    await expect(cardOf(page, KATOWICE_ADVERT)).toHaveCount(0);
    // Kraków's own adverts carry no distance (under 1 km says nothing).
    const cards = page.locator("main .content-grid article.advert-card");
    await expect(cards.first()).toBeVisible();
    await expect(cards.filter({ hasText: "Краків" }).first()).toBeVisible();
    await expect(cards.filter({ hasText: "Краків" }).locator(".advert-card__distance")).toHaveCount(0);
    // Every card is in Kraków or Wieliczka.
    expect(await cards.count()).toBe(await cards.filter({ hasText: /Краків|Величка/ }).count());
  });

  test("the filter form sets the place, the radius and nearest first (Ukrainian)", async ({ page }) => {
    await page.goto("/advertisement");
    const filters = page.getByRole("search", { name: "Фільтри оголошень" });
    await filters.getByLabel("Місто", { exact: true }).selectOption("krakiv");
    await filters.getByLabel("Відстань", { exact: true }).selectOption("20");
    await filters.getByLabel("Сортування", { exact: true }).selectOption("nearest");
    await filters.getByRole("button", { name: "Показати" }).click();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === "/advertisement" &&
        url.searchParams.get("near") === "krakiv" &&
        url.searchParams.get("radius") === "20" &&
        url.searchParams.get("sort") === "nearest",
    );
    await expect(filters.getByLabel("Сортування", { exact: true })).toHaveValue("nearest");
    const cards = page.locator("main .content-grid article.advert-card");
    // Nearest first: Kraków's adverts, then Wieliczka's, the last on the page.
    await expect(cards.first().locator(".content-card__meta")).toContainText("Краків");
    await expect(cards.last().locator(".content-card__meta")).toContainText("Величка · 12 км");
  });

  test("'nearest to me' picks the nearest place from the browser's position, which never reaches the server @js-only", async ({
    page,
    context,
  }) => {
    // Just south-east of Wieliczka: nearer to it than to Kraków.
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 49.98, longitude: 20.08 });
    const asked: string[] = [];
    page.on("request", (request) => asked.push(request.url()));
    await page.goto("/advertisement");
    const filters = page.getByRole("search", { name: "Фільтри оголошень" });
    await filters.getByRole("button", { name: "Найближче до мене" }).click();
    await expect(filters.getByRole("status")).toHaveText("Найближче місто: Величка");
    await expect(filters.getByLabel("Місто", { exact: true })).toHaveValue("velichka");
    expect(asked.filter((url) => /49\.9|20\.08/.test(url))).toEqual([]);
  });

  test("without JS there is no 'nearest to me' button to press @no-js-only", async ({ page }) => {
    await page.goto("/advertisement");
    await expect(page.getByRole("button", { name: "Найближче до мене" })).toBeHidden();
  });

  test("the filter form in English: a wider radius reaches Katowice", async ({ page }) => {
    await page.goto("/us/advertisement");
    const filters = page.getByRole("search", { name: "Advert filters" });
    await filters.getByLabel("Place", { exact: true }).selectOption("krakiv");
    await filters.getByLabel("Distance", { exact: true }).selectOption({ label: "+ 100 km" });
    await filters.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === "/us/advertisement" && url.searchParams.get("near") === "krakiv" && url.searchParams.get("radius") === "100",
    );
    await expect(filters.getByLabel("Distance", { exact: true })).toHaveValue("100");
    await expect(cardOf(page, KATOWICE_ADVERT).locator(".content-card__meta")).toContainText(/Katowice · 6\d km/);
    await expect(cardOf(page, WIELICZKA_ADVERT).locator(".content-card__meta")).toContainText("Wieliczka · 12 km");
  });

  test("a search saved near a place shows the place and radius and opens with them", async ({ page, login }, testInfo) => {
    await login(accountFor(testInfo));
    await page.goto("/us/advertisement?near=krakiv&radius=20");
    await page.locator("summary", { hasText: "Save this search" }).click();
    // The suggested name names the place and radius.
    await expect(page.getByLabel("Search name")).toHaveValue(/Kraków \+ 20 km/);
    const name = `Near Kraków ${testInfo.project.name} ${Date.now()}`;
    await page.getByLabel("Search name").fill(name);
    await page.getByRole("button", { name: "Save search" }).click();
    await expect(page.getByText("Search saved")).toBeVisible();

    await page.goto("/us/cabinet/saved-searches");
    const row = page.locator("article", { has: page.getByRole("heading", { name }) });
    await expect(row.getByText("Place: Kraków + 20 km")).toBeVisible();
    await row.getByRole("link", { name }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/us/advertisement" && url.search === "?near=krakiv&radius=20");

    await page.goto("/us/cabinet/saved-searches");
    await page
      .locator("article", { has: page.getByRole("heading", { name }) })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByText("Search deleted.")).toBeVisible();
  });

  test("the older ?location= address still lists the city itself, and an unknown place is not found", async ({ page }) => {
    await page.goto("/advertisement?location=krakiv");
    await expect(page.getByRole("search", { name: "Фільтри оголошень" }).getByLabel("Місто", { exact: true })).toHaveValue("krakiv");
    await expect(page.locator("main .content-grid article.advert-card").first()).toBeVisible();
    await expect(cardOf(page, WIELICZKA_ADVERT)).toHaveCount(0);
    const missing = await page.goto("/advertisement?near=atlantida&radius=20");
    expect(missing?.status()).toBe(404);
  });
});
