// Categories whose own field states the price (rent, salary), with JavaScript on and off: the
// posting form asks for the amount once (the field, with the advert's currency) and the advert
// page shows one price in one spelling; a job's card shows its salary range per month.
import { test, expect } from "./support/fixtures.ts";

const COOK = "Шукаємо кухаря в українське кафе";

test("a flat to rent asks for its rent once and shows it once", async ({ page, login }, testInfo) => {
  test.setTimeout(120_000);
  await login("user");
  await page.goto("/dodaty-ogoloshennya");
  const title = `Квартира біля парку ${testInfo.project.name} ${Date.now().toString(36)}`;
  await page.getByLabel("Заголовок", { exact: false }).first().fill(title);
  await page.getByLabel("Категорія").selectOption({ label: "— Оренда квартир" });
  if (testInfo.project.name === "no-js") await page.getByRole("button", { name: "Показати поля категорії" }).click();
  const details = page.getByRole("group", { name: "Деталі" });
  await expect(details.getByLabel("Оренда, на місяць")).toBeVisible();
  // One amount: the rent; the price block keeps only the currency.
  await expect(page.getByLabel("Сума")).toBeHidden();
  await expect(page.getByRole("radio", { name: "Договірна" })).toBeHidden();

  await page.getByLabel("Місто").selectOption({ index: 1 });
  await page
    .getByRole("textbox", { name: /^Опис/ })
    .fill("Світла однокімнатна квартира біля парку, меблі та техніка, до метро п'ять хвилин.");
  await details.getByLabel("Оренда, на місяць").fill("2 300");
  await page.getByRole("button", { name: "Опублікувати оголошення" }).click();
  // A rent needs its currency.
  await expect(page.getByText("Оберіть валюту.")).toBeVisible();
  await page.getByLabel("Валюта").selectOption("PLN");
  await page.getByRole("button", { name: "Опублікувати оголошення" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/cabinet/advertisement");

  await page.getByRole("article", { name: title }).getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.locator(".advert-item__price")).toHaveText(/^2\s300\szł на місяць$/);
  await expect(page.locator('[data-fact="rent"]')).toHaveCount(0);
  await expect(page.locator("main")).not.toContainText("зл / міс.");
});

test("a job's card shows its salary range per month", async ({ page }) => {
  await page.goto("/advertisement/category/robota");
  const card = page.locator("article", { has: page.getByRole("link", { name: COOK }) });
  await expect(card.locator(".advert-price")).toHaveText(/^5\s200–6\s000\szł на місяць$/);
  await card.getByRole("link", { name: COOK }).click();
  await expect(page.locator(".advert-item__price")).toHaveText(/^5\s200–6\s000\szł на місяць$/);
  await expect(page.locator('[data-fact="salary_from"]')).toHaveCount(0);
});

test("a category chosen while the page is still loading brings its fields once the app starts @js-only", async ({ page, login }) => {
  await login("user");
  // Hold the app's entry back, so the choice is made on the server's HTML alone.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/entry.client-*.js", async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/dodaty-ogoloshennya", { waitUntil: "commit" });
  await page.getByLabel("Категорія").selectOption({ label: "Робота" });
  await expect(page.getByRole("group", { name: "Зарплата, на місяць" })).toHaveCount(0);
  release();
  await expect(page.getByRole("group", { name: "Зарплата, на місяць" })).toBeVisible();
});
