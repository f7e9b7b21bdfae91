// Events that repeat, with JavaScript on and off: an editor makes a weekly series in the
// dashboard's editor, its page says how it repeats and lists its coming dates, the editor
// cancels one date with a note, and the page and the list move on to the next date.
// The js and no-js projects each make their own series.
import type { Page } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";
import { createdByTests } from "./support/content.ts";

const DAYS_UK = ["Неділя", "Понеділок", "Вівторок", "Середа", "Четвер", "П’ятниця", "Субота"];
const EVERY_UK = ["Щонеділі", "Щопонеділка", "Щовівторка", "Щосереди", "Щочетверга", "Щоп’ятниці", "Щосуботи"];

/** Tomorrow on the site's clocks (Europe/Warsaw): "YYYY-MM-DD" and its weekday (0 Sunday). */
function tomorrowInWarsaw(): { day: string; weekday: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Warsaw", year: "numeric", month: "2-digit", day: "2-digit" })
      .formatToParts(new Date(Date.now() + 24 * 3_600_000))
      .map((part) => [part.type, part.value]),
  );
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  return { day, weekday: new Date(`${day}T12:00:00Z`).getUTCDay() };
}

async function fillDescription(page: Page, text: string, javaScriptEnabled: boolean) {
  const box = page.getByRole("textbox", { name: "Опис (українською)", exact: true });
  if (javaScriptEnabled) {
    await expect(box).toHaveAttribute("contenteditable", "true");
    await box.click();
    await box.pressSequentially(text);
  } else {
    await box.fill(`<p>${text}</p>`);
  }
}

test("an editor makes a weekly series, its page lists the dates, and a cancelled date gives way to the next", async ({
  page,
  javaScriptEnabled,
  login,
}) => {
  test.slow(); // several pages on a machine shared with the server
  const title = `Гурток ${createdByTests} ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
  const { day, weekday } = tomorrowInWarsaw();
  await login("editor");

  await page.goto("/dashboard/posters/new-page");
  await page.getByLabel("Заголовок (українською)", { exact: true }).fill(title);
  await fillDescription(page, "Зустрічі щотижня.", javaScriptEnabled);
  await page.getByLabel("Початок", { exact: true }).fill(`${day}T18:00`);
  await page.getByLabel("Кінець", { exact: true }).fill(`${day}T20:00`);
  // A town with few events, so its list shows the series on its first page whatever else is on.
  await page.getByLabel("Місто", { exact: true }).selectOption({ label: "Потсдам" });
  const repeats = page.getByRole("group", { name: "Повторення" });
  await repeats.getByLabel("Повторювати", { exact: true }).selectOption("weekly");
  // Weekly without a day is refused beside the days, with what was typed kept.
  await page.getByLabel("Статус", { exact: true }).selectOption("published");
  await page.getByRole("button", { name: "Створити" }).click();
  await expect(repeats.getByText("Виберіть хоча б один день тижня.")).toBeVisible();
  await expect(page.getByLabel("Заголовок (українською)", { exact: true })).toHaveValue(title);
  await repeats.getByLabel(DAYS_UK[weekday]!, { exact: true }).check();
  await expect(repeats.getByLabel("Закінчується", { exact: true })).toHaveValue("never");
  await page.getByRole("button", { name: "Створити" }).click();
  await expect(page).toHaveURL(/\/dashboard\/posters\/edit\/\d+$/);
  const editPath = new URL(page.url()).pathname;

  // The editor shows the stored rule, and the dates section the coming dates.
  await expect(repeats.getByLabel("Повторювати", { exact: true })).toHaveValue("weekly");
  await expect(repeats.getByLabel(DAYS_UK[weekday]!, { exact: true })).toBeChecked();
  await expect(page.locator(".dash-dates__item").nth(5)).toBeVisible();

  const publicPath = await page.getByRole("link", { name: "Переглянути на сайті" }).getAttribute("href");
  expect(publicPath).toMatch(/^\/poster\//);
  await page.goto(publicPath!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.locator(".facts")).toContainText(EVERY_UK[weekday]!);
  const coming = page.locator(".poster-dates__item");
  await expect(coming).toHaveCount(12);
  const first = await coming.nth(0).locator("time").getAttribute("datetime");
  const second = await coming.nth(1).locator("time").getAttribute("datetime");
  expect(new Date(second!).getTime() - new Date(first!).getTime()).toBeGreaterThanOrEqual(7 * 24 * 3_600_000 - 3_600_000);

  // The editor cancels the first date with a note.
  await page.goto(editPath);
  const cancel = page.locator(".dash-dates__item").first().locator("details").filter({ hasText: "Скасувати дату" });
  await cancel.getByText("Скасувати", { exact: true }).click();
  await cancel.getByLabel("Примітка (українською)").fill("Зала зайнята");
  await cancel.getByRole("button", { name: "Скасувати дату" }).click();
  await expect(page.getByText("Дату скасовано; учасникам надішлемо лист.")).toBeVisible();
  await expect(page.locator(".dash-dates__item").first()).toContainText("Скасовано");

  // The page: the first date struck and marked with its note; the page itself at the next date.
  await page.goto(publicPath!);
  const struck = page.locator(".poster-dates__item").first();
  await expect(struck).toContainText("Скасовано");
  await expect(struck).toContainText("Зала зайнята");
  await expect(struck.locator("s")).toHaveCount(1);
  await expect(page.locator(".facts time").first()).toHaveAttribute("datetime", second!);
  await struck.getByRole("link").click();
  await expect(page).toHaveURL(/\?date=\d+$/);
  await expect(page.getByText("Скасовано: ця дата не відбудеться.")).toBeVisible();

  // The list shows the series once, at its next date.
  await page.goto("/poster?location=potsdam");
  const cards = page.locator(".content-card").filter({ hasText: title });
  await expect(cards).toHaveCount(1);
  await expect(cards.locator("time")).toHaveAttribute("datetime", second!);
});
