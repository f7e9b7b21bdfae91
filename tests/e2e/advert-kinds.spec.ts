// Advert kinds in the browser, with JavaScript on and off: a "wanted" advert posted through the
// form shows its badge, the list's filter narrows the adverts to that kind (the choice in the
// URL), and the filtered list is saved as a search that names the kind.
import type { TestInfo } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";
import { uniqueText } from "./support/unique.ts";

/**
 * One account per project, so the two projects' searches and adverts do not meet; staff
 * accounts, because the demo user's ten adverts a day go to the other posting specs.
 */
function accountFor(testInfo: TestInfo) {
  return testInfo.project.name === "no-js" ? "editor" : "admin";
}

test.describe("advert kinds", () => {
  // A full form round trip on a shared 2-core machine: more time than a page view.
  test.describe.configure({ timeout: 120_000 });

  test("post a wanted advert, filter the list by kind, save the search", async ({ page, browser, login }, testInfo) => {
    await login(accountFor(testInfo));
    await page.goto("/dodaty-ogoloshennya");
    const title = uniqueText("Шукаю дитячий велосипед");
    await page.getByRole("radio", { name: /^Шукаю/ }).check();
    await page.getByLabel("Заголовок").first().fill(title);
    await page.getByLabel("Категорія").selectOption({ index: 5 });
    await page.getByLabel("Місто").selectOption({ index: 1 });
    await page.getByLabel("Опис").fill("Шукаю вживаний дитячий велосипед з колесами 16 дюймів, можу забрати сам.");
    await page.getByLabel("Сума", { exact: true }).fill("300");
    await page.getByLabel("Валюта").selectOption("PLN");
    await page.getByRole("button", { name: "Опублікувати оголошення" }).click();

    await expect(page).toHaveURL((url) => url.pathname === "/cabinet/advertisement");
    const row = page.getByRole("article", { name: title });
    await expect(row.locator(".kind-badge")).toHaveText("Шукаю");

    await page.goto("/advertisement");
    const filters = page.getByRole("search", { name: "Фільтри оголошень" });
    await filters.getByLabel("Тип", { exact: true }).selectOption("wanted");
    await filters.getByRole("button", { name: "Показати" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/advertisement" && url.searchParams.get("kind") === "wanted");
    await expect(filters.getByLabel("Тип", { exact: true })).toHaveValue("wanted");
    const card = page.locator("article.advert-card", { has: page.getByRole("link", { name: title }) });
    await expect(card.locator(".kind-badge")).toHaveText("Шукаю");
    const advertPath = await card.getByRole("link", { name: title }).getAttribute("href");
    // Every card on the filtered list is of that kind: the seeded offers are gone.
    const cards = page.locator("article.advert-card");
    await expect(cards.first()).toBeVisible();
    await expect(cards.filter({ hasNot: page.locator(".kind-badge--wanted") })).toHaveCount(0);

    await page.locator("summary", { hasText: "Зберегти цей пошук" }).click();
    const name = page.getByLabel("Назва пошуку");
    await expect(name).toHaveValue(/Шукаю/);
    const searchName = `Шукаю ${testInfo.project.name} ${Date.now()}`;
    await name.fill(searchName);
    await page.getByRole("button", { name: "Зберегти пошук" }).click();
    await expect(page.getByText("Пошук збережено")).toBeVisible();

    await page.goto("/cabinet/saved-searches");
    const saved = page.locator("article", { has: page.getByRole("heading", { name: searchName }) });
    await expect(saved.getByText("Тип оголошення: Шукаю")).toBeVisible();
    await saved.getByRole("link", { name: searchName }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/advertisement" && url.searchParams.get("kind") === "wanted");

    await page.goto("/cabinet/saved-searches");
    await page
      .locator("article", { has: page.getByRole("heading", { name: searchName }) })
      .getByRole("button", { name: "Видалити" })
      .click();
    await expect(page.getByText("Пошук видалено.")).toBeVisible();

    // A visitor writes to a wanted advert's author, not to a seller.
    const visitor = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    });
    try {
      const advertPage = await visitor.newPage();
      await advertPage.goto(advertPath!);
      await expect(advertPage.getByRole("link", { name: "Увійдіть, щоб написати автору" })).toBeVisible();
      await expect(advertPage.getByRole("heading", { name: "Про автора" })).toBeVisible();
    } finally {
      await visitor.close();
    }
  });
});
