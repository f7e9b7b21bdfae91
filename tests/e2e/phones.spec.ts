// On a phone, with JavaScript on and off: a toast sits clear of the page's buttons, goes by
// itself and is shown once; a first-time user's cabinet leads with "Add advert"; "Show phone"
// without JavaScript comes back to the contact block with the number in view.
import type { Locator, Page } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";
import { nextMailLink } from "./support/outbox.ts";
import { signInWithForm } from "./support/sign-in.ts";

const PHONE = { width: 360, height: 640 };
const SAVED = "Профіль збережено.";

test.use({ viewport: PHONE });
// Journeys of several pages and a sign-up, on a machine shared with the server.
test.slow();

type Box = { x: number; y: number; width: number; height: number };

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Saves the profile unchanged: the cabinet answers with a toast. */
async function saveProfile(page: Page) {
  await page.locator("form#profile").getByRole("button", { name: "Зберегти" }).click();
  await expect(savedToast(page)).toBeVisible();
}

const savedToast = (page: Page) => page.locator(".toast").filter({ hasText: SAVED });

/** Another cabinet page through the cabinet's menu (closed behind one button on a phone). */
async function openCabinetPage(page: Page, label: string, path: string) {
  await page.locator("summary.area__toggle").click();
  await page.locator(".area__nav").getByRole("link", { name: label }).click();
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.getByRole("heading", { level: 1, name: label })).toBeVisible();
}

/** A stopped clock: a toast's lifetime runs only when the test moves time on. */
async function stopClock(page: Page) {
  const start = new Date("2031-05-04T09:00:00Z");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

test.describe("toasts", () => {
  test.afterEach(async ({ page }) => {
    await page.clock.resume().catch(() => {});
  });

  test("a toast covers none of the page's buttons, wherever the page is scrolled", async ({ page, login, javaScriptEnabled }) => {
    // With JS the toast's lifetime is held still, so it is there for every button checked.
    if (javaScriptEnabled) await stopClock(page);
    await login("user");
    await page.goto("/cabinet");
    await saveProfile(page);
    const toast = savedToast(page);
    const buttons: Locator[] = await page.locator("main").locator("button, .button, input[type=submit]").filter({ visible: true }).all();
    expect(buttons.length).toBeGreaterThan(2);
    // Each button at the bottom edge of the screen, then at the top: where a thumb finds it.
    for (const block of ["end", "start"] as const) {
      for (const button of buttons) {
        await button.evaluate((element, where) => element.scrollIntoView({ block: where }), block);
        const [toastBox, buttonBox] = [await toast.boundingBox(), await button.boundingBox()];
        expect(toastBox && buttonBox && intersects(toastBox, buttonBox), `the toast over "${await button.textContent()}"`).toBe(false);
      }
    }
    await expect(toast).toHaveCount(1);
  });

  test("a toast is shown once: not on the next page, nor back, nor on a reload; with JS it goes by itself", async ({
    page,
    login,
    javaScriptEnabled,
  }) => {
    // Until the reload nothing expires by itself: only leaving the page may take the toast away.
    if (javaScriptEnabled) await stopClock(page);
    await login("user");
    await page.goto("/cabinet");
    await saveProfile(page);
    await openCabinetPage(page, "Обране", "/cabinet/favourites");
    await expect(page.getByText(SAVED)).toHaveCount(0);
    await page.goBack();
    await expect(page.locator("form#profile")).toBeVisible();
    await expect(page.getByText(SAVED)).toHaveCount(0);
    await page.clock.resume().catch(() => {});
    await page.reload();
    await expect(page.locator("form#profile")).toBeVisible();
    await expect(page.getByText(SAVED)).toHaveCount(0);

    await saveProfile(page);
    if (javaScriptEnabled) {
      await expect(savedToast(page).getByRole("button", { name: "Закрити" })).toBeVisible();
      // A phone has no pointer resting on the toast (which would hold it).
      await page.mouse.move(0, 0);
      await expect(savedToast(page)).toHaveCount(0, { timeout: 10_000 });
    }
    // A page of another layout builds the shell anew: the toast is not brought back there.
    await page.locator("footer a[href='/about']").click();
    await expect(page).toHaveURL((url) => url.pathname === "/about");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(SAVED)).toHaveCount(0);
  });

  test("the close button takes a toast away @js-only", async ({ page, login }) => {
    await login("user");
    await page.goto("/cabinet");
    await saveProfile(page);
    await savedToast(page).getByRole("button", { name: "Закрити" }).click();
    await expect(savedToast(page)).toHaveCount(0);
  });
});

test("a first-time user's cabinet leads with Add advert, in both languages", async ({ page }, testInfo) => {
  const email = `e2e-first-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const password = "Strong-pass-2026";
  await page.goto("/login");
  const register = page.locator("form#register");
  await register.getByLabel("Ім'я").fill("E2E Newcomer");
  await register.getByLabel("Електронна пошта").fill(email);
  await register.getByLabel("Пароль", { exact: true }).fill(password);
  await register.getByRole("button", { name: "Зареєструватися" }).click();
  await expect(page).toHaveURL(/\/verify-request\?sent=register$/);
  await page.goto(await nextMailLink(email));
  await signInWithForm(page, { email, password }, { redirect: "/cabinet" });

  for (const { prefix, label, profile } of [
    { prefix: "", label: "Додати оголошення", profile: "Профіль" },
    { prefix: "/us", label: "Post an advert", profile: "Profile" },
  ]) {
    await page.goto(`${prefix}/cabinet`);
    const add = page.locator(".area__content").getByRole("link", { name: label });
    await expect(add.first()).toHaveAttribute("href", `${prefix}/cabinet/add-advertisement`);
    // On the first screen of a phone, before the profile's forms.
    await expect(add.first()).toBeInViewport();
    const [addBox, profileBox] = [
      await add.first().boundingBox(),
      await page.getByRole("heading", { name: profile, exact: true }).boundingBox(),
    ];
    expect(addBox!.y).toBeLessThan(profileBox!.y);
  }
});

test("without JS, Show phone comes back to the contact block with the number in view @no-js-only", async ({ page }) => {
  await page.goto("/advertisement/category/orenda-kvartyr");
  await page.getByRole("link", { name: "Здам 2-кімнатну квартиру біля центру" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Здам 2-кімнатну квартиру біля центру");
  await page.getByRole("button", { name: "Показати телефон" }).click();
  const phone = page.locator("a.contact-block__phone");
  await expect(phone).toHaveAttribute("href", /^tel:\+?\d+$/);
  await expect(page).toHaveURL((url) => url.hash === "#contact");
  await expect(phone).toBeInViewport();
});
