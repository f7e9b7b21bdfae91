// Advert category fields in the browser, with JavaScript on and off: staff define a field on
// the category's page; a poster fills a job's fields (shown at once with JS, after "show the
// category's fields" without), sees a message by a bad one with everything kept, publishes,
// and the advert page shows the facts, the salary range as the price.
import { test, expect } from "./support/fixtures.ts";
import { uniqueText } from "./support/unique.ts";

test.describe("advert category fields", () => {
  test.describe.configure({ timeout: 120_000 });

  test("staff add a field to a category, then remove and restore it", async ({ page, login }, testInfo) => {
    await login("editor");
    await page.goto("/dashboard/advertisements/categories");
    await page.getByRole("link", { name: "Транспорт", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Поля оголошень" })).toBeVisible();
    const panel = page.locator("#field-new");
    const label = `Колір ${testInfo.project.name}`;
    // A select needs two options: one is refused with a message by the options, the typed labels kept.
    await panel.getByLabel("Тип", { exact: true }).selectOption("select");
    await panel.getByLabel("Назва (українською)").fill(label);
    await panel.getByLabel("Назва (англійською)").fill(`Colour ${testInfo.project.name.replace("-", " ")}`);
    await panel.getByLabel("Варіанти").fill("Червоний | Red");
    await panel.getByRole("button", { name: "Додати поле" }).click();
    await expect(page.locator("#field-new").getByText("Потрібно щонайменше два варіанти.")).toBeVisible();
    await expect(page.locator("#field-new").getByLabel("Назва (українською)")).toHaveValue(label);
    await page.locator("#field-new").getByLabel("Варіанти").fill("Червоний | Red\nСиній | Blue");
    await page.locator("#field-new").getByRole("button", { name: "Додати поле" }).click();
    await expect(page.getByText("Поле додано.")).toBeVisible();
    const key = `colour_${testInfo.project.name.replace("-", "_")}`;
    const row = page.locator(`li[data-field="${key}"]`);
    await expect(row).toContainText(label);
    await expect(row).toContainText("Вибір зі списку");

    await row.getByRole("button", { name: `Прибрати поле ${label}` }).click();
    await expect(page.getByText("Поле прибрано; значення збережені.")).toBeVisible();
    await expect(page.locator(`li[data-field="${key}"]`)).toContainText("прибране");
    await page
      .locator(`li[data-field="${key}"]`)
      .getByRole("button", { name: `Повернути поле ${label}` })
      .click();
    await expect(page.locator(`li[data-field="${key}"]`)).toContainText("діє");
    // Leave the demo's vehicles as they were for the other tests.
    await page
      .locator(`li[data-field="${key}"]`)
      .getByRole("button", { name: `Прибрати поле ${label}` })
      .click();
    await expect(page.locator(`li[data-field="${key}"]`)).toContainText("прибране");
  });

  test("a job advert with its fields: a bad salary is refused and kept, then published with the facts shown", async ({
    page,
    login,
  }, testInfo) => {
    const js = testInfo.project.name === "js";
    await login("user");
    await page.goto("/dodaty-ogoloshennya");
    const title = uniqueText("Кухар у кафе");
    await page.getByLabel("Заголовок", { exact: false }).first().fill(title);
    await page.getByLabel("Категорія").selectOption({ label: "Робота" });
    if (!js) {
      // Without JS the form comes back with the category's fields, the title kept.
      await page.getByRole("button", { name: "Показати поля категорії" }).click();
      await expect(page.getByLabel("Заголовок", { exact: false }).first()).toHaveValue(title);
    } else {
      await expect(page.getByRole("button", { name: "Показати поля категорії" })).toHaveCount(0);
    }
    const details = page.getByRole("group", { name: "Деталі" });
    await expect(details).toBeVisible();
    await page.getByLabel("Місто").selectOption({ index: 1 });
    await page.getByLabel("Опис").fill("Кафе української кухні шукає кухаря, графік 2/2, навчимо рецептів.");
    // The salary is the job's price: the form asks only for its currency besides.
    await expect(page.getByRole("radio", { name: "Договірна" })).toBeHidden();
    await page.getByLabel("Валюта").selectOption("PLN");
    // The salary's two fields are one from–to pair.
    const salary = details.getByRole("group", { name: "Зарплата, на місяць" });
    await expect(salary.getByRole("textbox")).toHaveCount(2);
    await salary.getByLabel("від").fill("багато");
    await details.getByLabel("Тип зайнятості").selectOption({ label: "Повна зайнятість" });
    await details.getByLabel("Можна віддалено").selectOption({ label: "Ні" });
    await page.getByRole("button", { name: "Опублікувати оголошення" }).click();

    await expect(details.getByText("Введіть число, наприклад 4500 або 12,5.")).toBeVisible();
    await expect(details.getByLabel("Тип зайнятості")).toHaveValue("full_time");
    await expect(page.getByLabel("Заголовок", { exact: false }).first()).toHaveValue(title);
    await salary.getByLabel("від").fill("5 200");
    // An upper figure below the lower one is refused by it, both kept.
    await salary.getByLabel("до").fill("520");
    await page.getByRole("button", { name: "Опублікувати оголошення" }).click();
    await expect(salary.getByText("Верхня межа не може бути меншою за нижню.")).toBeVisible();
    await expect(salary.getByLabel("від")).toHaveValue("5 200");
    await salary.getByLabel("до").fill("6000");
    await page.getByRole("button", { name: "Опублікувати оголошення" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/cabinet/advertisement");

    await page.getByRole("article", { name: title }).getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.locator(".advert-item__price")).toHaveText(/^5\s200–6\s000\szł на місяць$/);
    await expect(page.locator('[data-fact="employment"]')).toHaveText("Повна зайнятість");
    await expect(page.locator('[data-fact="remote"]')).toHaveText("Ні");
    const blocks = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? "{}")));
    const ld = blocks.find((block) => block["@type"] === "JobPosting");
    expect(ld).toMatchObject({
      "@type": "JobPosting",
      title,
      employmentType: "FULL_TIME",
      baseSalary: { currency: "PLN", value: { minValue: 5200, maxValue: 6000, unitText: "MONTH" } },
    });
  });
});
