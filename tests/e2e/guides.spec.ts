// Guides (docs/product.md#guides) with JavaScript on and off, on the demo guides: the list and
// its topic and place filters (a GET form), a guide's contents and steps, the notice on a guide
// checked long ago, and the search finding a guide by another form of a word. On PostgreSQL
// (DATABASE_URL, as CI sets) the spec adds a guide of its own per project: the notice appears
// once its last check is moved back past the setting's months, and a reader's question about it
// reaches the staff's reports queue. The feed of guides in both languages.
import { withE2eDatabase } from "./support/sign-in.ts";
import { uniqueText } from "./support/unique.ts";
import { test, expect } from "./support/fixtures.ts";

const adminUrl = process.env.DATABASE_URL?.trim() || undefined;

/** Guides this run added, removed at the end. */
const added: string[] = [];

test.afterAll(async () => {
  if (!adminUrl || added.length === 0) return;
  await withE2eDatabase(async (client) => {
    await client.query("delete from reports where target_type = 'guide' and target_id in (select id from guides where slug = any($1))", [
      added,
    ]);
    await client.query("delete from guides where slug = any($1)", [added]);
  });
});

/** A published guide for everywhere, last checked `months` ago by the database's clock. */
async function addGuide(project: string, months: number) {
  const guide = { slug: `e2e-guide-${project}-${Date.now().toString(36)}`, title: uniqueText("Довідка e2e про картку мешканця") };
  await withE2eDatabase((client) =>
    client.query(
      `insert into guides (slug, title_uk, summary_uk, body_uk, topic, status, published_at, checked_at)
       values ($1, $2, 'Коротко.', '<p>e2e</p>', 'documents', 'published', now() - interval '1 day', now() - make_interval(months => $3))`,
      [guide.slug, guide.title, months],
    ),
  );
  added.push(guide.slug);
  return guide;
}

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
    await page.locator("summary", { hasText: "Повідомити про неточність або запитати" }).click();
    await expect(page.getByRole("radio", { name: "Шахрайство" })).toHaveCount(0);
    await page.getByRole("radio", { name: "Довідка застаріла" }).check();
    await page.getByLabel("Повідомлення").fill("У гміні тепер просять ще й договір оренди.");
    await page.getByRole("button", { name: "Надіслати", exact: true }).click();
    await expect(page.getByText("Дякуємо! Скаргу отримано")).toBeVisible();
  });

  test("the place filter shows that place's guides and those for everywhere", async ({ page }) => {
    await page.goto("/dovidnyk");
    await page.getByLabel("Місце", { exact: true }).selectOption("berlin");
    await page.getByRole("button", { name: "Показати" }).click();
    await expect(page).toHaveURL(/\/dovidnyk\?(?:topic=&)?location=berlin$/);
    await expect(page.getByLabel("Місце", { exact: true })).toHaveValue("berlin");
    const cards = page.locator(".content-grid .content-card");
    await expect(cards.filter({ hasText: "Реєстрація адреси в Німеччині (Anmeldung)" })).toHaveCount(1);
    await expect(cards.filter({ hasText: "PESEL для українців у Польщі" })).toHaveCount(1);
    await expect(cards.filter({ hasText: "Зарахування дитини до школи" })).toHaveCount(0);
    await expect(cards.filter({ hasText: "Як продовжити карту побиту в Польщі" })).toHaveCount(0);
  });

  test("the list links its feed, in each language", async ({ page, request }) => {
    await page.goto("/dovidnyk");
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", "/dovidnyk/rss.xml");
    await page.goto("/us/dovidnyk");
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", "/us/dovidnyk/rss.xml");
    const english = await (await request.get("/us/dovidnyk/rss.xml")).text();
    expect(english).toContain("<title>Registering your address in Germany (Anmeldung)</title>");
    const ukrainian = await (await request.get("/dovidnyk/rss.xml")).text();
    expect(ukrainian).toContain("<title>Реєстрація адреси в Німеччині (Anmeldung)</title>");
  });

  test("the search finds a guide by another form of a word", async ({ page }) => {
    await page.goto(`/search/dovidnyk?q=${encodeURIComponent("посвідченням")}`);
    await expect(page.getByRole("link", { name: "Обмін українського посвідчення водія" })).toBeVisible();
  });

  test.describe("a guide of the test's own", () => {
    test.skip(!adminUrl, "needs PostgreSQL: set DATABASE_URL (the spec adds its own guide to the server's database)");

    test("says it may be outdated once its last check is older than the setting's months", async ({ page }, testInfo) => {
      const guide = await addGuide(testInfo.project.name, 11);
      // The server notices the new row within its content poll (a second).
      await expect(async () => {
        await page.goto(`/dovidnyk/${guide.slug}`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(guide.title, { timeout: 500 });
      }).toPass({ timeout: 10_000 });
      await expect(page.locator(".guide__outdated")).toHaveCount(0);

      // The clock moves on: the last check is now thirteen months back.
      await withE2eDatabase((client) =>
        client.query("update guides set checked_at = now() - interval '13 months' where slug = $1", [guide.slug]),
      );
      await expect(async () => {
        await page.goto(`/dovidnyk/${guide.slug}`);
        await expect(page.locator(".guide__outdated")).toContainText("Цю довідку востаннє перевіряли", { timeout: 500 });
      }).toPass({ timeout: 10_000 });
    });

    test("a reader's question about a guide is confirmed and waits in the staff's reports queue", async ({ page, login }, testInfo) => {
      const guide = await addGuide(testInfo.project.name, 1);
      const question = uniqueText("Чи потрібен перекладений паспорт?");
      await expect(async () => {
        await page.goto(`/dovidnyk/${guide.slug}`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(guide.title, { timeout: 500 });
      }).toPass({ timeout: 10_000 });
      await page.locator("summary", { hasText: "Повідомити про неточність або запитати" }).click();
      await page.getByRole("radio", { name: "Запитання щодо довідки" }).check();
      await page.getByLabel("Повідомлення").fill(question);
      await page.getByRole("button", { name: "Надіслати", exact: true }).click();
      await expect(page.getByText("Дякуємо! Запитання отримала редакція: вона перевірить довідку.")).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/dovidnyk/${guide.slug}$`));

      await login("editor");
      await page.goto("/dashboard/reports");
      const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: guide.title }) });
      await expect(item.getByText("Запитання щодо довідки: 1")).toBeVisible();
      await expect(item.locator("q")).toHaveText(question);
    });
  });
});
