// The community sends events in, with JavaScript on and off: a user fills the cabinet's form,
// the event waits (not public) until an editor approves it in the moderation queue, then it
// is on the posters; a rejected one shows staff's reason in the user's list.
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";
import { createdByTests, localTime } from "./support/content.ts";

async function sendEvent(page: Page, title: string) {
  await page.goto("/cabinet/add-poster");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Додати подію");
  await page.getByLabel("Заголовок (українською)", { exact: true }).fill(title);
  await page.getByLabel("Початок", { exact: true }).fill(localTime(30));
  await page.getByRole("button", { name: "Надіслати на перевірку" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/cabinet/submissions");
  await expect(page.locator(".submission-list__item", { hasText: title })).toContainText("Чекає перевірки");
}

type Login = (who: "editor", context: BrowserContext) => Promise<void>;

/** An editor, signed in in a context of their own, decides on the queued item titled `title`; it leaves the queue. */
async function decideInQueue(
  { browser, javaScriptEnabled, login }: { browser: Browser; javaScriptEnabled: boolean; login: Login },
  title: string,
  decide: (item: Locator) => Promise<void>,
) {
  const context = await browser.newContext({ javaScriptEnabled });
  try {
    await login("editor", context);
    const page = await context.newPage();
    await page.goto("/dashboard/advertisements/moderation");
    await decide(page.locator(".dash-queue__item", { hasText: title }));
    await expect(page.locator(".dash-queue__item", { hasText: title })).toHaveCount(0);
  } finally {
    await context.close();
  }
}

/** The user's row for `title` in their submissions, once it shows `state`. */
async function submissionRow(page: Page, title: string, state: string) {
  await page.goto("/cabinet/submissions");
  const row = page.locator(".submission-list__item", { hasText: title });
  await expect(row).toContainText(state);
  return row;
}

test.describe("community submissions", () => {
  test("a user sends an event, an editor approves it and it is public", async ({ page, browser, javaScriptEnabled, login }) => {
    test.slow();
    const title = `Подія ${createdByTests} ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
    await login("user");
    await sendEvent(page, title);
    await page.goto("/poster");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(title)).toHaveCount(0);

    await decideInQueue({ browser, javaScriptEnabled, login }, title, (item) => item.getByRole("button", { name: "Схвалити" }).click());

    const row = await submissionRow(page, title, "Опубліковано");
    await row.getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(/\/poster\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  });

  test("a rejected event shows staff's reason in the user's list", async ({ page, browser, javaScriptEnabled, login }) => {
    test.slow();
    const title = `Відхилена ${createdByTests} ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
    await login("user");
    await sendEvent(page, title);

    await decideInQueue({ browser, javaScriptEnabled, login }, title, async (item) => {
      await item.getByRole("textbox").fill("Це реклама, а не подія громади.");
      await item.getByRole("button", { name: "Відхилити" }).click();
    });

    const row = await submissionRow(page, title, "Відхилено");
    await expect(row).toContainText("Причина: Це реклама, а не подія громади.");
  });

  test("a form sent without its required fields comes back with the messages and what was typed", async ({ page, login }) => {
    await login("user");
    await page.goto("/cabinet/add-poster");
    await page.getByLabel("Місце (українською)", { exact: true }).fill("Дім громади");
    await page.getByRole("button", { name: "Надіслати на перевірку" }).click();
    await expect(page.getByText("Заповніть це поле.").first()).toBeVisible();
    await expect(page.getByLabel("Місце (українською)", { exact: true })).toHaveValue("Дім громади");
    await expect(page).toHaveURL((url) => url.pathname === "/cabinet/add-poster");
  });
});
