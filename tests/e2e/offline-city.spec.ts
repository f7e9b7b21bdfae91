// "Save this place for offline" on the services and organisations lists, in Chromium with the
// portal's service worker (the rest of the suite blocks workers: playwright.config.ts). A saved
// place's item page opens offline with the date it was saved; a page of another place shows
// the offline page; removing the place takes its pages away. Without JavaScript the list says
// that saving needs it.
import type { Page } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";
import { controlled, offline } from "./support/offline.ts";

test.use({ serviceWorkers: "allow" });

const PLACE = "berlin";
const OTHER_PLACE = "varshava";

function placeCaches(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("offline-place-")));
}

test("a saved place's pages open offline with the date saved; removing it brings the offline page back @js-only", async ({
  page,
  context,
  request,
}) => {
  const pack = (await (await request.get(`/offline/pack?location=${PLACE}`)).json()) as { urls: string[]; pages: number };
  const savedItem = pack.urls.find((url) => url.startsWith("/services/"))!;
  const organisation = pack.urls.find((url) => url.startsWith("/diaspors/"))!;
  const other = (await (await request.get(`/offline/pack?location=${OTHER_PLACE}`)).json()) as { urls: string[] };
  const unsavedItem = other.urls.find((url) => url.startsWith("/services/"))!;

  await page.goto(`/services?location=${PLACE}`);
  await controlled(page);
  const save = page.getByRole("button", { name: /^Зберегти «Берлін» для читання офлайн \(близько \d+ КБ\)$/ });
  await expect(page.getByText(`${pack.pages} сторінок`, { exact: false })).toBeVisible();
  await save.click();
  await expect(page.getByRole("status").filter({ hasText: "«Берлін» збережено" })).toBeVisible();
  await expect(page.getByText(/^Берлін, збережено \d+ \S+ \d{4}/)).toBeVisible();
  expect(await placeCaches(page)).toEqual([`offline-place-${PLACE}`]);

  await offline(context, async () => {
    for (const path of [savedItem, organisation]) {
      await page.goto(path);
      await expect(page.locator("main h1").first()).toBeVisible();
      await expect(page.locator("body > .offline-saved")).toHaveText(/^Збережено для читання офлайн \d+ \S+ \d{4}/);
      // Styled from the place's own copy of the styles.
      await expect(page.locator(".site-header")).toHaveCSS("border-bottom-style", "solid");
    }
    await page.goto(unsavedItem);
    await expect(page.getByRole("heading", { level: 1, name: "Немає з'єднання" })).toBeVisible();
  });

  await page.goto(`/services?location=${PLACE}`);
  await page.getByRole("button", { name: "Видалити «Берлін» з цього пристрою" }).click();
  await expect(page.getByText(/^Берлін, збережено/)).toHaveCount(0);
  expect(await placeCaches(page)).toEqual([]);
  await offline(context, async () => {
    await page.goto(savedItem);
    await expect(page.getByRole("heading", { level: 1, name: "Немає з'єднання" })).toBeVisible();
  });
});

test("the English list offers its place in English @js-only", async ({ page }) => {
  await page.goto(`/us/diaspors?location=${PLACE}`);
  await expect(page.getByRole("button", { name: /^Save Berlin for offline \(about \d+ KB\)$/ })).toBeVisible();
});

test("without JavaScript a list of a place says saving needs it; a list of everywhere offers nothing @no-js-only", async ({ page }) => {
  // Inside <noscript>, which Playwright's text matching skips: found by its class.
  const note = page.locator(".offline-place__note");
  await page.goto(`/services?location=${PLACE}`);
  await expect(note).toHaveText("Щоб зберегти сторінки цього місця для читання без з'єднання, потрібен JavaScript.");
  await expect(note).toBeVisible();
  await page.goto(`/us/diaspors?location=${PLACE}`);
  await expect(note).toHaveText("Saving this place's pages for reading without a connection needs JavaScript.");
  await page.goto("/services");
  await expect(note).toHaveCount(0);
});
