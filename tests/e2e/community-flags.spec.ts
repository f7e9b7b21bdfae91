// Community flags, with JS on and off: three accounts with a verified email report one advert
// through its report form; the third report hides it (its page answers 404), and staff restore
// it from the reports queue, after which its page is back. Needs PostgreSQL (DATABASE_URL): the
// accounts and the advert are seeded as rows (the embedded database belongs to the server).
import type { Browser, TestInfo } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";
import { sessionMaker } from "./support/sign-in.ts";
import { uniqueEmail, uniqueText } from "./support/unique.ts";

const adminUrl = process.env.DATABASE_URL?.trim() || undefined;

test.skip(!adminUrl, "needs PostgreSQL: set DATABASE_URL (the spec seeds accounts and an advert as rows)");

type Seeded = { id: number; slug: string; title: string; reporters: string[] };

/** A live advert of a fresh owner and three fresh verified accounts, as rows. */
async function seed(sessions: ReturnType<typeof sessionMaker>, testInfo: TestInfo): Promise<Seeded> {
  const db = await sessions.database();
  const project = testInfo.project.name;
  // Sessions only: no password is ever typed, so the hash need not be one.
  const user = async (tag: string) => {
    const email = uniqueEmail(tag, project);
    await db.query(`INSERT INTO users (email, name, password_hash, email_verified_at) VALUES ($1, 'Flagger', 'x', now())`, [email]);
    return email;
  };
  const owner = await user("flag-owner");
  const reporters = [await user("flagger-a"), await user("flagger-b"), await user("flagger-c")];
  const title = uniqueText("Підозрілий велосипед");
  const slug = `flag-${project}-${Date.now().toString(36)}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO advertisements (owner_id, category_id, title, description, slug, status, published_at, expires_at)
     SELECT u.id, (SELECT id FROM categories WHERE kind = 'advertisement' ORDER BY id LIMIT 1), $2,
       'Майже новий міський велосипед, забирати сьогодні, передоплата на картку.', $3, 'published', now(), now() + interval '20 days'
     FROM users u WHERE u.email = $1 RETURNING id`,
    [owner, title, slug],
  );
  return { id: rows[0]!.id, slug, title, reporters };
}

/** One reporter, in a context of their own, sends the advert page's report form. */
async function reportAs(browser: Browser, sessions: ReturnType<typeof sessionMaker>, testInfo: TestInfo, email: string, path: string) {
  const context = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  try {
    await sessions.startFor(context, email);
    const page = await context.newPage();
    await page.goto(path);
    await page.getByText("Поскаржитися", { exact: true }).click();
    await page.getByLabel("Шахрайство").check();
    await page.getByRole("textbox", { name: "Повідомлення", exact: true }).fill("Просить передоплату на картку");
    await page.getByRole("button", { name: "Надіслати скаргу" }).click();
    await expect(page.getByText("Дякуємо! Скаргу отримано, модератори її розглянуть.")).toBeVisible();
  } finally {
    await context.close();
  }
}

test("three verified accounts' reports hide an advert; staff restore it from the reports queue", async ({
  page,
  browser,
  login,
}, testInfo) => {
  const sessions = sessionMaker();
  try {
    const advert = await seed(sessions, testInfo);
    const path = `/advertisement/${advert.slug}`;
    for (const email of advert.reporters) await reportAs(browser, sessions, testInfo, email, path);

    // Hidden pending review: the public page is gone.
    const hidden = await page.goto(path);
    expect(hidden?.status()).toBe(404);

    await login("editor");
    await page.goto("/dashboard/reports");
    const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: advert.title }) });
    await expect(item.getByRole("note")).toContainText("Приховано до перевірки");
    await expect(item.getByText("3 скарги")).toBeVisible();
    await item.getByRole("button", { name: "Повернути на сайт" }).click();
    await expect(page.getByText("Повернуто; 3 скарги відхилено.")).toBeVisible();
    await expect(page.getByRole("heading", { name: advert.title })).toHaveCount(0);

    const back = await page.goto(path);
    expect(back?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(advert.title);
  } finally {
    await sessions.close();
  }
});
