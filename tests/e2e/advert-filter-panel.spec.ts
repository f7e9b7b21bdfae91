// The advert filters on a phone without JavaScript: a plain list shows its adverts first (the
// panel closed), and the results of the form come back with the panel open, so the fields the
// chosen category just brought in are in view.
import { test, expect } from "./support/fixtures.ts";

test.use({ viewport: { width: 360, height: 800 } });

test("the filter panel stays open on the results of a submit @no-js-only", async ({ page }) => {
  await page.goto("/advertisement");
  const filters = page.getByRole("search", { name: "Фільтри оголошень" });
  const toggle = page.locator("summary", { hasText: "Фільтри" });
  await expect(filters.getByLabel("Категорія")).toBeHidden();

  await toggle.click();
  await filters.getByLabel("Категорія").selectOption("robota");
  await filters.getByRole("button", { name: "Показати" }).click();

  await expect(page).toHaveURL((url) => url.pathname === "/advertisement/category/robota");
  await expect(filters.getByRole("textbox", { name: "Зарплата, від" })).toBeVisible();
  await expect(filters.getByLabel("Тип зайнятості")).toBeVisible();

  // A plain link to the category still leads with its adverts.
  await page.goto("/advertisement/category/robota");
  await expect(page.locator("summary", { hasText: "Фільтри" })).toBeVisible();
  await expect(filters.getByLabel("Тип зайнятості")).toBeHidden();
});
