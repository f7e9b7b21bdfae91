// An organisation's owner publishes its events and writes to those going, with JavaScript on
// and off: the demo user owns the trusted demo organisation, so a new event from the cabinet is
// public at once, says who organises it, and an announcement is mailed to its attendee only.
import type { Page } from "@playwright/test";
import { readOutboxDir } from "../support/outbox.ts";
import { test, expect } from "./support/fixtures.ts";
import { createdByTests, localTime } from "./support/content.ts";
import { dataDir } from "./support/env.ts";
import { withE2eDatabase } from "./support/sign-in.ts";

const ORGANISATION = "Українська громада Варшави";

const DAYS_UK = ["Неділя", "Понеділок", "Вівторок", "Середа", "Четвер", "П’ятниця", "Субота"];

/**
 * The owner's new event of the demo organisation, sent from its cabinet page; back on that page.
 * `weekly`: a series on the first date's weekday, four times.
 */
async function newEvent(page: Page, title: string, { weekly = false } = {}) {
  await page.goto("/cabinet/organisations");
  await page.getByRole("link", { name: ORGANISATION }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ORGANISATION);
  await page.getByRole("link", { name: "Нова подія" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Нова подія: ${ORGANISATION}`);
  await page.getByLabel("Заголовок (українською)", { exact: true }).fill(title);
  const start = localTime(48);
  await page.getByLabel("Початок", { exact: true }).fill(start);
  if (weekly) {
    const repeats = page.getByRole("group", { name: "Повторення" });
    await repeats.getByLabel("Повторювати", { exact: true }).selectOption("weekly");
    await repeats.getByLabel(DAYS_UK[new Date(`${start.slice(0, 10)}T12:00:00Z`).getUTCDay()]!, { exact: true }).check();
    await repeats.getByLabel("Закінчується", { exact: true }).selectOption("count");
    await repeats.getByLabel("Скільки разів", { exact: true }).fill("4");
  }
  await page.getByRole("button", { name: "Опублікувати подію" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ORGANISATION);
  await expect(page.locator(".org-list__item", { hasText: title })).toContainText("Опубліковано");
}

test.describe("organisations", () => {
  test("the owner of a trusted organisation publishes a weekly series from the cabinet: it is live at once", async ({
    page,
    login,
    javaScriptEnabled,
  }) => {
    const title = `Подія громади ${createdByTests} ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
    await login("user");
    await newEvent(page, title, { weekly: true });

    await page.locator(".org-list__item", { hasText: title }).getByRole("link", { name: title }).click();
    await page.getByRole("link", { name: "Сторінка події" }).click();
    await expect(page).toHaveURL(/\/poster\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.locator(".facts")).toContainText(`Організація${ORGANISATION}`);
    await expect(page.getByRole("link", { name: "Учасники й оголошення" })).toBeVisible();
    await expect(page.locator(".poster-dates__item")).toHaveCount(4);

    // Anyone sees it in the organisation's coming events.
    const anonymous = await page.context().browser()!.newContext({ javaScriptEnabled });
    try {
      const visitor = await anonymous.newPage();
      await visitor.goto(page.url());
      await visitor.getByRole("link", { name: ORGANISATION }).click();
      await expect(visitor.locator(".org-events")).toContainText(title);
      await expect(visitor.getByRole("link", { name: "Учасники й оголошення" })).toHaveCount(0);
    } finally {
      await anonymous.close();
    }
  });

  test("an organiser's announcement is mailed to the event's attendee and nobody else", async ({ page, login, javaScriptEnabled }) => {
    test.skip(!process.env.DATABASE_URL, "arranges an attendee's mark on PostgreSQL");
    const title = `Оголошення ${createdByTests} ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
    await login("user");
    await newEvent(page, title);
    await withE2eDatabase((client) =>
      client.query(
        `insert into poster_rsvps (poster_id, occurrence_id, user_id, status)
         select p.id, o.id, u.id, 'going' from posters p join poster_occurrences o on o.poster_id = p.id, users u
         where p.title_uk = $1 and u.email = 'olena@demo.local'`,
        [title],
      ),
    );

    await page.locator(".org-list__item", { hasText: title }).getByRole("link", { name: "Учасники й оголошення" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Учасники події «${title}»`);
    await expect(page.locator(".org-dates__item")).toContainText("Ідуть: 1");
    await expect(page.locator(".org-dates__names")).toHaveText("Olena Kovalenko");
    await expect(page.locator("main")).not.toContainText("olena@demo.local");

    await page.getByRole("button", { name: "Надіслати оголошення" }).click();
    await expect(page.getByText("Напишіть повідомлення.")).toBeVisible();
    await page.getByRole("textbox", { name: "Повідомлення" }).fill("Зустрічаємося біля головного входу.");
    await page.getByRole("button", { name: "Надіслати оголошення" }).click();
    await expect(page.getByText("Оголошення надсилається.")).toBeVisible();

    const about = () => readOutboxDir(dataDir).filter((mail) => mail.subject.includes(title));
    await expect.poll(() => about().map((mail) => mail.to)).toEqual(["olena@demo.local"]);
  });
});
