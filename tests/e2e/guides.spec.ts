// Guides (docs/product.md#guides) with JavaScript on and off, on the demo guides: the list and
// its topic filter (a GET form), a guide's contents and steps, the notice on a guide checked
// long ago, and the search finding a guide by another form of a word.
import { test, expect } from "./support/fixtures.ts";

test.describe("guides", () => {
  test("the list filters by topic; a guide has its contents and steps", async ({ page }) => {
    await page.goto("/dovidnyk");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Довідник");
    await expect(page.locator(".content-grid > li:not(.content-grid__wide)")).toHaveCount(12);

    await page.getByLabel("Тема", { exact: true }).selectOption("money");
    await page.getByRole("button", { name: "Показати" }).click();
    await expect(page).toHaveURL(/\/dovidnyk\?topic=money/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Гроші й банки");
    await expect(page.locator(".content-grid > li:not(.content-grid__wide)")).toHaveCount(2);

    await page.getByRole("link", { name: "Як відкрити банківський рахунок" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Як відкрити банківський рахунок");
    const contents = page.getByRole("navigation", { name: "Зміст" });
    await expect(contents.getByRole("link")).toHaveText(["Який банк обрати", "Крок за кроком"]);
    await contents.getByRole("link", { name: "Крок за кроком" }).click();
    await expect(page).toHaveURL(/#steps$/);
    await expect(page.locator(".guide__steps li").first()).toContainText("Візьміть: паспорт");
    await expect(page.locator(".guide__outdated")).toHaveCount(0);
  });

  test("a guide checked long ago says it may be outdated, in English too", async ({ page }) => {
    await page.goto("/dovidnyk/pesel");
    await expect(page.locator(".guide__outdated")).toContainText("Цю довідку востаннє перевіряли");
    await page.goto("/us/dovidnyk/pesel");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("PESEL number for Ukrainians in Poland");
    await expect(page.locator(".guide__outdated")).toContainText("This guide was last checked on");
  });

  test("a reader tells staff a guide is outdated through the report form, with its own reasons", async ({ page }) => {
    await page.goto("/dovidnyk/pesel");
    await page.locator("summary", { hasText: "Поскаржитися" }).click();
    await expect(page.getByRole("radio", { name: "Шахрайство" })).toHaveCount(0);
    await page.getByRole("radio", { name: "Довідка застаріла" }).check();
    await page.getByLabel("Повідомлення").fill("У гміні тепер просять ще й договір оренди.");
    await page.getByRole("button", { name: "Надіслати скаргу" }).click();
    await expect(page.getByText("Дякуємо! Скаргу отримано")).toBeVisible();
  });

  test("the search finds a guide by another form of a word", async ({ page }) => {
    await page.goto(`/search/dovidnyk?q=${encodeURIComponent("посвідченням")}`);
    await expect(page.getByRole("link", { name: "Обмін українського посвідчення водія" })).toBeVisible();
  });
});
