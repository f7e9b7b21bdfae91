// Changing the account's email address in the browser, with JavaScript on and off: a wrong
// password is refused at its field, the right one mails a link to the new address (read from
// the server's outbox) while the account keeps its address; the link's page confirms with a
// button, the cabinet then shows the new address and the old one got the security mail.
import type { APIRequestContext } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";
import { baseURL } from "./support/env.ts";
import { mailedLinks } from "./support/outbox.ts";
import { signInWithForm } from "./support/sign-in.ts";
import { uniqueEmail } from "./support/unique.ts";

const PASSWORD = "Email-change-42";

/** A fresh account (registered, not signed in) for this test alone. */
async function freshAccount(api: APIRequestContext, project: string): Promise<{ email: string; password: string }> {
  const email = uniqueEmail("email-old", project);
  const response = await api.post("/login", {
    form: { intent: "register", name: "Email Changer", email, password: PASSWORD },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return { email, password: PASSWORD };
}

/** The first link mailed to `address` whose path contains `path`. */
async function mailedLink(address: string, path: string): Promise<string> {
  const links = () => mailedLinks(address).filter((link) => link.includes(path));
  await expect.poll(() => links().length, { message: `a ${path} link mailed to ${address}` }).toBeGreaterThan(0);
  return links()[0]!;
}

test("change the email address: wrong password, then the link to the new address confirms it", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const account = await freshAccount(page.request, testInfo.project.name);
  const next = uniqueEmail("email-new", testInfo.project.name);
  await signInWithForm(page, account, { redirect: "/cabinet" });

  const section = page.locator("section#email-change");
  await expect(section.getByRole("heading", { name: "Зміна адреси пошти" })).toBeVisible();
  await section.getByLabel("Нова адреса пошти").fill(next);
  await section.getByLabel("Поточний пароль").fill("not-the-password");
  const refused = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/cabinet"),
  );
  await section.getByRole("button", { name: "Змінити адресу" }).click();
  const answer = await refused;
  expect(answer.status()).toBe(400);
  // The page sent back never carries the password (with JS the browser keeps what was typed in the field).
  if (!javaScriptEnabled) expect(await answer.text()).not.toContain("not-the-password");
  await expect(section.getByText("Пароль неправильний.")).toBeVisible();
  await expect(section.getByLabel("Нова адреса пошти")).toHaveValue(next);
  if (!javaScriptEnabled) await expect(section.getByLabel("Поточний пароль")).toHaveValue("");

  await section.getByLabel("Поточний пароль").fill(PASSWORD);
  await section.getByRole("button", { name: "Змінити адресу" }).click();
  await expect(
    page.getByText(`Ми надіслали посилання на ${next}. Ваша адреса лишається ${account.email}, доки ви його не відкриєте.`),
  ).toBeVisible();
  await expect(section.getByRole("status")).toContainText(`Ми надіслали посилання на ${next}`);
  await expect(section.getByRole("button", { name: "Скасувати зміну" })).toBeVisible();
  await expect(page.locator(".definition-list dd").first()).toContainText(account.email);

  const link = await mailedLink(next, "/change-email?token=");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Підтвердіть нову адресу пошти");
  await expect(page.getByText(next)).toBeVisible();
  await page.getByRole("button", { name: "Підтвердити адресу" }).click();
  await expect(page).toHaveURL(`${baseURL}/cabinet`);
  await expect(page.getByText(`Готово: адреса вашого облікового запису тепер ${next}.`)).toBeVisible();
  await expect(page.locator(".definition-list dd").first()).toContainText(next);
  await expect(section.getByRole("button", { name: "Скасувати зміну" })).toHaveCount(0);

  // The old address got the security mail, with its "this wasn't me" link.
  await mailedLink(account.email, "/not-me?token=");

  // The link is spent: its page says so, as a 400.
  const again = await page.goto(link);
  expect(again?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Це посилання не діє");
});

test("hostile posts to the email change get 4xx, never 5xx @js-only", async ({ page }) => {
  const api = page.request;
  const same = { headers: { Origin: baseURL }, maxRedirects: 0 };
  for (const token of ["", "%00", "../../etc/passwd", "a".repeat(5000), "x".repeat(43)]) {
    const opened = await api.get(`/change-email?token=${encodeURIComponent(token)}`);
    expect(opened.status()).toBe(400);
    const posted = await api.post("/change-email", { form: { token }, ...same });
    expect(posted.status()).toBe(400);
  }
  const foreign = await api.post("/change-email", {
    form: { token: "x".repeat(43) },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(foreign.status()).toBeGreaterThanOrEqual(400);
  expect(foreign.status()).toBeLessThan(500);
});
