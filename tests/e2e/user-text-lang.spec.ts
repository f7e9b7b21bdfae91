// User text carries its language where it differs from the page's, so a screen reader reads a
// Ukrainian advert or message on an English page with a Ukrainian voice: advert titles on
// lists and the seller page, the advert page's title and description, and a thread's messages.
// JS on and off.
import { test, expect } from "./support/fixtures.ts";

const ADVERT_TITLE = "Віддам дитячі книжки українською"; // a demo advert of user@demo.local

test("a Ukrainian advert's title and description are marked lang=uk on English pages only", async ({ page }) => {
  await page.goto("/us/advertisement/category/viddam-bezkoshtovno");
  const cardLink = page.getByRole("link", { name: ADVERT_TITLE }).first();
  await expect(cardLink).toHaveAttribute("lang", "uk");

  await cardLink.click();
  await expect(page).toHaveURL(/\/us\/advertisement\/[^/]+$/);
  const title = page.getByRole("heading", { level: 1, name: ADVERT_TITLE });
  await expect(title).toHaveAttribute("lang", "uk");
  await expect(page.locator(".advert-item__description")).toHaveAttribute("lang", "uk");

  // The seller page's cards too.
  await page.getByRole("link", { name: "All adverts by this author" }).click();
  await expect(page).toHaveURL(/\/us\/advertisement\/seller\//);
  await expect(page.locator(".seller-page").getByRole("link", { name: ADVERT_TITLE })).toHaveAttribute("lang", "uk");

  // On the Ukrainian page the text is in the page's language: no attribute.
  await page.goto(new URL(page.url()).pathname.replace(/^\/us/, ""));
  await expect(page.locator(".seller-page").getByRole("link", { name: ADVERT_TITLE })).not.toHaveAttribute("lang", /.*/);
});

test("a Ukrainian message in a thread is marked lang=uk on the English page only", async ({ page, login }, testInfo) => {
  // One conversation per advert and buyer: the two projects, running at once, write as two buyers.
  await login(testInfo.project.name === "js" ? "editor" : "admin");
  await page.goto("/us/advertisement/category/viddam-bezkoshtovno");
  await page.getByRole("link", { name: ADVERT_TITLE }).first().click();
  const question = `Чи ще можна забрати книжки? Пишу з англійської сторінки (${testInfo.project.name} ${Date.now()})`;
  await page.getByLabel("Your message to the author").fill(question);
  await page.locator(".message-seller").getByRole("button", { name: "Send" }).click();
  await expect(page).toHaveURL(/\/us\/cabinet\/messages\/\d+$/);
  const mine = page.locator(".thread__message").filter({ hasText: question }).locator(".thread__text");
  await expect(mine).toHaveAttribute("lang", "uk");

  await page.goto(new URL(page.url()).pathname.replace(/^\/us/, ""));
  await expect(page.locator(".thread__message").filter({ hasText: question }).locator(".thread__text")).not.toHaveAttribute("lang", /.*/);
});
