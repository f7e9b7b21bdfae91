// The staff dashboard against the production server, with and without JavaScript: an
// editor writes a bilingual, scheduled news item with a cover image and tags; two saves
// from the same version; trash and restore; filters and bulk actions; admin-only pages.
import type { Page } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";
import { createdByTests, localTime } from "./support/content.ts";

/** A rich-text field: the editor with JavaScript, the HTML textarea without. */
async function fillRichText(page: Page, label: string, text: string, javaScriptEnabled: boolean) {
  const box = page.getByRole("textbox", { name: label, exact: true });
  if (javaScriptEnabled) {
    await expect(box).toHaveAttribute("contenteditable", "true");
    await box.click();
    await box.pressSequentially(text);
  } else {
    await box.fill(`<p>${text}</p>`);
  }
}

/** Creates a news item with just a title (on the new-page form) and waits for its edit page. */
async function createQuickly(page: Page, title: string, status: "draft" | "published") {
  await page.getByLabel("Заголовок (українською)", { exact: true }).fill(title);
  await page.getByLabel("Статус", { exact: true }).selectOption(status);
  await page.getByRole("button", { name: "Створити" }).click();
  await expect(page).toHaveURL(/\/dashboard\/news\/edit\/\d+$/);
}

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAACAAAAAUCAIAAABj86gYAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAK0lEQVQ4jWNgCN9OW8QwasH20SBiGE1F4aMZjWG0qAgfLU23j1Y44fjCAABx2KMfSg6begAAAABJRU5ErkJggg==",
  "base64",
);

test.describe("staff dashboard", () => {
  test("an editor creates a bilingual news item with a cover and tags, schedules it, then publishes it", async ({
    page,
    javaScriptEnabled,
    login,
  }) => {
    test.slow(); // many pages and two languages, on a machine shared with the server
    const stamp = `${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}`;
    const title = `Новина ${createdByTests} ${stamp}`;
    await login("editor");
    await page.goto("/dashboard/news/new-page");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Новини: новий запис");

    await page.getByLabel("Заголовок (українською)", { exact: true }).fill(title);
    await page.getByLabel("Заголовок (англійською)", { exact: true }).fill(`E2E news ${stamp}`);
    await fillRichText(page, "Текст (українською)", "Текст новини українською.", javaScriptEnabled);
    await fillRichText(page, "Текст (англійською)", "The English text.", javaScriptEnabled);
    await page.getByLabel("Категорія", { exact: true }).selectOption({ index: 1 });
    await page.locator(".dash-tags__list input[type=checkbox]").first().check();
    await page.getByLabel("Нові теги", { exact: true }).fill(`e2e-${stamp}`);
    await page
      .getByLabel("Завантажити зображення", { exact: true })
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
    await page.getByLabel("Статус", { exact: true }).selectOption("published");
    await page.getByLabel("Час публікації", { exact: true }).fill(localTime(24));
    await page.getByRole("button", { name: "Створити" }).click();

    await expect(page).toHaveURL(/\/dashboard\/news\/edit\/\d+$/);
    await expect(page.getByText("Створено.")).toBeVisible();
    await expect(page.locator(".dash-heading .dash-status")).toHaveText("Заплановано");
    await expect(page.locator(".dash-image__current img")).toBeVisible();
    await expect(page.getByLabel(`e2e-${stamp}`, { exact: true })).toBeChecked();
    const slug = await page.getByLabel("Адреса (slug)", { exact: true }).inputValue();
    expect(slug).toMatch(/^novyna-e2e-/);
    const editUrl = page.url();

    // Scheduled: not public before its time.
    expect((await page.goto(`/novyny/${slug}`))?.status()).toBe(404);

    // Moving the time into the past publishes it: public in both languages.
    await page.goto(editUrl);
    await page.getByLabel("Час публікації", { exact: true }).fill(localTime(-1));
    await page.getByRole("button", { name: "Зберегти" }).click();
    await expect(page.getByText("Збережено.")).toBeVisible();
    expect((await page.goto(`/novyny/${slug}`))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await page.goto(`/us/novyny/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`E2E news ${stamp}`);
    await expect(page.getByText("The English text.").first()).toBeVisible();

    // The history on the edit page says who did what.
    await page.goto(editUrl);
    const history = page.locator(".dash-audit__list > li");
    await expect(history).toHaveCount(2);
    await expect(history.first()).toContainText("Змінено");
    await expect(history.last()).toContainText("Створено");
  });

  test("the second of two saves from the same version is refused and keeps its input", async ({ page, context, login }) => {
    await login("editor");
    await page.goto("/dashboard/pages");
    await page.getByRole("link", { name: "Створити" }).click();
    await page.getByLabel("Заголовок (українською)", { exact: true }).fill(`Сторінка для конфлікту ${Date.now()}`);
    await page.getByRole("button", { name: "Створити" }).click();
    await expect(page).toHaveURL(/\/dashboard\/pages\/edit-page\/\d+$/);
    const editUrl = page.url();

    const other = await context.newPage();
    await other.goto(editUrl);
    await page.getByLabel("Заголовок (українською)", { exact: true }).fill("Перша версія");
    await page.getByRole("button", { name: "Зберегти" }).click();
    await expect(page.getByText("Збережено.")).toBeVisible();

    await other.getByLabel("Заголовок (українською)", { exact: true }).fill("Друга версія");
    await other.getByLabel("Заголовок (англійською)", { exact: true }).fill("Second version");
    await other.getByRole("button", { name: "Зберегти" }).click();
    await expect(other.getByRole("alert")).toContainText("Не збережено");
    await expect(other.getByLabel("Заголовок (українською)", { exact: true })).toHaveValue("Друга версія");
    await expect(other.getByLabel("Заголовок (англійською)", { exact: true })).toHaveValue("Second version");

    await page.reload();
    await expect(page.getByLabel("Заголовок (українською)", { exact: true })).toHaveValue("Перша версія");
  });

  test("a trashed item comes back from the trash", async ({ page, login }) => {
    const name = `Кошик ${createdByTests}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    await login("editor");
    await page.goto("/dashboard/news/new-page");
    await createQuickly(page, name, "published");
    await page.getByRole("button", { name: "У кошик" }).click();
    await expect(page.getByText("Переміщено в кошик.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Видалити назавжди" })).toHaveCount(0);

    await page.goto(`/dashboard/news?view=trash&q=${encodeURIComponent(name)}`);
    await page.locator(".dash-table").getByRole("link", { name, exact: true }).click();
    await page.getByRole("button", { name: "Відновити" }).click();
    await expect(page.getByText("Відновлено.")).toBeVisible();
    await page.goto(`/dashboard/news?view=trash&q=${encodeURIComponent(name)}`);
    await expect(page.locator(".dash-table").getByRole("link", { name, exact: true })).toHaveCount(0);
    await page.goto(`/dashboard/news?q=${encodeURIComponent(name)}`);
    await expect(page.locator(".dash-table").getByRole("link", { name, exact: true })).toHaveCount(1);
  });

  test.describe(() => {
    // Every page after sign-in is the news list again with other filters: audit two pages, not
    // the same list six times (accessibility of the dashboard lists has its own coverage).
    test.use({ axe: { maxPages: 2 } });

    test("filters live in the URL and a bulk action touches only the filtered rows", async ({ page, login }) => {
      const stamp = `${createdByTests}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
      await login("editor");
      await page.goto("/dashboard/news");
      // The rows come straight from the create action, as the form posts it (creating through
      // the editor page has its own test above): three loads of the heaviest page fewer.
      for (const title of [`Масова ${stamp} перша`, `Масова ${stamp} друга`, `Інша ${stamp}`]) {
        const created = await page.request.post("/dashboard/news/new-page", {
          multipart: { intent: "save", title_uk: title, status: "published" },
          headers: { Origin: new URL(page.url()).origin },
          maxRedirects: 0,
        });
        expect(created.status(), title).toBe(302);
        expect(created.headers()["location"], title).toMatch(/^\/dashboard\/news\/edit\/\d+$/);
      }
      // Still on the list the sign-in led to: the filter form below loads the new rows.
      await page.getByLabel("Пошук за назвою або адресою", { exact: true }).fill(`Масова ${stamp}`);
      await page.getByLabel("Статус", { exact: true }).first().selectOption("published");
      await page.getByRole("button", { name: "Застосувати" }).first().click();
      await expect(page).toHaveURL(/status=published/);
      await expect(page.locator(".dash-table tbody .dash-table__title")).toHaveCount(2);

      await page.getByLabel("усіх 2 записів, які показує фільтр", { exact: true }).check();
      await page.getByLabel("Дія", { exact: true }).selectOption("unpublish");
      await page.getByRole("button", { name: "Виконати" }).click();
      await expect(page.getByText("Знято з публікації 2 записи.")).toBeVisible();

      await page.goto(`/dashboard/news?status=draft&q=${encodeURIComponent(stamp)}`);
      await expect(page.locator(".dash-table tbody .dash-table__title")).toHaveCount(2);
      await page.goto(`/dashboard/news?status=published&q=${encodeURIComponent(stamp)}`);
      await expect(page.locator(".dash-table tbody .dash-table__title")).toHaveText([`Інша ${stamp}`]);
    });
  });

  test("an editor gets 403 on settings, locations and reklama; an admin opens them", async ({ page, login }) => {
    await login("editor");
    await page.goto("/dashboard");
    for (const path of ["/dashboard/settings", "/dashboard/locations", "/dashboard/reklama", "/dashboard/reklama/new-page"]) {
      expect((await page.goto(path))?.status(), path).toBe(403);
    }
    expect(
      (
        await page.request.post("/dashboard/settings", { form: { site_name_uk: "x" }, headers: { Origin: new URL(page.url()).origin } })
      ).status(),
    ).toBe(403);
  });

  test("an admin manages settings and sees the moderation queue", async ({ page, login }) => {
    await login("admin");
    await page.goto("/dashboard/settings");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Налаштування");
    await page.getByLabel("Строк дії оголошення, днів", { exact: true }).fill("0");
    await page.getByRole("button", { name: "Зберегти" }).click();
    await expect(page.getByText("Число від 1 до 365.")).toBeVisible();
    await page.getByLabel("Строк дії оголошення, днів", { exact: true }).fill("30");
    await page.getByRole("button", { name: "Зберегти" }).click();
    await expect(page.getByText("Налаштування збережено.")).toBeVisible();
    await page.goto("/dashboard/advertisements/moderation");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Черга модерації");
    await page.goto("/dashboard/reports");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Скарги");
  });
});
