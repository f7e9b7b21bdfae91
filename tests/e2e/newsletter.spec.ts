// The newsletter in the browser, with JavaScript on and off: a subscription without a topic is
// refused at its field with the address kept; with one it lands on "check your inbox"; the
// mailed link (read from the server's outbox) confirms with a button; the manage page changes
// the topics; and a mail client's one-click POST, with no cookie and from another origin,
// unsubscribes.
import { request } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";
import { baseURL } from "./support/env.ts";
import { nextMailLink } from "./support/outbox.ts";
import { uniqueEmail } from "./support/unique.ts";

test("subscribe, confirm from the mail, change topics, one-click unsubscribe", async ({ page }, testInfo) => {
  const address = uniqueEmail("newsletter", testInfo.project.name);
  await page.goto("/newsletter");
  await expect(page.getByRole("heading", { level: 1, name: "Розсилка" })).toBeVisible();
  await page.getByLabel("Адреса електронної пошти").fill(address);
  for (const topic of ["Новини", "Події"]) await page.getByLabel(topic, { exact: true }).uncheck();
  const refused = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "Підписатися" }).click();
  expect((await refused).status()).toBe(400);
  await expect(page.getByText("Оберіть хоча б одну тему.")).toBeVisible();
  await expect(page.getByLabel("Адреса електронної пошти")).toHaveValue(address);

  await page.getByLabel("Новини", { exact: true }).check();
  await page.getByRole("button", { name: "Підписатися" }).click();
  await expect(page.getByRole("heading", { name: "Перевірте пошту" })).toBeVisible();
  await expect(page).toHaveURL(/\/newsletter\?sent=1$/);

  const link = await nextMailLink(address);
  expect(link).toMatch(/\/newsletter\/confirm\?token=/);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByRole("button", { name: "Підписатися" }).click();
  await expect(page.getByRole("heading", { name: "Підписку підтверджено" })).toBeVisible();
  await expect(page.getByText(`Дякуємо: розсилка надходитиме на ${address}.`)).toBeVisible();

  await page.getByRole("link", { name: "Змінити, що надсилати" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ваша підписка на розсилку" })).toBeVisible();
  await expect(page.getByLabel("Новини", { exact: true })).toBeChecked();
  await page.getByLabel("Події", { exact: true }).check();
  await page.getByRole("button", { name: "Зберегти" }).click();
  await expect(page.getByText("Ваш вибір для розсилки збережено.")).toBeVisible();
  await expect(page.getByLabel("Події", { exact: true })).toBeChecked();

  // The mail client's POST: no cookie, another origin, the token in the query.
  const token = new URL(page.url()).searchParams.get("token")!;
  const client = await request.newContext({ baseURL });
  const oneClick = await client.post(`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, {
    headers: { Origin: "https://mail.example", "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(oneClick.status()).toBe(200);
  // Anything else from there is still refused.
  const forged = await client.post(`/newsletter/manage?token=${encodeURIComponent(token)}`, {
    headers: { Origin: "https://mail.example", "Content-Type": "application/x-www-form-urlencoded" },
    data: `token=${encodeURIComponent(token)}&intent=save&topics=news&language=uk`,
  });
  expect(forged.status()).toBe(403);
  await client.dispose();

  await page.reload();
  await expect(page.getByText("Ця адреса зараз не підписана.", { exact: false })).toBeVisible();
  await page.goto(`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`);
  await expect(page.getByText(`На ${address} розсилка більше не надходитиме.`)).toBeVisible();
});
