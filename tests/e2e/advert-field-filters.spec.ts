// The jobs list filtered by its category's fields, with JavaScript on and off: a salary range
// (the category's "salary from" and "salary to" fields as one from–to pair, matching the jobs
// whose own range meets it) and an employment type narrow the list and stay in the address and the form; the filtered
// list is saved as a search and reopened from the cabinet with the same filters and adverts.
// The one demo job with a full-time salary from 4,500 to 5,000 zł is the line operator.
// The js and no-js projects may run at once: each signs in as its own demo account.
import type { Page, TestInfo } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";

const COOK = "Шукаємо кухаря в українське кафе";
const DEVELOPER = "Вакансія: фронтенд-розробник (React)";
const CLEANER = "Cleaner wanted, part-time";
const ELECTRICIAN = "Помічник електрика, повний день";
const OPERATOR = "Оператор виробничої лінії, Варшава";

/** The jobs list is on screen with `filters` in its address, and finds one advert. */
async function expectOneJobFilteredBy(page: Page, filters: Record<string, string>) {
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === "/advertisement/category/robota" &&
      Object.entries(filters).every(([name, value]) => url.searchParams.get(name) === value),
  );
  await expect(page.getByRole("status").filter({ hasText: "Знайдено 1 оголошення" })).toBeVisible();
}

function accountFor(testInfo: TestInfo) {
  return testInfo.project.name === "no-js" ? "editor" : "user";
}

test("filter jobs by a salary range and an employment type, save the search and reopen it", async ({ page, login }, testInfo) => {
  await login(accountFor(testInfo));
  await page.goto("/advertisement/category/robota");
  const filters = page.getByRole("search", { name: "Фільтри оголошень" });
  await expect(page.getByRole("link", { name: CLEANER })).toBeVisible();

  // One pair for the salary, not a pair for each of its two fields.
  const salary = filters.getByRole("group", { name: "Зарплата, на місяць" });
  await expect(salary.getByRole("textbox")).toHaveCount(2);
  await expect(filters.getByRole("textbox", { name: /^Зарплата (від|до)/ })).toHaveCount(0);
  // The salary is the jobs' price: no second from–to pair for a price.
  await expect(filters.getByRole("textbox", { name: /^Ціна/ })).toHaveCount(0);
  await salary.getByRole("textbox", { name: "Зарплата, від" }).fill("4500");
  await salary.getByRole("textbox", { name: "Зарплата, до" }).fill("5000");
  await filters.getByLabel("Тип зайнятості").selectOption("full_time");
  await filters.getByRole("button", { name: "Показати" }).click();

  await expectOneJobFilteredBy(page, { "f.salary.min": "4500", "f.salary.max": "5000", "f.employment": "full_time" });
  await expect(page.getByRole("link", { name: OPERATOR })).toBeVisible();
  // 5,200 to 6,000: above the range (the advert-fields spec posts another such cook into the same database).
  await expect(page.getByRole("link", { name: COOK })).toHaveCount(0);
  // A contract, not full time; the others name no salary.
  await expect(page.getByRole("link", { name: DEVELOPER })).toHaveCount(0);
  await expect(page.getByRole("link", { name: CLEANER })).toHaveCount(0);
  await expect(page.getByRole("link", { name: ELECTRICIAN })).toHaveCount(0);
  // The form shows what applies.
  await expect(salary.getByRole("textbox", { name: "Зарплата, від" })).toHaveValue("4500");
  await expect(salary.getByRole("textbox", { name: "Зарплата, до" })).toHaveValue("5000");
  await expect(filters.getByLabel("Тип зайнятості")).toHaveValue("full_time");

  const name = `Робота 4500-5000 ${testInfo.project.name}`;
  await page.locator("summary", { hasText: "Зберегти цей пошук" }).click();
  await page.getByLabel("Назва пошуку").fill(name);
  await page.getByRole("button", { name: "Зберегти пошук" }).click();
  await expect(page.getByText("Пошук збережено")).toBeVisible();

  await page.goto("/cabinet/saved-searches");
  await page.getByRole("link", { name }).click();
  await expectOneJobFilteredBy(page, { "f.salary.min": "4500", "f.salary.max": "5000", "f.employment": "full_time" });
  await expect(page.getByRole("link", { name: CLEANER })).toHaveCount(0);

  await page.goto("/cabinet/saved-searches");
  await page
    .locator("article", { has: page.getByRole("heading", { name }) })
    .getByRole("button", { name: "Видалити" })
    .click();
  await expect(page.getByRole("heading", { name })).toHaveCount(0);
});
