// The dashboard's federation page in the browser, with JavaScript on and off: a bad domain and a
// bad handle answer with the message at the field and the typed value kept; a domain is blocked
// and unblocked; a section turned on is then an ActivityPub account WebFinger finds, whose actor
// document is built on the configured address. Editors do not see the page. The js and no-js
// projects may run at once: each blocks its own domain, and sections are only ever turned on.
import { test, expect } from "./support/fixtures.ts";
import { baseURL } from "./support/env.ts";

test("admins block and unblock a server, refuse bad input, and turn a section into an account", async ({ page, login }, testInfo) => {
  await login("admin");
  await page.goto("/dashboard/federation");
  await expect(page.getByRole("heading", { level: 1, name: "Федерація" })).toBeVisible();

  const blocked = page.getByRole("region", { name: "Заблоковані сервери" });
  await blocked.getByLabel("Сервер для блокування").fill("not a host");
  await blocked.getByRole("button", { name: "Заблокувати", exact: true }).click();
  await expect(blocked.getByText("Вкажіть доменне ім'я")).toBeVisible();
  await expect(blocked.getByLabel("Сервер для блокування")).toHaveValue("not a host");

  const host = `spam-${testInfo.project.name}-${Date.now()}.example`;
  await blocked.getByLabel("Сервер для блокування").fill(`https://${host.toUpperCase()}/`);
  await blocked.getByRole("button", { name: "Заблокувати", exact: true }).click();
  await expect(page.getByText(`${host} заблоковано`)).toBeVisible();
  await expect(blocked.getByText(host, { exact: true })).toBeVisible();
  await blocked.getByRole("button", { name: `Розблокувати ${host}` }).click();
  await expect(page.getByText(`${host} розблоковано`)).toBeVisible();
  await expect(blocked.getByText(host, { exact: true })).toHaveCount(0);

  const following = page.getByRole("region", { name: "Підписки" });
  await following.getByLabel("Обліковий запис для підписки").fill("nobody");
  await following.getByRole("button", { name: "Підписатися", exact: true }).click();
  await expect(following.getByText("Вкажіть ім'я (@name@host) або адресу https")).toBeVisible();
  await expect(following.getByLabel("Обліковий запис для підписки")).toHaveValue("nobody");

  await page.getByLabel("Новини (статті)").check();
  await page.getByRole("button", { name: "Зберегти" }).click();
  await expect(page.getByText("Розділи федерації збережено")).toBeVisible();
  await expect(page.getByLabel("Новини (статті)")).toBeChecked();

  const origin = new URL(baseURL);
  const finger = await page.request.get(`/.well-known/webfinger?resource=acct:news@${origin.host}`);
  expect(finger.status()).toBe(200);
  const self = ((await finger.json()) as { links: Array<{ rel: string; href?: string }> }).links.find((link) => link.rel === "self")!;
  expect(self.href).toBe(`${origin.origin}/ap/actors/news`);
  const actor = await page.request.get(self.href!, { headers: { Accept: "application/activity+json" } });
  expect(actor.headers()["content-type"]).toContain("application/activity+json");
  expect(await actor.json()).toMatchObject({ type: "Service", preferredUsername: "news", inbox: `${origin.origin}/ap/actors/news/inbox` });
  // An unsigned post to the inbox is refused before anything is read.
  const unsigned = await page.request.post("/ap/inbox", {
    data: { type: "Follow" },
    headers: { "Content-Type": "application/activity+json" },
  });
  expect(unsigned.status()).toBe(401);
});

test("editors do not reach the federation page", async ({ page, login }) => {
  await login("editor");
  const response = await page.goto("/dashboard/federation");
  expect(response?.status()).toBe(403);
});
