// Scam warnings in a conversation, with JS on and off: a buyer writes to the seller with a
// payment link and a request for prepayment; the seller (the recipient) sees a warning beside
// that message naming both, in Ukrainian and on /us in English, linking to the safety tips
// page; the buyer (the sender) sees none on their own message.
import type { TestInfo } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";

// A demo advert of user@demo.local that no other spec writes about.
const ADVERT_TITLE = "Вакансія: фронтенд-розробник (React)";

// One conversation per advert and buyer: the two projects, running at once, write as two buyers.
const buyerOf = (testInfo: TestInfo) => (testInfo.project.name === "js" ? "editor" : "admin");

test("the recipient is warned of a payment link in both languages; the sender is not", async ({ page, browser, login }, testInfo) => {
  const text = `Оплата через доставку OLX: https://pay-olx.top/deal/${Date.now()} — потрібна передоплата (${testInfo.project.name})`;
  await login(buyerOf(testInfo));
  await page.goto("/advertisement/category/robota");
  await page.getByRole("link", { name: ADVERT_TITLE }).first().click();
  await page.getByLabel("Ваше повідомлення продавцю").fill(text);
  await page.getByRole("button", { name: "Надіслати" }).click();
  await expect(page).toHaveURL(/\/cabinet\/messages\/\d+$/);
  const threadPath = new URL(page.url()).pathname;
  const sent = page.locator(".thread__message--mine").filter({ hasText: text });
  await expect(sent).toBeVisible();
  await expect(page.getByRole("note")).toHaveCount(0);
  await expect(page.getByText("Обережно")).toHaveCount(0);

  const sellerContext = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  await login("user", sellerContext);
  const seller = await sellerContext.newPage();
  await seller.goto(threadPath);
  const received = seller.locator(".thread__message").filter({ hasText: text });
  const warning = received.getByRole("note");
  await expect(warning).toHaveText(
    "Обережно: повідомлення містить посилання і прохання про передоплату. " +
      "Не платіть наперед і не переходьте за посиланнями на оплату. Поради з безпеки",
  );
  await expect(warning.getByRole("link", { name: "Поради з безпеки" })).toHaveAttribute("href", "/bezpeka");

  await seller.goto(`/us${threadPath}`);
  await expect(warning).toHaveText(
    "Careful: this message contains a link and a request for prepayment. " +
      "Do not pay in advance and do not follow payment links. Safety tips",
  );
  await warning.getByRole("link", { name: "Safety tips" }).click();
  await expect(seller).toHaveURL(/\/us\/bezpeka$/);
  await expect(seller.getByRole("heading", { level: 1 })).toHaveText("Safe deals: how to avoid scams");
  await sellerContext.close();
});
