// The messages' everyday use, with JS on and off: a sent reply leaves an empty box (with JS the
// page is not reloaded, so the form must empty itself), the privacy hint about the email address
// is the buyer's alone, and on a phone the closed menu's button tells that messages are unread.
import type { Browser, BrowserContext, BrowserContextOptions, Page, TestInfo } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";

// A demo advert of user@demo.local that no other spec writes about.
const ADVERT_TITLE = "Ноутбук Lenovo ThinkPad T14, 16 ГБ ОЗП";
const BUYER_HINT = /Продавець не побачить вашої адреси/;

// One conversation per advert and buyer: the two projects, running at once, write as two buyers.
const buyerOf = (testInfo: TestInfo) => (testInfo.project.name === "js" ? "editor" : "admin");

/** The buyer writes about the advert from its page and lands in the conversation; returns its path. */
async function writeAboutAdvert(page: Page, text: string): Promise<string> {
  await page.goto("/advertisement/category/elektronika");
  await page.getByRole("link", { name: ADVERT_TITLE }).first().click();
  await page.getByLabel("Ваше повідомлення продавцю").fill(text);
  await page.getByRole("button", { name: "Надіслати" }).click();
  await expect(page).toHaveURL(/\/cabinet\/messages\/\d+$/);
  await expect(page.locator(".thread__message--mine").filter({ hasText: text })).toBeVisible();
  return new URL(page.url()).pathname;
}

type Login = (who: "user", context: BrowserContext) => Promise<void>;

/** The seller (user@demo.local) signed in, in a browser of their own. */
async function sellerPage(browser: Browser, testInfo: TestInfo, login: Login, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled, ...options });
  await login("user", context);
  return { context, page: await context.newPage() };
}

/** Sends a reply in the open thread and waits until it is in the list, under the toast. */
async function sendReply(page: Page, text: string) {
  const box = page.getByLabel("Відповідь");
  await box.fill(text);
  await page.getByRole("button", { name: "Надіслати" }).click();
  await expect(page.locator(".thread__message--mine").filter({ hasText: text })).toBeVisible();
  await expect(page.getByText("Повідомлення надіслано.").first()).toBeVisible();
}

test("a sent reply leaves the reply box empty for buyer and seller; only the buyer reads the email hint", async ({
  page,
  browser,
  login,
}, testInfo) => {
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  await login(buyerOf(testInfo));
  const threadPath = await writeAboutAdvert(page, `Ноутбук ще доступний? (${stamp})`);
  await expect(page.getByLabel("Відповідь")).toHaveAccessibleDescription(BUYER_HINT);

  await sendReply(page, `Можна подивитися завтра? (${stamp})`);
  await expect(page.getByLabel("Відповідь")).toHaveValue("");

  const seller = await sellerPage(browser, testInfo, login);
  await seller.page.goto(threadPath);
  const sellerBox = seller.page.getByLabel("Відповідь");
  await expect(sellerBox).toBeVisible();
  await expect(sellerBox).not.toHaveAccessibleDescription(BUYER_HINT);
  await expect(seller.page.getByText(BUYER_HINT)).toHaveCount(0);

  await sendReply(seller.page, `Так, приходьте о 18:00 (${stamp})`);
  await expect(sellerBox).toHaveValue("");
  await seller.context.close();
});

test("on a phone the closed menu's button shows the unread messages, in both languages", async ({ page, browser, login }, testInfo) => {
  await login(buyerOf(testInfo));
  await writeAboutAdvert(page, `Чи віддасте з чохлом? (${testInfo.project.name} ${Date.now()})`);

  const seller = await sellerPage(browser, testInfo, login, { viewport: { width: 360, height: 740 } });
  await seller.page.goto("/");
  const button = seller.page.locator("summary.site-menu__toggle");
  await expect(button).toBeVisible();
  await expect(button).toHaveAccessibleName(/^Меню ?\(\d+ (нова розмова|нові розмови|нових розмов)\)$/);
  await expect(button.locator(".site-menu__badge")).toHaveText(/^\d+$/);
  await expect(button.locator(".site-menu__badge")).toBeVisible();
  // The inbox link itself stays inside the closed menu.
  await expect(seller.page.locator(".account-menu__messages")).toBeHidden();

  await seller.page.goto("/us");
  await expect(button).toHaveAccessibleName(/^Menu ?\(\d+ unread conversations?\)$/);
  await expect(button.locator(".site-menu__badge")).toBeVisible();
  await seller.context.close();
});
