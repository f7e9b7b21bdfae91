// "Near a place" on the events and services lists, with JavaScript on and off: a list opened
// at a place and radius shows the distances on its cards, the filter form sends the visitor on
// to the clean address of what they chose, and an admin gives a new location its point (half a
// point refused beside the field, the input kept).
// Needs PostgreSQL (DATABASE_URL, as CI sets): the spec adds its own event near Warsaw and
// service near Kraków (the demo's addresses in those cities are all under a kilometre from
// the centre, where no distance is shown); on PGlite the server process holds the database
// (tests/unit/near-lists.test.ts covers the rules).
import { withE2eDatabase } from "./support/sign-in.ts";
import { uniqueText } from "./support/unique.ts";
import { test, expect } from "./support/fixtures.ts";

const adminUrl = process.env.DATABASE_URL?.trim() || undefined;

/** Rows this run added, removed at the end. */
const added: Array<{ table: "posters" | "services" | "locations"; slug: string }> = [];

test.afterAll(async () => {
  if (!adminUrl || added.length === 0) return;
  await withE2eDatabase(async (client) => {
    for (const { table, slug } of added) await client.query(`delete from ${table} where slug = $1`, [slug]);
  });
});

/** An event in Pruszków (15 km from Warsaw's centre) and a service in Wieliczka (12 km from Kraków's), this project's own. */
async function addNearbyItems(project: string) {
  const stamp = `${project}-${Date.now().toString(36)}`;
  const event = { slug: `e2e-near-event-${stamp}`, title: uniqueText("Подія біля Варшави") };
  const service = { slug: `e2e-near-service-${stamp}`, name: uniqueText("Nearby service") };
  await withE2eDatabase(async (client) => {
    await client.query(
      `insert into posters (slug, title_uk, description_uk, location_id, starts_at, status, published_at)
       values ($1, $2, '<p>e2e</p>', (select id from locations where slug = 'prushkuv'), now() + interval '3 days', 'published', now() - interval '1 day')`,
      [event.slug, event.title],
    );
    await client.query(
      `insert into services (slug, name_uk, name_en, description_uk, location_id, status, published_at)
       values ($1, $2, $2, '<p>e2e</p>', (select id from locations where slug = 'velichka'), 'published', now() - interval '1 day')`,
      [service.slug, service.name],
    );
  });
  added.push({ table: "posters", slug: event.slug }, { table: "services", slug: service.slug });
  return { event, service };
}

test.describe("lists near a place", () => {
  test.skip(!adminUrl, "needs PostgreSQL: set DATABASE_URL (the spec adds its own items to the server's database)");

  test("events within 20 km of Warsaw show their distance; the form narrows and widens the list", async ({ page }, testInfo) => {
    const { event } = await addNearbyItems(testInfo.project.name);
    // The server notices the new rows within its content poll (a second).
    await expect(async () => {
      await page.goto("/poster?near=varshava&radius=20");
      await expect(page.locator(".content-card", { hasText: event.title })).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await expect(page.getByLabel("Місто")).toHaveValue("varshava");
    await expect(page.getByLabel("Відстань", { exact: true })).toHaveValue("20");
    await expect(page.locator(".content-card", { hasText: event.title }).locator(".content-card__distance")).toHaveText(
      /^Відстань: 1[45] км$/,
    );
    await expect(page).toHaveTitle(/Варшава \+ 20 км/);

    // 5 km: Pruszków is out; nearest first is kept in the address.
    await page.getByLabel("Відстань", { exact: true }).selectOption("5");
    await page.getByLabel("Спершу найближчі").check();
    await page.getByRole("button", { name: "Показати" }).click();
    await expect(page).toHaveURL(/\/poster\?near=varshava&radius=5&sort=nearest$/);
    await expect(page.locator(".content-card", { hasText: event.title })).toHaveCount(0);
    await expect(page.getByLabel("Спершу найближчі")).toBeChecked();

    // The city itself: the address lists always had, no distances.
    await page.getByLabel("Відстань", { exact: true }).selectOption("");
    await page.getByLabel("Спершу найближчі").uncheck();
    await page.getByRole("button", { name: "Показати" }).click();
    await expect(page).toHaveURL(/\/poster\?location=varshava$/);
    await expect(page.locator(".content-card__distance")).toHaveCount(0);

    // Past events keep the place; the calendar link carries it.
    await page.goto("/poster?near=varshava&radius=20");
    await expect(page.getByTestId("calendar-url")).toHaveAttribute("href", /\/poster\/calendar\.ics\?near=varshava&radius=20$/);
    await page.getByRole("link", { name: "Минулі" }).click();
    await expect(page).toHaveURL(/\/poster\?when=past&near=varshava&radius=20$/);
  });

  test("services within 50 km of Kraków, in English, show their distance; any distance orders them nearest first", async ({
    page,
  }, testInfo) => {
    const { service } = await addNearbyItems(testInfo.project.name);
    await expect(async () => {
      await page.goto("/us/services?near=krakiv&radius=50");
      await expect(page.locator(".content-card", { hasText: service.name })).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await expect(page.getByLabel("Place")).toHaveValue("krakiv");
    await expect(page.locator(".content-card", { hasText: service.name }).locator(".content-card__distance")).toHaveText(
      /^Distance: 1[12] km$/,
    );

    await page.getByLabel("Distance", { exact: true }).selectOption("any");
    await page.getByLabel("Nearest first").check();
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/\/us\/services\?near=krakiv&radius=any&sort=nearest$/);
    // Kraków's own services (under a kilometre) come before Wieliczka's, then the other cities'.
    const distances = await page.locator(".content-card__distance").allTextContents();
    const km = distances.map((text) => Number(text.replace(/[^\d.]/g, "")));
    expect(km.length).toBeGreaterThan(1);
    expect([...km].sort((a, b) => a - b)).toEqual(km);
  });

  test("an unknown place is the 404", async ({ page }) => {
    expect((await page.goto("/poster?near=no-such-place&radius=20"))?.status()).toBe(404);
  });
});

test.describe("a location's point", () => {
  test.skip(!adminUrl, "needs PostgreSQL: the spec removes the location it adds");

  test("an admin adds a location with its point; half a point is refused beside the field", async ({ page, login }, testInfo) => {
    await login("admin");
    const name = uniqueText(`Тестове місто ${testInfo.project.name}`);
    await page.goto("/dashboard/locations");
    const panel = page.getByRole("region", { name: "Нове місто" });
    await panel.getByLabel("Назва (українською)").fill(name);
    await panel.getByLabel("Назва (англійською)").fill(`${name} en`);
    const slug = `e2e-place-${testInfo.project.name}-${Date.now().toString(36)}`;
    added.push({ table: "locations", slug });
    await panel.getByLabel("Адреса (slug)").fill(slug);
    if (testInfo.project.name === "js") {
      // With JS a click on the small map fills both fields.
      const picker = panel.getByTestId("point-picker");
      await picker.scrollIntoViewIfNeeded();
      await expect(picker).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
      await picker.click({ position: { x: 60, y: 60 } });
      await expect(panel.getByLabel("Широта")).toHaveValue(/^-?\d+\.\d+$/);
      await expect(panel.getByLabel("Довгота")).toHaveValue(/^-?\d+\.\d+$/);
      await panel.getByLabel("Довгота").fill("");
    }
    await panel.getByLabel("Широта").fill("50.0647");
    await panel.getByRole("button", { name: "Створити" }).click();
    await expect(panel.getByText("Вкажіть і широту, і довготу (або залиште обидва поля порожніми).")).toBeVisible();
    await expect(panel.getByLabel("Широта")).toHaveValue("50.0647");

    await panel.getByLabel("Довгота").fill("19.945");
    await panel.getByRole("button", { name: "Створити" }).click();
    await expect(page.getByText("Місто створено.")).toBeVisible();
    const row = page.locator(".dash-term-list > li", { hasText: name });
    await row.locator("summary").click();
    await expect(row.getByLabel("Широта")).toHaveValue("50.0647");
    await expect(row.getByLabel("Довгота")).toHaveValue("19.945");

    // The public lists measure from it at once.
    await page.goto(`/poster?near=${slug}&radius=100`);
    await expect(page.getByLabel("Відстань", { exact: true })).toHaveValue("100");
  });
});
