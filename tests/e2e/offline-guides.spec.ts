// "Save this place for offline" on the guides list (/dovidnyk at a place), in Chromium with the
// portal's service worker: the control shows the pack's size before saving and the date after;
// offline, a guide of the place (and one for everywhere) opens as saved text with the date it
// was saved, a guide of another place shows the offline page. Without JavaScript the list says
// that saving needs it.
import { test, expect } from "./support/fixtures.ts";
import { controlled, offline } from "./support/offline.ts";

test.use({ serviceWorkers: "allow" });

const PLACE = "berlin";

test("a place saved from the guides list keeps its guides for offline reading @js-only", async ({ page, context, request }) => {
  const pack = (await (await request.get(`/offline/pack?location=${PLACE}`)).json()) as { urls: string[]; pages: number };
  expect(pack.urls).toContain(`/dovidnyk?location=${PLACE}`);
  expect(pack.urls).toContain("/dovidnyk/anmeldung");
  // Guides for everywhere come with every place; another place's do not.
  expect(pack.urls).toContain("/dovidnyk/pesel");
  expect(pack.urls).not.toContain("/dovidnyk/zarakhuvannia-do-shkoly");

  await page.goto(`/dovidnyk?location=${PLACE}`);
  await controlled(page);
  await expect(page.getByText(`${pack.pages} сторінок`, { exact: false })).toBeVisible();
  await page.getByRole("button", { name: /^Зберегти «Берлін» для читання офлайн \(близько \d+ КБ\)$/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "«Берлін» збережено" })).toBeVisible();
  await expect(page.getByText(/^Берлін, збережено \d+ \S+ \d{4}/)).toBeVisible();

  await offline(context, async () => {
    for (const [path, title] of [
      ["/dovidnyk/anmeldung", "Реєстрація адреси в Німеччині (Anmeldung)"],
      ["/dovidnyk/pesel", "PESEL для українців у Польщі"],
    ]) {
      await page.goto(path!);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title!);
      await expect(page.locator("body > .offline-saved")).toHaveText(/^Збережено для читання офлайн \d+ \S+ \d{4}/);
    }
    await page.goto(`/dovidnyk?location=${PLACE}`);
    await expect(page.locator(".content-card", { hasText: "Jobcenter" })).toHaveCount(1);
    await page.goto("/dovidnyk/zarakhuvannia-do-shkoly");
    await expect(page.getByRole("heading", { level: 1, name: "Немає з'єднання" })).toBeVisible();
  });

  await page.goto(`/dovidnyk?location=${PLACE}`);
  await page.getByRole("button", { name: "Видалити «Берлін» з цього пристрою" }).click();
  await expect(page.getByText(/^Берлін, збережено/)).toHaveCount(0);
});

test("without JavaScript the guides list of a place says saving needs it @no-js-only", async ({ page }) => {
  const note = page.locator(".offline-place__note");
  await page.goto(`/dovidnyk?location=${PLACE}`);
  await expect(note).toHaveText("Щоб зберегти сторінки цього місця для читання без з'єднання, потрібен JavaScript.");
  await page.goto("/dovidnyk");
  await expect(note).toHaveCount(0);
});
