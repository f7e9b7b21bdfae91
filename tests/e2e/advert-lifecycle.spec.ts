// Adverts that stay fresh, with JavaScript on and off: the owner raises an advert to the top
// of the lists from the cabinet (once, then the row says when again), and the reminder mail
// the portal sends before an advert expires carries a renew link that works without signing
// in: opening it asks, the button renews, a second use is refused.
// Each project works on its own seeded advert (published 9 days ago, expiring in 2 days).
import type { Page, TestInfo } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test, expect } from "./support/fixtures.ts";
import { accounts, dataDir } from "./support/env.ts";

const ADVERT: Record<string, string> = {
  js: "Велосипед міський Kross, рама M",
  "no-js": "Крісло офісне з підлокітниками",
};
/** Seeded a day ago: above the adverts published 9 days ago until one of them is raised. */
const NEWER = "Ноутбук Lenovo ThinkPad T14, 16 ГБ ОЗП";

const advertOf = (testInfo: TestInfo) => ADVERT[testInfo.project.name]!;

async function signIn(page: Page, to: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(to)}`);
  const form = page.locator("form#signin");
  await form.getByLabel("Електронна пошта").fill(accounts.user.email);
  await form.getByLabel("Пароль", { exact: true }).fill(accounts.user.password);
  await form.getByRole("button", { name: "Увійти" }).click();
  await expect(page).toHaveURL((url) => url.pathname === to);
}

async function cardTitles(page: Page): Promise<string[]> {
  return page.locator("main .content-grid .content-card__link").allInnerTexts();
}

/** A header of the raw mail, unfolded. */
function headerOf(raw: string, name: string): string {
  return (new RegExp(`^${name}:[ \\t]*(.*(?:\\n[ \\t].*)*)`, "im").exec(raw)?.[1] ?? "").replace(/\n[ \t]+/g, " ").trim();
}

/** The mail's Subject with its RFC 2047 words (B or Q) decoded. */
function subjectOf(raw: string): string {
  const header = headerOf(raw, "Subject");
  const bytes: Buffer[] = [];
  for (const [, kind, text] of header.matchAll(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi)) {
    bytes.push(
      kind!.toUpperCase() === "B"
        ? Buffer.from(text!, "base64")
        : Buffer.from(
            text!.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ),
    );
  }
  return bytes.length ? Buffer.concat(bytes).toString("utf8") : header;
}

/** The renew link of the reminder mail about `title` (the mail's X-Portal-Link). */
function reminderLink(title: string): string | null {
  const dir = path.join(dataDir, "outbox");
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith(".eml"));
  } catch {
    return null;
  }
  for (const file of files) {
    const raw = readFileSync(path.join(dir, file), "utf8");
    const link = headerOf(raw, "X-Portal-Link");
    if (headerOf(raw, "To").includes(accounts.user.email) && link.includes("/advertisement/renew/") && subjectOf(raw).includes(title))
      return link;
  }
  return null;
}

test("raise to the top: the advert goes above newer ones, then waits its interval", async ({ page }, testInfo) => {
  const title = advertOf(testInfo);
  await page.goto("/advertisement");
  const before = await cardTitles(page);
  const at = (list: string[], text: string) => list.findIndex((card) => card.includes(text));
  // Not raised yet: below the newer advert, or not on the first page at all.
  expect(at(before, title) === -1 || at(before, title) > at(before, NEWER)).toBe(true);

  await signIn(page, "/cabinet/advertisement");
  const row = page.locator("article", { has: page.getByRole("heading", { name: title }) });
  await row.getByRole("button", { name: "Підняти вгору" }).click();
  await expect(page.getByText("Оголошення піднято вгору списку.")).toBeVisible();
  await expect(row.getByText(/Підняти вгору можна з \d\d\.\d\d\.\d\d/)).toBeVisible();
  await expect(row.getByRole("button", { name: "Підняти вгору" })).toHaveCount(0);

  await page.goto("/advertisement");
  const after = await cardTitles(page);
  expect(at(after, title)).toBeGreaterThanOrEqual(0);
  expect(at(after, title)).toBeLessThan(at(after, NEWER));
});

test("the reminder mail's renew link: asks first, renews once, then says it was used", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const title = advertOf(testInfo);
  // The server's periodic pass mails the reminder shortly after it starts.
  await expect.poll(() => reminderLink(title), { message: `a reminder mail about ${title}`, timeout: 90_000 }).not.toBeNull();
  const link = new URL(reminderLink(title)!);

  await page.goto(link.pathname);
  await expect(page.getByRole("heading", { name: "Продовжити оголошення" })).toBeVisible();
  await expect(page.getByText(`Оголошення «${title}» знову буде видно всім`)).toBeVisible();
  await page.getByRole("button", { name: "Так, продовжити" }).click();
  await expect(page.locator("main").getByRole("status")).toContainText(`Оголошення «${title}» продовжено до`);

  const again = await page.goto(link.pathname);
  expect(again?.status()).toBe(410);
  await expect(page.locator("main").getByRole("alert")).toHaveText(
    "Це посилання вже використано. Кожне посилання з листа діє лише один раз.",
  );

  const tampered = await page.goto(`${link.pathname.slice(0, -3)}xyz`);
  expect(tampered?.status()).toBe(404);
  await expect(page.locator("main").getByRole("alert")).toContainText("Посилання недійсне");
});
