// Account security in the browser, with JavaScript on and off: signing in by a mailed link
// (read from the server's outbox), the sessions list and its sign-outs, and the personal data
// export's download. Each test registers its own account, so signing out "all other devices"
// never touches another test's session.
import { readFileSync } from "node:fs";
import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { test, expect } from "./support/fixtures.ts";
import { baseURL } from "./support/env.ts";
import { mailedLinks } from "./support/outbox.ts";
import { signInWithForm } from "./support/sign-in.ts";

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const PASSWORD = "Security-test-42";

let counter = 0;
/** A fresh account (registered, not signed in) for this test alone. */
async function freshAccount(api: APIRequestContext, label: string): Promise<{ email: string; password: string }> {
  const email = `security-${label}-${process.pid}-${Date.now()}-${++counter}@example.test`;
  const response = await api.post("/login", {
    form: { intent: "register", name: "Security Tester", email, password: PASSWORD },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return { email, password: PASSWORD };
}

/** Another device of the account: a request context with its own user agent and session. */
async function signInElsewhere(account: { email: string; password: string }, userAgent: string): Promise<APIRequestContext> {
  const device = await playwrightRequest.newContext({ baseURL, userAgent });
  const response = await device.post("/login", { form: { intent: "signin", ...account }, headers: { Origin: baseURL }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  return device;
}

async function nextSignInLink(email: string, seen: number): Promise<string> {
  const links = () => mailedLinks(email).filter((link) => link.includes("/login/link?token="));
  await expect.poll(() => links().length, { message: `a sign-in link mailed to ${email}` }).toBeGreaterThan(seen);
  return links()[seen]!;
}

async function expectSignedIn(page: Page) {
  await expect(page).toHaveURL(/\/cabinet$/);
  await expect(page.getByRole("heading", { level: 1, name: "Мій кабінет" })).toBeVisible();
}

test("a mailed sign-in link signs in once, from its page's button", async ({ page }) => {
  const account = await freshAccount(page.request, "link");
  await page.goto("/login");
  const form = page.locator("form#link");
  await form.getByLabel("Електронна пошта").fill(account.email);
  await form.getByRole("button", { name: "Надіслати посилання для входу" }).click();
  await expect(page).toHaveURL(/\/verify-request\?sent=link$/);
  await expect(page.getByText("посилання для входу вже в дорозі")).toBeVisible();

  const link = await nextSignInLink(account.email, 0);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Вхід за посиланням" })).toBeVisible();
  await page.locator("main form").getByRole("button", { name: "Увійти" }).click();
  await expectSignedIn(page);

  // Spent: the same link now only says so.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Це посилання для входу не діє" })).toBeVisible();
});

test("the sessions list names devices and signs them out, one or all others", async ({ page }) => {
  const account = await freshAccount(page.request, "sessions");
  const firefox = await signInElsewhere(account, FIREFOX_WINDOWS);
  const android = await signInElsewhere(account, CHROME_ANDROID);
  try {
    await signInWithForm(page, account);
    await expectSignedIn(page);
    await page.goto("/cabinet/security");
    const list = page.locator(".sessions__list");
    // Each page names the devices in its own language.
    await expect(list.getByText("Firefox на Windows")).toBeVisible();
    await expect(list.getByText("Chrome на Android")).toBeVisible();
    await expect(list.getByText("цей пристрій")).toBeVisible();
    await expect(list).not.toContainText(" on ");
    await page.goto("/us/cabinet/security");
    await expect(list.getByText("Firefox on Windows")).toBeVisible();
    await page.goto("/cabinet/security");

    await page.getByRole("button", { name: "Вийти на пристрої Firefox на Windows" }).click();
    await expect(page.getByText("На тому пристрої вихід виконано.")).toBeVisible();
    await expect(list.getByText("Firefox на Windows")).toHaveCount(0);
    expect((await firefox.get("/cabinet", { maxRedirects: 0 })).status()).toBe(302);
    expect((await android.get("/cabinet", { maxRedirects: 0 })).status()).toBe(200);

    await page.getByRole("button", { name: "Вийти на всіх інших пристроях" }).click();
    await expect(page.getByText("Вхід виконано лише на цьому пристрої.")).toBeVisible();
    expect((await android.get("/cabinet", { maxRedirects: 0 })).status()).toBe(302);
  } finally {
    await firefox.dispose();
    await android.dispose();
  }
});

test("the data export downloads a zip with the account's data", async ({ page }) => {
  const account = await freshAccount(page.request, "export");
  await signInWithForm(page, account);
  await expectSignedIn(page);
  await page.goto("/cabinet/export");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Підготувати мої дані" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync(await file.path())));
  const data = JSON.parse(strFromU8(files["data.json"]!));
  expect(data.profile.email).toBe(account.email);
  expect(data.profile.name).toBe("Security Tester");
});

test("hostile posts to the new forms get 4xx, never 5xx @js-only", async ({ page }) => {
  const api = page.request;
  const foreign = { headers: { Origin: "https://evil.example" }, maxRedirects: 0 };
  for (const path of ["/login/link", "/not-me", "/cabinet/security", "/cabinet/export/file"]) {
    const response = await api.post(path, { form: { token: "x".repeat(43), intent: "session-sign-out-others" }, ...foreign });
    expect(response.status(), `foreign Origin on ${path}`).toBeGreaterThanOrEqual(400);
    expect(response.status(), `foreign Origin on ${path}`).toBeLessThan(500);
  }
  const huge = await api.post("/login/link", { form: { token: "a".repeat(2_000_000) }, headers: { Origin: baseURL }, maxRedirects: 0 });
  expect(huge.status()).toBeGreaterThanOrEqual(400);
  expect(huge.status()).toBeLessThan(500);
  for (const token of ["", "%00", "../../etc/passwd", "a".repeat(5000)]) {
    const opened = await api.get(`/login/link?token=${encodeURIComponent(token)}`);
    expect(opened.status()).toBe(200);
    const posted = await api.post("/login/link", { form: { token }, headers: { Origin: baseURL }, maxRedirects: 0 });
    expect(posted.status()).toBe(400);
  }
  const download = await api.get("/cabinet/export/not-a-token", { maxRedirects: 0 });
  expect(download.status()).toBe(302);
});
