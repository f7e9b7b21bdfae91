// Pages opened by their address (a typed URL, a reload, a shared link), not reached by a
// click inside the portal: the page is hydrated from the server's HTML (and the second time
// from the page cache), and every fetcher form on it must still show the server's answer.
import type { Page } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";

const ADVERT = "Здам 2-кімнатну квартиру біля центру";
const PHONE = "+48 602 111 222";

/** The advert's own address, read from its list, so the test can open it directly. */
async function advertAddress(page: Page): Promise<string> {
  await page.goto("/advertisement/category/orenda-kvartyr");
  const href = await page.getByRole("link", { name: ADVERT }).first().getAttribute("href");
  expect(href).toMatch(/^\/advertisement\/[\w-]+$/);
  return href!;
}

test.describe("fetcher forms on a page opened by its address", () => {
  test("show phone reveals the number, on the first load and on the cached one", async ({ page }) => {
    const address = await advertAddress(page);
    for (const load of ["first", "cached"]) {
      await page.goto(address);
      await expect(page.getByRole("heading", { level: 1 }), load).toHaveText(ADVERT);
      await page.getByRole("button", { name: "Показати телефон" }).click();
      await expect(page.getByRole("link", { name: PHONE }), load).toBeVisible();
      await expect(page.getByRole("button", { name: "Показати телефон" }), load).toHaveCount(0);
    }
  });

  test("accept cookies closes the banner in place @js-only", async ({ page }) => {
    const address = await advertAddress(page);
    await page.context().clearCookies();
    await page.goto(address);
    const banner = page.getByRole("complementary", { name: "Файли cookie" });
    await banner.getByRole("button", { name: "Прийняти всі" }).click();
    await expect(banner).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.pathname === address);
  });

  test("save flips to saved and back @js-only", async ({ page, login }) => {
    const address = await advertAddress(page);
    // The admin account: the favourites spec's runs save this advert as user and editor.
    await login("admin");
    await page.goto(address);
    const article = page.locator("article.advert-item");
    // The toggle shows its new state at once (or, clicked before it hydrated, posts natively and
    // is redirected back): the reload must wait for the server to have stored it.
    const stored = () =>
      page.waitForResponse(
        (response) => response.request().method() === "POST" && /^\/favourites(\.data)?$/.test(new URL(response.url()).pathname),
      );
    const answered = stored();
    await article.getByRole("button", { name: /^Зберегти/ }).click();
    await expect(article.getByRole("button", { name: /^Збережено/ })).toHaveAttribute("aria-pressed", "true");
    expect((await answered).status()).toBeLessThan(400);
    await page.reload();
    // The toggle's code arrives when the browser is idle: a click while it hydrates is lost.
    await page.waitForLoadState("networkidle");
    const removed = stored();
    await article.getByRole("button", { name: /^Збережено/ }).click();
    await expect(article.getByRole("button", { name: /^Зберегти/ })).toHaveAttribute("aria-pressed", "false");
    expect((await removed).status()).toBeLessThan(400);
  });
});
