// The cabinet's notifications page, with JavaScript on and off: what is sent is said first; no
// permission prompt before "Turn on on this device" (with JS the browser's Notification and
// PushManager are stood in for, since headless Chromium has no push service to subscribe to);
// without JS the page says notifications need JavaScript; the kinds form and a device's removal
// work either way. The js and no-js projects may run at once: each signs in as its own demo account.
import { createECDH, randomBytes } from "node:crypto";
import type { TestInfo } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";
import { baseURL } from "./support/env.ts";

function accountFor(testInfo: TestInfo) {
  return testInfo.project.name === "no-js" ? "editor" : "user";
}

/** A subscription as a browser's PushSubscription.toJSON() gives it: a push service's https address and real P-256 keys. */
function fakeSubscription() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example/send/${randomBytes(12).toString("hex")}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

test("what is sent is said first; the kinds are saved; a device is removed", async ({ page, login, javaScriptEnabled }, testInfo) => {
  await login(accountFor(testInfo));
  await page.goto("/cabinet");
  await page.getByRole("link", { name: "Сповіщення" }).first().click();
  await expect(page).toHaveURL(/\/cabinet\/notifications$/);
  await expect(page.getByRole("heading", { level: 1, name: "Сповіщення" })).toBeVisible();
  await expect(page.getByText("Ми надсилаємо лише таке")).toBeVisible();
  await expect(page.getByText("нагадування за день до події, на яку ви йдете;")).toBeVisible();
  await expect(page.getByText("У ньому ніколи немає тексту повідомлення")).toBeVisible();
  if (!javaScriptEnabled) {
    await expect(page.getByText("Для сповіщень потрібен JavaScript у браузері.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Увімкнути на цьому пристрої" })).toHaveCount(0);
  }

  // The kinds: a plain form.
  const kinds = page.getByRole("group", { name: "Надсилати сповіщення про" });
  await expect(kinds.getByLabel("Нові повідомлення")).toBeChecked();
  await kinds.getByLabel("Збережені пошуки").uncheck();
  await page.getByRole("button", { name: "Зберегти", exact: true }).click();
  await expect(page.getByText("Ваш вибір сповіщень збережено.")).toBeVisible();
  await expect(page.getByRole("group", { name: "Надсилати сповіщення про" }).getByLabel("Збережені пошуки")).not.toBeChecked();
  await expect(page.getByRole("group", { name: "Надсилати сповіщення про" }).getByLabel("Нові повідомлення")).toBeChecked();
  await page.getByRole("group", { name: "Надсилати сповіщення про" }).getByLabel("Збережені пошуки").check();
  await page.getByRole("button", { name: "Зберегти", exact: true }).click();
  await expect(page.getByRole("group", { name: "Надсилати сповіщення про" }).getByLabel("Збережені пошуки")).toBeChecked();

  // A device (posted as the page's script posts it), listed, then removed with its button.
  const posted = await page.request.post("/cabinet/notifications", {
    form: { intent: "subscribe", subscription: JSON.stringify(fakeSubscription()) },
    headers: { Origin: baseURL, "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/133.0" },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(302);
  await page.reload();
  const devices = page.getByRole("region", { name: "Ваші пристрої" });
  const item = devices.getByRole("listitem").filter({ hasText: "Firefox на Linux" }).first();
  await expect(item).toBeVisible();
  const before = await devices.getByRole("listitem").count();
  await item.getByRole("button", { name: "Видалити" }).click();
  await expect(page.getByText("Пристрій більше не отримуватиме сповіщень.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Ваші пристрої" }).getByRole("listitem")).toHaveCount(before - 1);
});

test.describe("with the service worker", () => {
  test.use({ serviceWorkers: "allow" });

  test("no permission prompt before the click; the click subscribes this device @js-only", async ({ page, login }, testInfo) => {
    const subscription = fakeSubscription();
    // Headless Chromium reaches no push service: the browser's side is stood in for, counting the prompts.
    await page.addInitScript((fake) => {
      const calls = { permission: 0, subscribe: 0 };
      (window as unknown as { __pushCalls: typeof calls }).__pushCalls = calls;
      let current: unknown = null;
      // Headless Chromium denies notifications outright; a fresh browser has not been asked yet.
      let permission: NotificationPermission = "default";
      Object.defineProperty(Notification, "permission", { get: () => permission });
      Notification.requestPermission = async () => {
        calls.permission++;
        permission = "granted";
        return permission;
      };
      const asSubscription = (value: typeof fake) => ({
        endpoint: value.endpoint,
        toJSON: () => value,
        unsubscribe: async () => {
          sessionStorage.removeItem("fake-push");
          return true;
        },
      });
      PushManager.prototype.subscribe = async function () {
        calls.subscribe++;
        current = asSubscription(fake);
        sessionStorage.setItem("fake-push", "1");
        return current as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return (sessionStorage.getItem("fake-push") ? asSubscription(fake) : null) as PushSubscription | null;
      };
    }, subscription);
    await login(accountFor(testInfo));
    await page.goto("/us/cabinet/notifications");
    await expect(page.getByText("We send only these:")).toBeVisible();
    const button = page.getByRole("button", { name: "Turn on on this device" });
    await expect(button).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __pushCalls: { permission: number } }).__pushCalls.permission)).toBe(0);
    await button.click();
    await expect(page.getByText("Notifications are on on this device.").first()).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { __pushCalls: { permission: number; subscribe: number } }).__pushCalls),
    ).toEqual({
      permission: 1,
      subscribe: 1,
    });
    const devices = page.getByRole("region", { name: "Your devices" });
    await expect(devices.getByRole("listitem").filter({ hasText: "This device" })).toHaveCount(1);
    // Removing it lets it go in the browser too: the button comes back.
    await devices.getByRole("listitem").filter({ hasText: "This device" }).getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("The device will no longer get notifications.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Turn on on this device" })).toBeVisible();
  });
});
